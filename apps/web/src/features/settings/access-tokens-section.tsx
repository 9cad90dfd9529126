import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AccessTokenView } from '@rr/contracts';
import { useState } from 'react';
import { dateTime } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { useTokensT } from './i18n';
import { useAccessTokens } from './use-access-tokens';

/** Settings: the personal access tokens the browser extension sends offers with (issue 24). */
export function AccessTokensSection() {
  const { t } = useTokensT();
  const { list, create, revoke } = useAccessTokens();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [made, setMade] = useState<{ token: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  async function submit() {
    if (name.trim() === '') {
      setNameError(t('nameRequired'));
      return;
    }
    try {
      const res = await create.mutateAsync(name.trim());
      setMade({ token: res.token, message: res.message });
      setName('');
    } catch {
      // create.error shows the server's message
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="access-tokens">
      <Text fw={700} size="sm" mb={4}>
        {t('title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('intro')}
      </Text>
      <Group align="flex-end" gap="xs">
        <TextInput
          size="xs"
          label={t('name')}
          placeholder={t('namePlaceholder')}
          value={name}
          maxLength={60}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
          w={260}
        />
        <Button size="xs" onClick={() => void submit()} loading={create.isPending} data-testid="token-create">
          {t('create')}
        </Button>
      </Group>
      {create.error ? (
        <Text c="red" size="sm" role="alert" mt={6}>
          {errorText(create.error)}
        </Text>
      ) : null}
      {made ? (
        <Alert color="blue" mt="xs" data-testid="token-made">
          <Stack gap={6}>
            <Text size="sm">{made.message}</Text>
            <Text size="sm">{t('once')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="token-value" style={{ wordBreak: 'break-all' }}>
                {made.token}
              </Code>
              <CopyButton value={made.token}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setMade(null)}>
                {t('hide')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {list.error ? (
        <Alert color="red" mt="xs">
          {errorText(list.error)}
        </Alert>
      ) : !list.data ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('loading')}
        </Text>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('empty')}
        </Text>
      ) : (
        <Table mt="xs" withTableBorder striped fz="sm" data-testid="token-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('colName')}</Table.Th>
              <Table.Th>{t('colCreated')}</Table.Th>
              <Table.Th>{t('colLastUsed')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((item) => (
              <TokenRow
                key={item.id}
                item={item}
                confirming={confirming === item.id}
                busy={revoke.isPending && revoke.variables === item.id}
                onAsk={() => setConfirming(item.id)}
                onCancel={() => setConfirming(null)}
                onRevoke={() => revoke.mutate(item.id, { onSettled: () => setConfirming(null) })}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {revoke.error ? (
        <Text c="red" size="sm" role="alert" mt={6}>
          {errorText(revoke.error)}
        </Text>
      ) : null}
    </Paper>
  );
}

function TokenRow(props: {
  item: AccessTokenView;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTokensT();
  const { item } = props;
  return (
    <Table.Tr data-testid="token-row">
      <Table.Td>{item.name}</Table.Td>
      <Table.Td>{dateTime(item.createdAt)}</Table.Td>
      <Table.Td>{item.lastUsedAt ? dateTime(item.lastUsedAt) : t('neverUsed')}</Table.Td>
      <Table.Td>
        {props.confirming ? (
          <Group gap={6} wrap="nowrap">
            <Text size="xs">{t('revokeConfirm')}</Text>
            <Button size="compact-xs" color="red" loading={props.busy} onClick={props.onRevoke}>
              {t('revokeYes')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={props.onCancel}>
              {t('cancel')}
            </Button>
          </Group>
        ) : (
          <Button size="compact-xs" variant="light" color="red" onClick={props.onAsk}>
            {t('revoke')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
