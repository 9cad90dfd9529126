import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { dateTime } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { useAccountT } from './i18n';
import { useAccountSessions } from './use-account';

/** The browsers the user is signed in on, each with its sign-out (never this one's: use 로그아웃). */
export function SessionsSection() {
  const { t } = useAccountT();
  const { list, revoke } = useAccountSessions();
  const items = list.data?.items ?? [];
  return (
    <Paper withBorder p="sm" data-testid="sessions">
      <Text fw={700} size="sm" mb="xs">
        {t('sessions.title')}
      </Text>
      {list.data && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sessions.empty')}
        </Text>
      ) : null}
      <Table fz="sm">
        <Table.Tbody>
          {items.map((s) => (
            <Table.Tr key={s.id} data-testid="session-row">
              <Table.Td>
                {t('sessions.created')} {dateTime(s.createdAt)}
              </Table.Td>
              <Table.Td>
                {t('sessions.expires')} {dateTime(s.expiresAt)}
              </Table.Td>
              <Table.Td>
                {s.current ? (
                  <Badge size="sm" variant="light">
                    {t('sessions.current')}
                  </Badge>
                ) : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === s.id}
                    onClick={() => revoke.mutate(s.id)}
                    data-testid="session-revoke"
                  >
                    {t('sessions.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {revoke.error ? (
        <Text c="red" size="sm" role="alert">
          {errorText(revoke.error)}
        </Text>
      ) : null}
      {revoke.data ? (
        <Text c="green.8" size="sm" role="status">
          {revoke.data.message}
        </Text>
      ) : null}
    </Paper>
  );
}
