import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathOf } from '../../app/route-catalog';
import { AuthHeader } from './auth-header';
import { locationText } from './location-state';

/** /auth/sign-fail: where a blocked sign-in (too many attempts) lands, with the way forward. */
export default function SignFailPage() {
  const { t } = useTranslation();
  const message = locationText(useLocation().state, 'message');
  return (
    <>
      <AuthHeader title={t('auth.signFail.title')} />
      {message && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {message}
        </Alert>
      )}
      <Text mb="lg">{t('auth.signFail.body')}</Text>
      <Group grow>
        <Button component={Link} to={pathOf('auth.login')}>
          {t('auth.signFail.retry')}
        </Button>
        <Button component={Link} to={pathOf('auth.forgot-password')} variant="default">
          {t('auth.signFail.reset')}
        </Button>
      </Group>
    </>
  );
}
