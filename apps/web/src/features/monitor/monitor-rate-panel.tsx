import { Card, Group, Paper, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { RateInfo } from './api';
import { useMonitorT } from './i18n';
import { headlineRate, RATE_COLOR, rateLevel, ratePercent, secondsUntil } from './monitor-logic';

/** The AI rate limit: the busiest key's requests in the last minute, and each key's slot. */
export function RatePanel({ rate, now }: { rate: RateInfo; now: number }) {
  const { t } = useMonitorT();
  const head = headlineRate(rate);
  return (
    <Card withBorder padding="md" data-testid="rate-panel">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('rate.title')}
          </Text>
          <Group gap="xs" align="baseline">
            <Text
              fz={32}
              fw={700}
              lh={1}
              c={head.level === 'full' ? 'red' : undefined}
              data-testid="rate-headline"
            >
              <span aria-hidden>
                {head.sent}{' '}
                <Text span fz={20} c="dimmed">
                  / {head.limit}
                </Text>
              </span>
              <VisuallyHidden>{t('rate.headline', { sent: head.sent, limit: head.limit })}</VisuallyHidden>
            </Text>
            <Text size="sm" c="dimmed">
              {t('rate.limitNote', { limit: rate.limitPerMinute })}
            </Text>
          </Group>
        </Stack>
        <Group gap="lg">
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('rate.open')}
            </Text>
            <Text fw={700} data-testid="rate-open">
              {rate.open}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('rate.createdLastMinute')}
            </Text>
            <Text fw={700} data-testid="rate-created">
              {rate.createdLastMinute}
            </Text>
          </Stack>
        </Group>
      </Group>
      {rate.keys.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('rate.noKeys')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm" spacing="sm">
          {rate.keys.map((k) => {
            const level = rateLevel(k.sentLastMinute, rate.limitPerMinute);
            const wait = secondsUntil(k.nextSlotAt, now);
            return (
              <Paper key={k.keyId} withBorder p="xs" data-testid="rate-key">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {t('rate.key', { keyId: k.keyId })} · {k.provider}
                    {k.model ? ` · ${k.model}` : ''}
                  </Text>
                  <Text size="sm" fw={700} c={RATE_COLOR[level]}>
                    {k.sentLastMinute} / {rate.limitPerMinute}
                  </Text>
                </Group>
                <Progress
                  mt={6}
                  value={ratePercent(k.sentLastMinute, rate.limitPerMinute)}
                  color={RATE_COLOR[level]}
                  aria-label={`${k.keyId} ${k.sentLastMinute}/${rate.limitPerMinute}`}
                />
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {wait == null ? t('rate.free') : t('rate.nextSlot', { seconds: wait })}
                  </Text>
                  {k.reservedAhead > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('rate.reservedAhead', { count: k.reservedAhead })}
                    </Text>
                  )}
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
