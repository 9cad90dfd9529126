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

/** The tier a reorder line is priced at, or the option's own price (the figures the quantity follows from). */
function TierText({ item }: { item: SalesInventoryItem }) {
  const { t } = useSalesT();
  const price = (n: number) => n.toFixed(2);
  if (item.tier)
    return (
      <span data-testid="reorder-tier" data-min={item.tier.minQuantity} data-price={item.tier.price}>
        {t('tierFrom', { min: item.tier.minQuantity, price: price(item.tier.price) })}
      </span>
    );
  return (
    <span data-testid="reorder-tier">
      {item.unitYuan === null ? t('tierMissing') : t('tierNone', { price: price(item.unitYuan) })}
    </span>
  );
}

/**
 * 로켓그로스 재고 (growthdb) and 재주문 제안 (growthscm; issue 41): stock per item, units per day over
 * 7/30 days, days of cover, items below the threshold, and the quantity to reorder (lead time + cover,
 * less the stock: the shortfall, raised to the offer's MOQ and first tier). The reorder screen lists
 * the items to reorder first, with the shortfall, the MOQ, the price tier the quantity reaches and
 * the amount in yuan.
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
    {
      key: 'stock',
      header: t('colOrderable'),
      align: 'right',
      render: (i) => <span data-testid="stock-orderable">{i.orderable}</span>,
    },
    {
      key: 'u7',
      header: t('colUnits7'),
      align: 'right',
      render: (i) => <span data-testid="stock-units7">{i.units7}</span>,
    },
    {
      key: 'u30',
      header: t('colUnits30'),
      align: 'right',
      render: (i) => <span data-testid="stock-units30">{i.units30}</span>,
    },
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
    ...(reorder
      ? [
          {
            key: 'short',
            header: t('colShortfall'),
            align: 'right' as const,
            render: (i: SalesInventoryItem) => <span data-testid="reorder-shortfall">{i.shortfall}</span>,
          },
        ]
      : []),
    {
      key: 'moq',
      header: t('colMoq'),
      align: 'right',
      render: (i) => <span data-testid="stock-moq">{i.moq}</span>,
    },
    {
      key: 'reorder',
      header: t('colReorder'),
      align: 'right',
      render: (i) => <b data-testid="stock-reorder">{i.reorderQuantity}</b>,
    },
    ...(reorder
      ? [
          {
            key: 'tier',
            header: t('colTier'),
            render: (i: SalesInventoryItem) => <TierText item={i} />,
          },
          {
            key: 'amount',
            header: t('colAmount1688'),
            align: 'right' as const,
            render: (i: SalesInventoryItem) => (
              <span data-testid="reorder-amount">
                {i.amountYuan === null ? '—' : `¥${i.amountYuan.toFixed(2)}`}
              </span>
            ),
          },
        ]
      : []),
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
