import { Alert, Button, Group, Text } from '@mantine/core';
import { ExchangeRateStatusResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useEffect } from 'react';
import { get } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import type { SettingsAction } from './settings-state';

// Issue 41: the daily public exchange rate the operator configured, beside the rate in use with its
// day. A move beyond the threshold offers the new rate: it fills the exchange rate field, and its save
// offers the one-click reprice of every product (settings-save-bar.tsx). Nothing shows without a source.

export function ExchangeRateNotice({
  dispatch,
  saved,
}: {
  dispatch: Dispatch<SettingsAction>;
  saved: boolean;
}) {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['settings', 'exchange-rate'],
    queryFn: ({ signal }) => get('/api/settings/exchange-rate', ExchangeRateStatusResponse, signal),
  });
  // A save may have changed the rate in use.
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: ['settings', 'exchange-rate'] });
  }, [saved, queryClient]);
  const s = q.data;
  if (!s?.configured || !s.source) return null;
  const line = t('settings.rateLine', {
    inUse: s.inUse,
    rate: s.source.rate,
    date: s.source.date,
    moved: `${(s.movedPercent ?? 0) > 0 ? '+' : ''}${s.movedPercent ?? 0}`,
  });
  if (!s.beyondThreshold)
    return (
      <Text size="xs" c="dimmed" data-testid="exchange-rate-line">
        {line}
      </Text>
    );
  const rate = s.source.rate;
  return (
    <Alert color="yellow" data-testid="exchange-rate-offer">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {line} {t('settings.rateMoved', { threshold: s.thresholdPercent })}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => dispatch({ type: 'text', field: 'exchangeRate', value: String(rate) })}
          data-testid="exchange-rate-apply"
        >
          {t('settings.rateApply')}
        </Button>
      </Group>
    </Alert>
  );
}
