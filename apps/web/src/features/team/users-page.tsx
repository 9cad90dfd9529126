import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathOf } from '../../app/route-catalog';
import { dateTime } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { TitleSection } from '../../ui/title-section';
import { flagList } from './flag-checkboxes';
import { useTeamT } from './i18n';
import { InviteForm } from './invite-form';
import { OutboxPanel } from './outbox-panel';
import { useTeam } from './use-team';
import { UsersTable } from './users-table';

/** The open invitations: who, with which flags, until when. */
function Invitations() {
  const { t } = useTeamT();
  const { list } = useTeam();
  const items = list.data?.invitations ?? [];
  return (
    <Paper withBorder p="sm" data-testid="invitations">
      <Text fw={700} size="sm" mb="xs">
        {t('users.invitations')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.noInvitations')}
        </Text>
      ) : (
        <Table fz="sm">
          <Table.Tbody>
            {items.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>{inv.name}</Table.Td>
                <Table.Td>{inv.email}</Table.Td>
                <Table.Td>
                  {flagList(inv.flags)
                    .map((flag) => t(`flags.${flag}`))
                    .join(', ')}
                </Table.Td>
                <Table.Td>
                  {t('users.expires')} {dateTime(inv.expiresAt)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** /users: the company's users, their flags and status, invitations (issue 42; manageUsers). */
export default function UsersPage() {
  const { t } = useTeamT();
  const { list } = useTeam();
  return (
    <Stack gap="md">
      <TitleSection title={t('users.title')} description={t('users.intro')} />
      <Group gap="md">
        <Anchor component={Link} to={pathOf('addusers')} size="sm">
          {t('users.inviteLink')}
        </Anchor>
        <Anchor component={Link} to={pathOf('user-auth-manager')} size="sm">
          {t('users.flagTableLink')}
        </Anchor>
      </Group>
      {list.isPending ? <Text size="sm">{t('users.loading')}</Text> : null}
      {list.error ? (
        <Text c="red" role="alert">
          {errorText(list.error)}
        </Text>
      ) : null}
      {list.data ? <UsersTable users={list.data.users} /> : null}
      <Invitations />
      <InviteForm />
      <OutboxPanel />
    </Stack>
  );
}
