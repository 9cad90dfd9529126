import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { SalesReturn } from '@rr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { type Column, DataTable } from '../../ui/data-table';
import { useSalesT } from './i18n';
import { exportUrl, getReturns } from './sales-api';
import { pageCount } from './sales-state';
import { SyncBar } from './sync-bar';

/** 반품 목록 (listreturns; issue 41): Coupang's returns with the buyer's reason, repeats flagged. */
export default function ReturnsPage() {
  const { t } = useSalesT();
  const [page, setPage] = useState(1);
  const returns = useQuery({
    queryKey: ['sales', 'returns', page],
    queryFn: ({ signal }) => getReturns(page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(returns.data?.total ?? 0);
  const columns: Column<SalesReturn>[] = [
    {
      key: 'at',
      header: t('colRequestedAt'),
      render: (r) => new Date(r.requestedAt).toLocaleString('ko-KR'),
    },
    { key: 'receipt', header: t('colReceipt'), render: (r) => r.receiptId },
    { key: 'order', header: t('colOrder'), render: (r) => r.orderId },
    { key: 'item', header: t('colItem'), render: (r) => r.itemName },
    { key: 'status', header: t('colStatus'), render: (r) => r.status },
    {
      key: 'reason',
      header: t('colReason'),
      render: (r) => (
        <Group gap={4}>
          <span>
            {r.reasonCategory1} · {r.reasonCategory2}
          </span>
          {r.repeated ? (
            <Badge color="red" size="xs" data-testid="return-repeated">
              {t('repeated', { count: r.sameReasonCount })}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'why', header: t('colCustomerReason'), render: (r) => r.reason },
    { key: 'qty', header: t('colQty'), align: 'right', render: (r) => r.quantity },
  ];
  return (
    <Stack gap="sm" data-testid="returns-page">
      <Title order={2} size="h4">
        {t('returnsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('returnsIntro')}
      </Text>
      <SyncBar exportHref={exportUrl('returns')} />
      {returns.error ? <Alert color="red">{errorText(returns.error)}</Alert> : null}
      {returns.data ? <Text size="sm">{t('returnsTotal', { count: returns.data.total })}</Text> : null}
      <DataTable
        caption={t('returnsTitle')}
        columns={columns}
        rows={returns.data?.returns ?? []}
        rowKey={(r) => `${r.receiptId}:${r.vendorItemId}`}
        loading={returns.isPending}
        emptyMessage={t('returnsEmpty')}
      />
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('prev')}
        </Button>
        <Text size="sm">{t('page', { page, pages })}</Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('next')}
        </Button>
      </Group>
    </Stack>
  );
}
