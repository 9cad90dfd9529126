import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationPrefs } from '@rr/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { useAccountT } from './i18n';
import { useNotifications } from './use-notifications';

const OFF: NotificationPrefs = {
  runFinished: { mail: false, app: false },
  coupangDecision: { mail: false, app: false },
};

/** The notices a user opts into (a run's end, a Coupang decision; mail and app) and the latest ones. */
export function NotificationsSection() {
  const { t } = useAccountT();
  const { list, prefs, save, markRead } = useNotifications();
  const [choice, setChoice] = useState<NotificationPrefs>(OFF);
  useEffect(() => {
    if (prefs.data) setChoice(prefs.data);
  }, [prefs.data]);
  const items = list.data?.items ?? [];

  return (
    <Paper withBorder p="sm" data-testid="notifications">
      <Text fw={700} size="sm" mb={4}>
        {t('notifications.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('notifications.intro')}
      </Text>
      <Stack gap={6}>
        {NOTIFICATION_KINDS.map((kind) => (
          <Group key={kind} gap="md">
            <Text size="sm" w={320}>
              {t(`notifications.${kind}`)}
            </Text>
            {(['mail', 'app'] as const).map((channel) => (
              <Checkbox
                key={channel}
                size="xs"
                label={t(`notifications.${channel}`)}
                checked={choice[kind][channel]}
                data-testid={`notify-${kind}-${channel}`}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChoice((prev) => ({ ...prev, [kind]: { ...prev[kind], [channel]: on } }));
                }}
              />
            ))}
          </Group>
        ))}
        <Group gap="xs">
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate(choice)}
            data-testid="notify-save"
          >
            {t('notifications.save')}
          </Button>
          {save.data ? (
            <Text c="green.8" size="sm" role="status">
              {save.data.message}
            </Text>
          ) : null}
          {save.error ? (
            <Text c="red" size="sm" role="alert">
              {errorText(save.error)}
            </Text>
          ) : null}
        </Group>
      </Stack>
      <Group justify="space-between" mt="md" mb={4}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('notifications.latest')}
          </Text>
          {list.data && list.data.unread > 0 ? (
            <Badge size="sm" color="red">
              {t('notifications.unread', { n: list.data.unread })}
            </Badge>
          ) : null}
        </Group>
        {list.data && list.data.unread > 0 ? (
          <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate()}>
            {t('notifications.markRead')}
          </Button>
        ) : null}
      </Group>
      {list.data && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notifications.empty')}
        </Text>
      ) : null}
      <Table fz="sm">
        <Table.Tbody>
          {items.map((n) => (
            <Table.Tr key={n.id} data-testid="notification-row" fw={n.read ? undefined : 600}>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{n.message}</Table.Td>
              <Table.Td w={150}>{dateTime(n.createdAt)}</Table.Td>
              <Table.Td w={60}>
                {n.link ? (
                  <Anchor component={Link} to={n.link} size="sm">
                    {t('notifications.open')}
                  </Anchor>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
