import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getProduct } from '../../shared/products/api';
import { grams, num, yuan } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';

/** The stored product's options with prices and weights, as they are after the import. */
export function ProductOptions({ productId }: { productId: string }) {
  const { t } = useProductsT();
  const q = useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
  const options = q.data?.options ?? [];
  if (!options.length) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" mb={2}>
        {t('import.optionsTitle', { count: options.length })}
      </Text>
      <Table fz="xs" verticalSpacing={1} striped withTableBorder data-testid="import-options">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('product.sourceKey')}</Table.Th>
            <Table.Th>{t('product.optionKorName')}</Table.Th>
            <Table.Th ta="right">{t('product.price')}</Table.Th>
            <Table.Th ta="right">{t('product.stock')}</Table.Th>
            <Table.Th ta="right">{t('product.weight')}</Table.Th>
            <Table.Th>{t('product.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((o) => (
            <Table.Tr key={o.sourceKey || o.optionNumber} data-testid="import-option-row">
              <Table.Td lang="zh">{o.sourceKey}</Table.Td>
              <Table.Td>{o.korName ?? ''}</Table.Td>
              <Table.Td ta="right">
                {o.price === null || o.priceMissing ? (
                  <Badge size="xs" color="red">
                    {t('product.priceMissing')}
                  </Badge>
                ) : (
                  yuan(o.price)
                )}
              </Table.Td>
              <Table.Td ta="right">{num(o.stock ?? null)}</Table.Td>
              <Table.Td ta="right">{grams(o.weightG ?? null)}</Table.Td>
              <Table.Td>
                {o.sizeCm
                  ? `${o.sizeCm.length ?? '?'}×${o.sizeCm.width ?? '?'}×${o.sizeCm.height ?? '?'}`
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
