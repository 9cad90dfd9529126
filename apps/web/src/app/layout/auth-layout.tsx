import { Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { taskLabels } from '../task-labels';
import classes from './auth-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitch } from './language-switch';

/** Root sign-in, /auth/* and /pages/*: a brand panel beside a single card; no login needed. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Box className={classes.shell}>
      <Box className={classes.brand} visibleFrom="md">
        <Stack gap="lg" maw={420}>
          <Group gap="xs">
            <Box className={classes.logo} aria-hidden>
              R
            </Box>
            <Text fw={800} size="xl">
              {t('app.name')}
            </Text>
          </Group>
          <Title order={2} size="h1" lh={1.25}>
            {t('app.tagline')}
          </Title>
          <Text opacity={0.85}>{t('dashboard.stepsBody')}</Text>
          <List spacing={6} size="sm">
            {taskLabels(i18n.language).map((task) => (
              <List.Item key={task}>{task}</List.Item>
            ))}
          </List>
        </Stack>
      </Box>
      <Box className={classes.main}>
        <Group justify="flex-end" gap="xs" p="md">
          <LanguageSwitch />
          <ColorSchemeToggle />
        </Group>
        <Box className={classes.center} component="main">
          <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
            {children ?? <Outlet />}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
