import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeLabelKey } from '../../app/layout/sidebar';
import type { RouteName } from '../../app/route-catalog';
import { useTeamT } from './i18n';

/**
 * What a signed-in user sees on a screen their flags do not open (issue 42): the screen's name and
 * the flags of which any one would open it, never the "준비 중" placeholder.
 */
export function AccessDenied({ route, flags }: { route: RouteName; flags: readonly string[] }) {
  const { t } = useTeamT();
  const { t: tApp } = useTranslation();
  const screen = tApp(routeLabelKey(route));
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" mt="xl" data-testid="access-denied">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <svg
            aria-hidden="true"
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
          </svg>
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('denied.title')}
        </Title>
        <Text>{t('denied.body', { screen })}</Text>
        <Group gap="xs" justify="center">
          {flags.map((flag) => (
            <Badge key={flag} size="lg" variant="light" tt="none" data-testid="denied-flag">
              {t(`flags.${flag}`)} ({flag})
            </Badge>
          ))}
        </Group>
        <Text c="dimmed" size="sm">
          {t('denied.ask')}
        </Text>
        <Anchor component={Link} to="/dashboard">
          {t('denied.back')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
