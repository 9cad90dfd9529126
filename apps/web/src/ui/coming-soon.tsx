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
          <span style={{ fontSize: 28 }}>🛠</span>
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
