import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SalesLine } from '@rr/contracts';
import { errorText } from '../../shared/products/http';
import { type Column, DataTable } from '../../ui/data-table';
import { CostSettings } from './cost-settings';
import { useSalesT } from './i18n';
import { CostCell, FeeCell, MarginCell } from './margin-cell';
import { exportUrl } from './sales-api';
import { type Channel, ORDER_STATUSES, pageCount, won } from './sales-state';
import { SyncBar } from './sync-bar';
import { useSalesLines } from './use-sales-lines';

const CHANNELS: readonly Channel[] = ['', 'MARKETPLACE', 'ROCKET_GROWTH', 'MANUAL'];
const channelOf = (v: string | null): Channel => CHANNELS.find((c) => c === v) ?? '';

/** 판매 목록 (listsale, totallistsale; issue 41): order lines paged on the server, with their margin. */
export default function SalesLinesPage() {
  return <SalesLinesScreen channel="" />;
}

/** The lines screen, opened on a channel (로켓그로스 판매: Rocket Growth). */
export function SalesLinesScreen({ channel }: { channel: Channel }) {
  const { t } = useSalesT();
  const { state, dispatch, lines, exportQuery } = useSalesLines(channel);
  const data = lines.data;
  const pages = pageCount(data?.totals.lines ?? 0);
  const columns: Column<SalesLine>[] = [
    { key: 'at', header: t('colOrderedAt'), render: (l) => new Date(l.orderedAt).toLocaleString('ko-KR') },
    { key: 'order', header: t('colOrder'), render: (l) => l.orderId },
    {
      key: 'channel',
      header: t('colChannel'),
      render: (l) =>
        l.channel === 'ROCKET_GROWTH'
          ? t('rocketGrowth')
          : l.channel === 'MANUAL'
            ? t('manual')
            : t('marketplace'),
    },
    { key: 'status', header: t('colStatus'), render: (l) => l.status },
    { key: 'item', header: t('colItem'), render: (l) => l.itemName },
    { key: 'qty', header: t('colQty'), align: 'right', render: (l) => l.quantity },
    { key: 'amount', header: t('colAmount'), align: 'right', render: (l) => `${won(l.amount)}원` },
    { key: 'fee', header: t('colFee'), align: 'right', render: (l) => <FeeCell margin={l.margin} /> },
    { key: 'cost', header: t('colCost'), align: 'right', render: (l) => <CostCell margin={l.margin} /> },
    {
      key: 'margin',
      header: t('colMargin'),
      align: 'right',
      render: (l) => <MarginCell margin={l.margin} />,
    },
  ];
  const setFilter = (field: 'from' | 'to' | 'status' | 'q') => (value: string) =>
    dispatch({ type: 'filter', field, value });

  return (
    <Stack gap="sm" data-testid="sales-lines-page">
      <Title order={2} size="h4">
        {channel === 'ROCKET_GROWTH' ? t('rgSalesTitle') : t('linesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('linesIntro')}
      </Text>
      <SyncBar exportHref={exportUrl('lines', exportQuery)} />
      <CostSettings />
      <Group align="flex-end" gap="xs">
        <TextInput
          type="date"
          label={t('from')}
          value={state.from}
          onChange={(e) => setFilter('from')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('to')}
          value={state.to}
          onChange={(e) => setFilter('to')(e.currentTarget.value)}
        />
        <Select
          label={t('status')}
          data={[{ value: '', label: t('all') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))]}
          value={state.status}
          onChange={(v) => setFilter('status')(v ?? '')}
          w={170}
        />
        <Select
          label={t('channel')}
          data={[
            { value: '', label: t('all') },
            { value: 'MARKETPLACE', label: t('marketplace') },
            { value: 'ROCKET_GROWTH', label: t('rocketGrowth') },
            { value: 'MANUAL', label: t('manual') },
          ]}
          value={state.channel}
          onChange={(v) => dispatch({ type: 'channel', value: channelOf(v) })}
          w={150}
          data-testid="sales-channel"
        />
        <TextInput
          label={t('search')}
          value={state.q}
          maxLength={100}
          onChange={(e) => setFilter('q')(e.currentTarget.value)}
          data-testid="sales-search"
        />
      </Group>
      {lines.error ? <Alert color="red">{errorText(lines.error)}</Alert> : null}
      {data ? (
        <Text size="sm" fw={600} data-testid="sales-totals">
          {t('totals', {
            lines: won(data.totals.lines),
            units: won(data.totals.units),
            amount: won(data.totals.amount),
          })}
        </Text>
      ) : null}
      <DataTable
        caption={t('linesTitle')}
        columns={columns}
        rows={data?.lines ?? []}
        rowKey={(l) => l.lineKey}
        loading={lines.isPending}
        emptyMessage={t('empty')}
      />
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={state.page <= 1}
          onClick={() => dispatch({ type: 'page', page: state.page - 1 })}
        >
          {t('prev')}
        </Button>
        <Text size="sm" data-testid="sales-page">
          {t('page', { page: state.page, pages })}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={state.page >= pages}
          onClick={() => dispatch({ type: 'page', page: state.page + 1 })}
          data-testid="sales-next"
        >
          {t('next')}
        </Button>
      </Group>
    </Stack>
  );
}
