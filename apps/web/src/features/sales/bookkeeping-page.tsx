import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../shared/products/http';
import { type Column, DataTable } from '../../ui/data-table';
import { useSalesT } from './i18n';
import { exportUrl, getSettlements } from './sales-api';
import { won } from './sales-state';
import { SyncBar } from './sync-bar';

type Month = { month: string; sales: number; fees: number; settled: number; lines: number };

/** 정산 / 장부 (bookkeeping; issue 41): Coupang's revenue history by month of recognition. */
export default function BookkeepingPage() {
  const { t } = useSalesT();
  const months = useQuery({
    queryKey: ['sales', 'settlements'],
    queryFn: ({ signal }) => getSettlements(signal),
  });
  const columns: Column<Month>[] = [
    { key: 'month', header: t('colMonth'), render: (m) => m.month },
    { key: 'sales', header: t('colSales'), align: 'right', render: (m) => `${won(m.sales)}원` },
    { key: 'fees', header: t('colFees'), align: 'right', render: (m) => `${won(m.fees)}원` },
    { key: 'settled', header: t('colSettled'), align: 'right', render: (m) => `${won(m.settled)}원` },
    { key: 'lines', header: t('colLines'), align: 'right', render: (m) => won(m.lines) },
  ];
  return (
    <Stack gap="sm" data-testid="bookkeeping-page">
      <Title order={2} size="h4">
        {t('bookTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('bookIntro')}
      </Text>
      <SyncBar exportHref={exportUrl('settlements')} />
      {months.error ? <Alert color="red">{errorText(months.error)}</Alert> : null}
      <DataTable
        caption={t('bookTitle')}
        columns={columns}
        rows={months.data?.months ?? []}
        rowKey={(m) => m.month}
        loading={months.isPending}
        emptyMessage={t('bookEmpty')}
      />
    </Stack>
  );
}
