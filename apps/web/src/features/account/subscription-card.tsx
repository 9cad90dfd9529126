import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccountResponse } from '@rr/contracts';
import { dateTime } from '../../shared/products/format';
import { useAccountT } from './i18n';

/** The company's subscription as the spec's User carries it: grade, expiry, payment dates, slots. */
export function SubscriptionCard({ subscription }: { subscription: AccountResponse['subscription'] }) {
  const { t } = useAccountT();
  const date = (iso: string | null) => (iso ? dateTime(iso) : t('subscription.none'));
  const rows: [string, string][] = [
    [t('subscription.grade'), subscription.grade],
    [t('subscription.expireDate'), date(subscription.expireDate)],
    [t('subscription.paydate'), date(subscription.paydate)],
    [t('subscription.nextpayment'), date(subscription.nextpayment)],
    [t('subscription.slots'), t('subscription.slotsValue', { n: subscription.rocketRegSlot })],
  ];
  return (
    <Paper withBorder p="sm" data-testid="subscription">
      <Text fw={700} size="sm" mb="xs">
        {t('subscription.title')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {rows.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
