import { Alert, Button, Checkbox, Group, NumberInput, Paper, Text } from '@mantine/core';
import { type SalesCostSettings, SalesCostSettingsResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../app/http';
import { errorText } from '../../shared/products/http';
import { useSalesT } from './i18n';

type NumberField = Exclude<keyof SalesCostSettings, 'useFeeTables'>;
const FIELDS: readonly NumberField[] = [
  'exchangeRate',
  'domesticFreightYuan',
  'shippingPerKg',
  'customsDutyPercent',
  'importVatPercent',
  'defaultCommissionPercent',
  'rocketGrowthFeePerUnit',
];

/** The margin's landed-cost settings (issue 41): the values in use, changed and saved by the seller. */
export function CostSettings() {
  const { t } = useSalesT();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['sales', 'cost-settings'],
    queryFn: ({ signal }) => http.get('/api/sales/cost-settings', SalesCostSettingsResponse, { signal }),
  });
  const [edits, setEdits] = useState<Partial<SalesCostSettings>>({});
  const save = useMutation({
    mutationFn: () => http.post('/api/sales/cost-settings', SalesCostSettingsResponse, edits),
    onSuccess: () => {
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
  const settings = current.data?.settings;
  if (!settings) return current.error ? <Alert color="red">{errorText(current.error)}</Alert> : null;
  return (
    <Paper withBorder p="sm" data-testid="cost-settings">
      <Text fw={600} size="sm" mb={4}>
        {t('costSettings')}
      </Text>
      <Group gap="xs" align="flex-end">
        {FIELDS.map((key) => (
          <NumberInput
            key={key}
            label={t(`cost_${key}`)}
            value={edits[key] ?? settings[key]}
            decimalScale={2}
            min={0}
            w={150}
            onChange={(v) => setEdits({ ...edits, [key]: typeof v === 'number' ? v : Number(v) })}
          />
        ))}
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={Object.keys(edits).length === 0}
        >
          {t('save')}
        </Button>
      </Group>
      <Checkbox
        mt="xs"
        label={t('cost_useFeeTables')}
        description={t('cost_useFeeTables_hint')}
        checked={edits.useFeeTables ?? settings.useFeeTables}
        onChange={(e) => setEdits({ ...edits, useFeeTables: e.currentTarget.checked })}
      />
      {save.data?.message ? (
        <Text size="sm" c="green" mt={4}>
          {save.data.message}
        </Text>
      ) : null}
      {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
    </Paper>
  );
}
