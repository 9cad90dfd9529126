import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { useProductsT } from '../../shared/products/i18n';
import { CoupangFieldReason } from '../coupang/coupang-field-reason';
import type { DocumentViewModel } from './document-view-state';
import { EditableField } from './editable-field';
import { fieldSourcesOf, sourceOf } from './field-source';

/** The legal part: the notices (editable), the KC mark and the certificates. */
export function DocumentLegalCard({ p, v }: { p: RocketProduct; v: DocumentViewModel }) {
  const { t } = useProductsT();
  const sources = fieldSourcesOf(p);
  const { i, base, legal } = v;
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('product.docLegal')}
      </Text>
      <CoupangFieldReason registration={p.coupangRegistration} field="notice" />
      <Table fz="xs" verticalSpacing={2}>
        <Table.Tbody>
          {(legal.notices ?? []).map((n, k) => (
            <Table.Tr
              // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
              key={`${i}-${n.noticeItemName ?? n.noticeCategoryDetailName}-${k}`}
            >
              <Table.Td c="dimmed" w="45%">
                {n.noticeItemName ?? n.noticeCategoryDetailName}
              </Table.Td>
              <Table.Td>
                <EditableField
                  productId={p._id}
                  path={`${base}.legalPage.notices.${k}.${n.noticeItemName !== undefined ? 'noticeItemValue' : 'content'}`}
                  value={n.noticeItemValue ?? n.content ?? ''}
                  label={`${t('product.notices')} ${n.noticeItemName ?? n.noticeCategoryDetailName ?? ''}`}
                  hideLabel
                  source={sourceOf(sources, `${base}.legalPage.notices.${k}`)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap={4} mt={6}>
        <Text size="xs" c="dimmed">
          {t('product.certificates')}
        </Text>
        {legal.kcMarkType ? <Badge size="xs">{legal.kcMarkType}</Badge> : null}
        {(legal.certificates ?? []).length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('product.none')}
          </Text>
        ) : null}
      </Group>
      <CoupangFieldReason registration={p.coupangRegistration} field="certification" />
      <Stack gap={4} mt={4}>
        {(legal.certificates ?? []).map((c, k) => (
          <EditableField
            key={`${i}-c-${c.certificateName ?? k}`}
            productId={p._id}
            path={`${base}.legalPage.certificates.${k}.certificateValue`}
            value={c.certificateValue}
            label={c.certificateName ?? t('product.certificates')}
            source={sourceOf(sources, `${base}.legalPage.certificates.${k}`)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
