import { Alert, Badge, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { SalesInventoryItem } from '@rr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { type Column, DataTable } from '../../ui/data-table';
import { useSalesT } from './i18n';
import { exportUrl, getInventory } from './sales-api';
import { initialStockParams, type StockParams, stockParam, stockQuery } from './sales-state';
import { SyncBar } from './sync-bar';

/**
 * 로켓그로스 재고 (growthdb) and 재주문 제안 (growthscm; issue 41): stock per item, units per day over
 * 7/30 days, days of cover, items below the threshold, and the quantity to reorder (lead time + cover,
 * less the stock, rounded up to the MOQ). The reorder screen lists the items to reorder first.
 */
export function StockScreen({ reorder }: { reorder: boolean }) {
  const { t } = useSalesT();
  const [params, setParams] = useState<StockParams>(initialStockParams);
  const query = stockQuery(params);
  const inventory = useQuery({
    queryKey: ['sales', 'inventory', query],
    queryFn: ({ signal }) => getInventory(query, signal),
    placeholderData: keepPreviousData,
  });
  const items = [...(inventory.data?.items ?? [])];
  if (reorder) items.sort((a, b) => b.reorderQuantity - a.reorderQuantity);
  const set = (key: keyof StockParams) => (v: number | string) =>
    setParams({ ...params, [key]: stockParam(key, v) });
  const columns: Column<SalesInventoryItem>[] = [
    { key: 'id', header: t('colVendorItem'), render: (i) => i.vendorItemId },
    { key: 'name', header: t('colItem'), render: (i) => i.itemName ?? '' },
    { key: 'stock', header: t('colOrderable'), align: 'right', render: (i) => i.orderable },
    { key: 'u7', header: t('colUnits7'), align: 'right', render: (i) => i.units7 },
    { key: 'u30', header: t('colUnits30'), align: 'right', render: (i) => i.units30 },
    { key: 'pace', header: t('colPerDay'), align: 'right', render: (i) => `${i.perDay7} / ${i.perDay30}` },
    {
      key: 'days',
      header: t('colDays'),
      align: 'right',
      render: (i) => (
        <Group gap={4} justify="flex-end">
          <span>{i.daysOfCover === null ? t('noSales') : i.daysOfCover}</span>
          {i.below ? (
            <Badge color="red" size="xs" data-testid="stock-below">
              {t('below')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'moq', header: t('colMoq'), align: 'right', render: (i) => i.moq },
    {
      key: 'reorder',
      header: t('colReorder'),
      align: 'right',
      render: (i) => <b data-testid="stock-reorder">{i.reorderQuantity}</b>,
    },
  ];
  return (
    <Stack gap="sm" data-testid={reorder ? 'reorder-page' : 'stock-page'}>
      <Title order={2} size="h4">
        {reorder ? t('reorderTitle') : t('stockTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('stockIntro')}
      </Text>
      <SyncBar exportHref={exportUrl('inventory', query)} />
      <Group gap="xs" align="flex-end">
        <NumberInput
          label={t('threshold')}
          value={params.thresholdDays}
          onChange={set('thresholdDays')}
          min={1}
          max={365}
          w={130}
        />
        <NumberInput
          label={t('leadTime')}
          value={params.leadTimeDays}
          onChange={set('leadTimeDays')}
          min={0}
          max={365}
          w={130}
        />
        <NumberInput
          label={t('cover')}
          value={params.coverDays}
          onChange={set('coverDays')}
          min={1}
          max={365}
          w={130}
        />
      </Group>
      {inventory.error ? <Alert color="red">{errorText(inventory.error)}</Alert> : null}
      {inventory.data ? (
        <Text size="sm">{t('belowCount', { count: items.filter((i) => i.below).length })}</Text>
      ) : null}
      <DataTable
        caption={reorder ? t('reorderTitle') : t('stockTitle')}
        columns={columns}
        rows={items}
        rowKey={(i) => i.vendorItemId}
        loading={inventory.isPending}
        emptyMessage={t('stockEmpty')}
      />
    </Stack>
  );
}

export default function StockPage() {
  return <StockScreen reorder={false} />;
}
