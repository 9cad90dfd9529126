import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { dateTime } from '../../shared/products/format';
import { useTeamT } from './i18n';
import { useOutbox } from './use-team';

const LINK = /https?:\/\/\S+/;

/** A link of this app as a path inside it (the mail's origin may differ from the one in the browser). */
function inAppPath(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}

/** Demo mode: the mails the server kept instead of sending, with their links to follow (issue 42). */
export function OutboxPanel() {
  const { t } = useTeamT();
  const { demo } = useSession();
  const outbox = useOutbox(demo);
  if (!demo) return null;
  const items = outbox.data?.items ?? [];
  return (
    <Paper withBorder p="sm" data-testid="outbox">
      <Text fw={700} size="sm" mb={4}>
        {t('outbox.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('outbox.intro')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('outbox.empty')}
        </Text>
      ) : null}
      <Stack gap="xs">
        {items.map((mail) => {
          const link = LINK.exec(mail.body)?.[0];
          const path = link ? inAppPath(link) : null;
          return (
            <Paper key={mail.id} withBorder p="xs" data-testid="outbox-mail">
              <Text size="sm" fw={600}>
                {mail.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {t('outbox.to')}: {mail.to} · {dateTime(mail.createdAt)}
              </Text>
              <Text size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {mail.body}
              </Text>
              {path ? (
                <Anchor component={Link} to={path} size="sm" data-testid="outbox-link">
                  {t('outbox.open')}
                </Anchor>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
