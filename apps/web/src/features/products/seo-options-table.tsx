import { Paper, Table, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { FieldSources, Seo } from '@rr/domain';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { EditableField } from './editable-field';
import { SourceBadge, sourceOf } from './field-source';

/** Each option's Korean name (editable) beside the name the SEO task proposed. */
export function SeoOptionsTable({ p, seo, sources }: { p: RocketProduct; seo: Seo; sources: FieldSources }) {
  const { t: tp } = useProductsT();
  const { t } = useWorkflowT();
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('seo.optionNames')}
      </Text>
      <Table fz="xs" verticalSpacing={2} withTableBorder data-testid="seo-options">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{tp('product.optionNumber')}</Table.Th>
            <Table.Th>{tp('product.optionKorName')}</Table.Th>
            <Table.Th w={180}>{t('seo.aiOptionName')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.options.map((o, i) => (
            <Table.Tr key={o.optionNumber || i}>
              <Table.Td ff="monospace">{o.optionNumber}</Table.Td>
              <Table.Td>
                <EditableField
                  productId={p._id}
                  path={`options.${i}.korName`}
                  value={o.korName}
                  label={`${tp('product.optionKorName')} ${o.optionNumber}`}
                  hideLabel
                />
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {seo.options.find((s) => s.optionNumber === o.optionNumber)?.korName || '—'}{' '}
                  <SourceBadge source={sourceOf(sources, `options.${i}.korName`)} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
