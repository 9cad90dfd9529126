import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { CompanyUserView } from '@rr/contracts';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { FlagCheckboxes, flagList } from './flag-checkboxes';
import { useTeamT } from './i18n';
import { useTeam } from './use-team';

/** One user's flags in a dialog; saved as a whole set (PATCH /api/users/:id). */
function FlagEditor({
  user,
  update,
  onClose,
}: {
  user: CompanyUserView;
  update: ReturnType<typeof useTeam>['update'];
  onClose: () => void;
}) {
  const { t } = useTeamT();
  const [flags, setFlags] = useState<Record<string, boolean>>({ ...user.flags });
  return (
    <Modal opened onClose={onClose} title={`${user.name} (${user.email})`} size="lg">
      <Stack gap="sm">
        <FlagCheckboxes
          value={flags}
          onChange={(flag, on) =>
            setFlags((prev) => {
              const next = { ...prev };
              if (on) next[flag] = true;
              else delete next[flag];
              return next;
            })
          }
        />
        {update.error ? (
          <Text c="red" size="sm" role="alert">
            {errorText(update.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onClose}>
            {t('users.cancel')}
          </Button>
          <Button
            size="xs"
            loading={update.isPending}
            data-testid="flags-save"
            onClick={() => update.mutate({ id: user.id, flags }, { onSuccess: onClose })}
          >
            {t('users.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The company's users: flags, status, and what a manager may change (never the owner). */
export function UsersTable({ users }: { users: readonly CompanyUserView[] }) {
  const { t } = useTeamT();
  const { update } = useTeam();
  const [editing, setEditing] = useState<CompanyUserView | null>(null);

  function toggleActive(user: CompanyUserView) {
    if (user.active && !window.confirm(t('users.deactivateConfirm'))) return;
    update.mutate({ id: user.id, active: !user.active });
  }

  return (
    <>
      <Table striped withTableBorder fz="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.colName')}</Table.Th>
            <Table.Th>{t('users.colEmail')}</Table.Th>
            <Table.Th>{t('users.colFlags')}</Table.Th>
            <Table.Th>{t('users.colStatus')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
              <Table.Td>
                {user.name}{' '}
                {user.owner ? (
                  <Badge size="xs" variant="light">
                    {t('users.owner')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {flagList(user.flags).map((flag) => (
                    <Badge key={flag} size="xs" variant="outline" tt="none">
                      {t(`flags.${flag}`)}
                    </Badge>
                  ))}
                  {flagList(user.flags).length === 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('users.noFlags')}
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" color={user.active ? 'green' : 'gray'}>
                  {user.active ? t('users.active') : t('users.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {user.owner ? null : (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setEditing(user)}
                      data-testid="user-edit"
                    >
                      {t('users.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={user.active ? 'red' : 'green'}
                      onClick={() => toggleActive(user)}
                      data-testid="user-toggle-active"
                    >
                      {user.active ? t('users.deactivate') : t('users.reactivate')}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {update.error && !editing ? (
        <Text c="red" size="sm" role="alert">
          {errorText(update.error)}
        </Text>
      ) : null}
      {update.data && !editing ? (
        <Text c="green.8" size="sm" role="status" data-testid="users-updated">
          {update.data.message}
        </Text>
      ) : null}
      {editing ? <FlagEditor user={editing} update={update} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
