import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The "준비 중" page shown inside the layout for routes whose screen is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
          <svg
            aria-hidden="true"
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path
              d="M6 2h12M6 22h12M7 2v4l5 6-5 6v4M17 2v4l-5 6 5 6v4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </ThemeIcon>
        <Text c="yellow.8" fw={700} size="sm">
          {t('comingSoon.title')}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{t('comingSoon.body', { name: title })}</Text>
        <Text c="dimmed" size="sm">
          {t('comingSoon.hint')}
        </Text>
        <Anchor component={Link} to="/dashboard">
          {t('common.backToDashboard')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
