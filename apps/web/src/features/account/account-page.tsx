import { Stack } from '@mantine/core';
import { TitleSection } from '../../ui/title-section';
import { AccessTokensSection } from '../settings/access-tokens-section';
import { OutboxPanel } from '../team/outbox-panel';
import { useAccountT } from './i18n';
import { NotificationsSection } from './notifications-section';
import { PasswordForm } from './password-form';
import { SessionsSection } from './sessions-section';
import { SubscriptionCard } from './subscription-card';
import { useAccount } from './use-account';

/** /account: password, signed-in browsers, extension tokens, the subscription; the demo's outbox (issue 42). */
export default function AccountPage() {
  const { t } = useAccountT();
  const { account } = useAccount();
  return (
    <Stack gap="md">
      <TitleSection title={t('account.title')} description={t('account.intro')} />
      {account.data ? <SubscriptionCard subscription={account.data.subscription} /> : null}
      <NotificationsSection />
      <PasswordForm />
      <SessionsSection />
      <AccessTokensSection />
      <OutboxPanel />
    </Stack>
  );
}
