import { List, Paper, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { formatMessage } from '@rr/domain';
import { useProductsT } from '../../shared/products/i18n';
import type { DocumentViewModel } from './document-view-state';
import { EditableField, Field } from './editable-field';
import { fieldSourcesOf, sourceOf } from './field-source';

/** The completeness checklist of @rr/domain for the document on screen. */
export function ChecklistCard({ v }: { v: DocumentViewModel }) {
  const { t, i18n } = useProductsT();
  const { report } = v;
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('product.checklist')}
      </Text>
      {report.issues.length === 0 ? (
        <Text size="sm" c="green">
          {t('product.checkOk')}
        </Text>
      ) : (
        <List size="sm" spacing={2} data-testid="completeness-issues">
          {report.issues.map((issue) => (
            <List.Item key={`${issue.code}-${issue.path ?? ''}`} c="red" data-code={issue.code}>
              {formatMessage(issue.code, issue.params, i18n.language === 'en' ? 'en' : 'ko')}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed" mt={6}>
        {report.fulfilled} / {report.total}
      </Text>
    </Paper>
  );
}

/** The document's image names and the alt text (editable). */
export function ImagesCard({ p, v }: { p: RocketProduct; v: DocumentViewModel }) {
  const { t } = useProductsT();
  const { i, base, images, details } = v;
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Text fw={700} size="sm">
          {t('product.docImages')}
        </Text>
        <Field label={t('product.mainImage')}>{images.mainImage || '—'}</Field>
        <Field label={t('product.additionalImage')}>{images.additionalImage || '—'}</Field>
        <Field label={t('product.detailedImage')}>
          {details.detailedImage || (details.htmlProductDetailContent ? 'HTML' : '—')}
        </Field>
        <EditableField
          key={`${i}-alt`}
          productId={p._id}
          path={`${base}.imagePage.details.altText`}
          value={details.altText}
          label={t('product.altText')}
        />
      </Stack>
    </Paper>
  );
}

/** Box size, weight and SKUs per box (editable). */
export function LogisticsCard({ p, v }: { p: RocketProduct; v: DocumentViewModel }) {
  const { t } = useProductsT();
  const sources = fieldSourcesOf(p);
  const { i, base, logistics } = v;
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Text fw={700} size="sm">
          {t('product.docLogistics')}
        </Text>
        <EditableField
          key={`${i}-dim`}
          productId={p._id}
          path={`${base}.logisticsPage.skuUnitBoxDimension`}
          value={logistics.skuUnitBoxDimension}
          label={t('product.boxDimension')}
          source={sourceOf(sources, `${base}.logisticsPage.skuUnitBoxDimension`)}
        />
        <EditableField
          key={`${i}-w`}
          productId={p._id}
          path={`${base}.logisticsPage.skuUnitBoxWeight`}
          value={logistics.skuUnitBoxWeight}
          label={t('product.boxWeight')}
          source={sourceOf(sources, `${base}.logisticsPage.skuUnitBoxWeight`)}
        />
        <EditableField
          key={`${i}-skus`}
          productId={p._id}
          path={`${base}.logisticsPage.totalSKUsInBox`}
          value={logistics.totalSKUsInBox}
          label={t('product.skusInBox')}
          kind="number"
        />
      </Stack>
    </Paper>
  );
}
