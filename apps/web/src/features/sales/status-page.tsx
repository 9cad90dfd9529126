import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { SalesByItemResponse } from '@rr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { type Column, DataTable } from '../../ui/data-table';
import { useSalesT } from './i18n';
import { LinkItem } from './link-item';
import { MarginCell } from './margin-cell';
import { getByItem, getDaily } from './sales-api';
import { type Channel, won } from './sales-state';
import { SyncBar } from './sync-bar';

type Item = SalesByItemResponse['items'][number];
const CHANNELS: readonly Channel[] = ['', 'MARKETPLACE', 'ROCKET_GROWTH'];

/**
 * 판매 현황 (salesstatus; issue 41): daily units and revenue (aggregated by the server), the best
 * sellers, and 상품별 판매 (per item: units, revenue, return rate, margin with its sources).
 */
export default function StatusPage() {
  const { t } = useSalesT();
  const [channel, setChannel] = useState<Channel>('');
  const query = channel ? `channel=${channel}` : '';
  const daily = useQuery({
    queryKey: ['sales', 'daily', query],
    queryFn: ({ signal }) => getDaily(query, signal),
  });
  const items = useQuery({
    queryKey: ['sales', 'by-item', query],
    queryFn: ({ signal }) => getByItem(query, signal),
  });
  const top = (items.data?.items ?? [])
    .slice(0, 10)
    .map((i) => ({ name: i.itemName.slice(0, 18), revenue: i.revenue }));
  const columns: Column<Item>[] = [
    { key: 'item', header: t('colItem'), render: (i) => i.itemName },
    { key: 'units', header: t('colQty'), align: 'right', render: (i) => won(i.units) },
    { key: 'revenue', header: t('colAmount'), align: 'right', render: (i) => `${won(i.revenue)}원` },
    {
      key: 'returns',
      header: t('colReturnRate'),
      align: 'right',
      render: (i) => (
        <Group gap={4} justify="flex-end">
          <span>{i.returnRate}%</span>
          {i.returnRate >= 10 ? (
            <Badge color="red" size="xs">
              {t('highReturns')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'margin',
      header: t('colMargin'),
      align: 'right',
      render: (i) => <MarginCell margin={i.margin} />,
    },
    {
      key: 'link',
      header: '',
      render: (i) =>
        i.margin.parts.some((p) => p.key === 'goods' && p.source === 'missing') ? (
          <LinkItem vendorItemId={i.vendorItemId} />
        ) : null,
    },
  ];
  return (
    <Stack gap="sm" data-testid="sales-status-page">
      <Title order={2} size="h4">
        {t('statusTitle')}
      </Title>
      <SyncBar exportHref="/api/sales/export?kind=lines" />
      <Select
        label={t('channel')}
        w={180}
        data={[
          { value: '', label: t('all') },
          { value: 'MARKETPLACE', label: t('marketplace') },
          { value: 'ROCKET_GROWTH', label: t('rocketGrowth') },
        ]}
        value={channel}
        onChange={(v) => setChannel(CHANNELS.find((c) => c === v) ?? '')}
      />
      {daily.error ? <Alert color="red">{errorText(daily.error)}</Alert> : null}
      <Text fw={600}>{t('dailyChart')}</Text>
      <LineChart
        h={260}
        data={daily.data?.days ?? []}
        dataKey="day"
        withRightYAxis
        series={[
          { name: 'amount', label: t('colAmount'), color: 'blue.6' },
          { name: 'units', label: t('colQty'), color: 'teal.6', yAxisId: 'right' },
        ]}
        curveType="linear"
        data-testid="sales-daily-chart"
      />
      <Text fw={600}>{t('topChart')}</Text>
      <BarChart
        h={240}
        data={top}
        dataKey="name"
        series={[{ name: 'revenue', label: t('colAmount'), color: 'blue.6' }]}
      />
      <Text fw={600}>{t('byItemTitle')}</Text>
      {items.error ? <Alert color="red">{errorText(items.error)}</Alert> : null}
      <DataTable
        caption={t('byItemTitle')}
        columns={columns}
        rows={items.data?.items ?? []}
        rowKey={(i) => `${i.vendorItemId}:${i.channel}`}
        loading={items.isPending}
        emptyMessage={t('empty')}
      />
    </Stack>
  );
}
