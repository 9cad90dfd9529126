import { Text } from '@mantine/core';
import type { SalesByProductResponse } from '@rr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSalesT } from './i18n';
import { getByProduct } from './sales-api';
import { won } from './sales-state';

// Issue 41: the registration table's sales column: per product, the units sold over the last 30 days
// and the margin of those sales (GET /api/sales/by-product, aggregated on the server), so the seller
// sees which registered products are worth more work.

export type ProductSales = SalesByProductResponse['products'][number];

/** The company's 30-day figures by product id (one call for the whole table). */
export function useProductSales(): ReadonlyMap<string, ProductSales> {
  const query = useQuery({
    queryKey: ['sales', 'by-product', 30],
    queryFn: ({ signal }) => getByProduct(30, signal),
    staleTime: 60_000,
  });
  return useMemo(() => new Map((query.data?.products ?? []).map((p) => [p.productId, p])), [query.data]);
}

/** The two column titles. */
export function ProductSalesHeaders({ className }: { className?: string | undefined }) {
  const { t } = useSalesT();
  return (
    <>
      <th className={className}>{t('product_units30')}</th>
      <th className={className}>{t('product_margin30')}</th>
    </>
  );
}

/** A product's two cells: units sold in 30 days, and their margin in won and percent. */
export function ProductSalesCells({
  sales,
  className,
}: {
  sales: ProductSales | undefined;
  className?: string | undefined;
}) {
  const { t } = useSalesT();
  const none = (
    <Text span size="xs" c="dimmed">
      —
    </Text>
  );
  return (
    <>
      <td className={className} data-testid="reg-units30">
        {sales ? won(sales.units) : none}
      </td>
      <td
        className={className}
        data-testid="reg-margin30"
        title={sales?.estimated ? t('product_margin_estimated') : undefined}
      >
        {!sales ? (
          none
        ) : sales.margin === null ? (
          <Text span size="xs" c="dimmed" title={t('product_margin_unknown')}>
            {t('unknown')}
          </Text>
        ) : (
          <Text span size="xs" c={sales.margin < 0 ? 'red' : undefined}>
            {won(sales.margin)}원 ({sales.marginPercent}%)
          </Text>
        )}
      </td>
    </>
  );
}
