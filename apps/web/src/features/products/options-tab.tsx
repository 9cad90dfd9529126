import { Badge, Group, ScrollArea, Table } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { grams, num, won, yuan } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { EditableField } from './editable-field';
import { optionLabel, sizeText } from './product-page-state';

/** The options tab: each option's source name, Korean name (editable), price, stock, pack and prices. */
export function OptionsTab({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  return (
    <ScrollArea>
      <Table
        fz="xs"
        verticalSpacing={2}
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        data-testid="options-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{t('product.optionNumber')}</Table.Th>
            <Table.Th>{t('product.sourceKey')}</Table.Th>
            <Table.Th w={240}>{t('product.optionKorName')}</Table.Th>
            <Table.Th w={90} ta="right">
              {t('product.price')}
            </Table.Th>
            <Table.Th w={70} ta="right">
              {t('product.stock')}
            </Table.Th>
            <Table.Th w={70} ta="right">
              {t('product.weight')}
            </Table.Th>
            <Table.Th w={100}>{t('product.size')}</Table.Th>
            <Table.Th w={90} ta="right">
              {t('product.purchasePrice')}
            </Table.Th>
            <Table.Th w={90} ta="right">
              {t('product.sellingPrice')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.options.map((o, i) => (
            <Table.Tr
              key={o.sourceKey || o.optionNumber}
              data-testid="option-row"
              data-source-key={o.sourceKey}
            >
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {o.optionNumber}
              </Table.Td>
              <Table.Td lang="zh">
                <Group gap={4}>
                  {optionLabel(o)}
                  {o.sourceRemoved ? (
                    <Badge size="xs" color="gray" variant="outline">
                      {t('product.removed')}
                    </Badge>
                  ) : null}
                  {o.nameCollision ? (
                    <Badge size="xs" color="orange">
                      {t('product.collision')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <EditableField
                  productId={p._id}
                  path={`options.${i}.korName`}
                  value={o.korName}
                  label={`${t('product.optionKorName')} ${o.optionNumber}`}
                  hideLabel
                />
              </Table.Td>
              <Table.Td ta="right" data-testid="option-price">
                {o.price === null || o.priceMissing ? (
                  <Badge size="xs" color="red">
                    {t('product.priceMissing')}
                  </Badge>
                ) : (
                  yuan(o.price)
                )}
              </Table.Td>
              <Table.Td ta="right">{num(o.stock ?? null)}</Table.Td>
              <Table.Td ta="right" data-testid="option-weight">
                {grams(o.weightG ?? null)}
              </Table.Td>
              <Table.Td>{sizeText(o)}</Table.Td>
              <Table.Td ta="right">{won(o.purchasePrice ?? null)}</Table.Td>
              <Table.Td ta="right">{won(o.sellingPrice ?? null)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
