import { Alert, Button, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { SalesManualResponse } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../app/http';
import { errorText } from '../../shared/products/http';
import { useSalesT } from './i18n';

type Kind = 'sale' | 'return';
type Form = { date: string; itemName: string; quantity: number; unitPrice: number; reason: string };
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** addsale / addreturn (issue 41): a sale or a return made outside Coupang, entered by the seller. */
export function ManualEntry({ kind }: { kind: Kind }) {
  const { t } = useSalesT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>({
    date: today(),
    itemName: '',
    quantity: 1,
    unitPrice: 0,
    reason: '',
  });
  const save = useMutation({
    mutationFn: () =>
      kind === 'sale'
        ? http.post('/api/sales/manual', SalesManualResponse, {
            date: form.date,
            itemName: form.itemName,
            quantity: form.quantity,
            unitPrice: form.unitPrice,
          })
        : http.post('/api/sales/manual-return', SalesManualResponse, {
            date: form.date,
            itemName: form.itemName,
            quantity: form.quantity,
            reason: form.reason,
          }),
    onSuccess: () => {
      setForm({ ...form, itemName: '', reason: '' });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const missing = form.itemName.trim() === '' || (kind === 'return' && form.reason.trim() === '');
  return (
    <Stack gap="sm" maw={480} data-testid={kind === 'sale' ? 'add-sale-page' : 'add-return-page'}>
      <Title order={2} size="h4">
        {kind === 'sale' ? t('addSaleTitle') : t('addReturnTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {kind === 'sale' ? t('addSaleIntro') : t('addReturnIntro')}
      </Text>
      <TextInput
        type="date"
        label={t('date')}
        value={form.date}
        onChange={(e) => set({ date: e.currentTarget.value })}
      />
      <TextInput
        label={t('colItem')}
        value={form.itemName}
        maxLength={200}
        onChange={(e) => set({ itemName: e.currentTarget.value })}
        data-testid="manual-item"
      />
      <NumberInput
        label={t('colQty')}
        min={1}
        max={100_000}
        value={form.quantity}
        onChange={(v) => set({ quantity: Math.max(1, Math.trunc(Number(v) || 1)) })}
      />
      {kind === 'sale' ? (
        <NumberInput
          label={t('colPrice')}
          min={0}
          max={100_000_000}
          value={form.unitPrice}
          thousandSeparator=","
          onChange={(v) => set({ unitPrice: Math.max(0, Math.trunc(Number(v) || 0)) })}
          data-testid="manual-price"
        />
      ) : (
        <TextInput
          label={t('colReason')}
          value={form.reason}
          maxLength={200}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          data-testid="manual-reason"
        />
      )}
      <Button
        onClick={() => save.mutate()}
        loading={save.isPending}
        disabled={missing}
        data-testid="manual-save"
      >
        {t('add')}
      </Button>
      {save.data ? (
        <Alert color="green" data-testid="manual-result">
          {save.data.message}
        </Alert>
      ) : null}
      {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
    </Stack>
  );
}
