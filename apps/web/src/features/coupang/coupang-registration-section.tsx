import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { CoupangReason, RocketProduct } from '@rr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../shared/products/format';
import { startRun } from '../../shared/workflow/workflow-api';
import { coupangErrorText, syncCoupang } from './api';
import { CoupangStatusChip } from './coupang-status';
import { useCoupangT } from './i18n';
import { RequiredDocumentsPanel } from './required-documents-panel';

const FIELD_ORDER = ['image', 'name', 'notice', 'certification', 'price', 'other'] as const;

/** Denial reasons grouped under the field they concern (unmapped ones under "other"). */
export function reasonsByField(reasons: readonly CoupangReason[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const r of reasons) {
    const key = r.field ?? 'other';
    groups.set(key, [...(groups.get(key) ?? []), r.text]);
  }
  return FIELD_ORDER.filter((f) => groups.has(f)).map((f) => [f, groups.get(f)!]);
}

/** The product page's "쿠팡 등록": status, Coupang's reasons by field, sending again, the history. */
export function CoupangRegistrationSection({ p: product }: { p: RocketProduct }) {
  const { t } = useCoupangT();
  const queryClient = useQueryClient();
  const reg = product.coupangRegistration ?? null;
  const [state, setState] = useState<{
    busy: 'send' | 'sync' | null;
    error: string | null;
    info: string | null;
  }>({
    busy: null,
    error: null,
    info: null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['product', product._id] });

  async function send() {
    setState({ busy: 'send', error: null, info: null });
    try {
      await startRun({ productIds: [product._id], tasks: ['register'] });
      setState({ busy: null, error: null, info: t('section.started') });
    } catch (e) {
      setState({ busy: null, error: coupangErrorText(e), info: null });
    }
  }
  async function sync() {
    setState({ busy: 'sync', error: null, info: null });
    try {
      await syncCoupang([product._id]);
      await refresh();
      setState({ busy: null, error: null, info: null });
    } catch (e) {
      setState({ busy: null, error: coupangErrorText(e), info: null });
    }
  }

  const attempts = reg?.attempts ?? [];
  const resend = reg?.sellerProductId != null;
  return (
    <Card withBorder padding="xs" data-testid="coupang-section">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('section.title')}
            </Text>
            <CoupangStatusChip
              status={reg?.status}
              sellerProductId={reg?.sellerProductId}
              statusName={reg?.statusName}
            />
            {reg?.statusName ? (
              <Text size="xs" c="dimmed">
                {t('section.statusName')}: {reg.statusName}
              </Text>
            ) : null}
            {reg?.checkedAt ? (
              <Text size="xs" c="dimmed">
                {t('section.checkedAt')}: {dateTime(String(reg.checkedAt))}
              </Text>
            ) : null}
          </Group>
          <Group gap={6}>
            {resend ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={state.busy === 'sync'}
                onClick={() => void sync()}
              >
                {t('section.sync')}
              </Button>
            ) : null}
            <Button
              size="compact-xs"
              loading={state.busy === 'send'}
              onClick={() => void send()}
              data-testid="coupang-send"
            >
              {resend ? t('section.resend') : t('section.register')}
            </Button>
          </Group>
        </Group>
        {!reg?.sellerProductId && !reg?.refusal ? (
          <Text size="xs" c="dimmed">
            {t('section.notSent')}
          </Text>
        ) : null}
        {reg?.refusal ? (
          <Text size="xs" c="red" data-testid="coupang-refusal">
            {t('section.refused', { message: reg.refusal.message })}
          </Text>
        ) : null}
        {state.error ? (
          <Alert color="red" py={4} role="alert">
            {state.error}
          </Alert>
        ) : null}
        {state.info ? (
          <Text size="xs" c="teal">
            {state.info}
          </Text>
        ) : null}
        {reg && reg.reasons.length > 0 ? (
          <Stack gap={2} data-testid="coupang-reasons">
            <Text size="xs" fw={600} c="red">
              {t('section.reasons')}
            </Text>
            {reasonsByField(reg.reasons).map(([field, texts]) => (
              <Group key={field} gap={6} align="flex-start" wrap="nowrap" data-field={field}>
                <Badge size="xs" color="red" variant="outline" radius="sm" miw={64}>
                  {t(`field.${field}`)}
                </Badge>
                <Stack gap={0}>
                  {texts.map((text) => (
                    <Text key={text} size="xs">
                      {text}
                    </Text>
                  ))}
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : null}
        <RequiredDocumentsPanel productId={product._id} />
        {attempts.length > 0 ? (
          <Table fz="xs" verticalSpacing={2} data-testid="coupang-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('section.history')}</Table.Th>
                <Table.Th>{t('section.requestedAt')}</Table.Th>
                <Table.Th>{t('section.sellerProductId')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...attempts].reverse().map((a) => (
                <Table.Tr key={`${String(a.at)}-${a.kind}`} data-kind={a.kind} data-ok={a.ok}>
                  <Table.Td>
                    {a.kind === 'create' ? t('section.attemptCreate') : t('section.attemptUpdate')}
                  </Table.Td>
                  <Table.Td>{dateTime(String(a.at))}</Table.Td>
                  <Table.Td ff="monospace">{a.sellerProductId ?? '—'}</Table.Td>
                  <Table.Td c={a.ok ? 'teal' : 'red'}>
                    {a.ok
                      ? t('section.ok')
                      : a.pending
                        ? t('section.pending')
                        : (a.message ?? t('section.failed'))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
