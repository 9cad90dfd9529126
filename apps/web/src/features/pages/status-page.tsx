import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';

type Props = { code?: string; titleKey: string; bodyKey: string };

/** /pages/*: error and maintenance pages, reachable without login. */
export function StatusPage({ code, titleKey, bodyKey }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack align="center" ta="center" gap="sm">
      {code && (
        <Text fz={56} fw={800} c="blue.6" lh={1} aria-hidden>
          {code}
        </Text>
      )}
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Text c="dimmed">{t(bodyKey)}</Text>
      <Button component={Link} to={user ? '/dashboard' : '/'} mt="sm">
        {user ? t('common.backToDashboard') : t('pages.home')}
      </Button>
    </Stack>
  );
}

export function NotFoundPage() {
  return <StatusPage code="404" titleKey="pages.notFound.title" bodyKey="pages.notFound.body" />;
}
export function ServerErrorPage() {
  return <StatusPage code="500" titleKey="pages.serverError.title" bodyKey="pages.serverError.body" />;
}
export function MaintenancePage() {
  return <StatusPage titleKey="pages.maintenance.title" bodyKey="pages.maintenance.body" />;
}
