import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathOf } from '../../app/route-catalog';
import { AuthHeader } from './auth-header';
import { locationText } from './location-state';

/** /auth/confirm-mail: after a reset-link request. */
export default function ConfirmMailPage() {
  const { t } = useTranslation();
  const email = locationText(useLocation().state, 'email');
  return (
    <>
      <AuthHeader title={t('auth.confirmMail.title')} />
      <Stack gap="sm">
        <Text>{email ? t('auth.confirmMail.body', { email }) : t('auth.confirmMail.bodyNoEmail')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth.confirmMail.noMailServer')}
        </Text>
        <Anchor component={Link} to={pathOf('auth.login')}>
          {t('common.backToSignIn')}
        </Anchor>
      </Stack>
    </>
  );
}
