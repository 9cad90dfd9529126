import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { won } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { AttrTable } from './attr-table';
import type { DocumentViewModel } from './document-view-state';
import { EditableField, Field } from './editable-field';
import { fieldSourcesOf } from './field-source';
import { quotationSourceText } from './quotation-panel';

/** The product part of the document: name, brand, tags, prices and the attributes (editable). */
export function DocumentProductCard({ p, v }: { p: RocketProduct; v: DocumentViewModel }) {
  const { t } = useProductsT();
  const attrProps = {
    productId: p._id,
    sources: fieldSourcesOf(p),
    schemaAttrs: v.schemaAttrs,
    sourceText: (name: string) => quotationSourceText(p, v.optionNumber, name),
  };
  const { i, base, doc, page, common, exposed, exposedBase, unexposed } = v;
  return (
    <Paper withBorder p="sm" style={{ gridColumn: 'span 2' }}>
      <Stack gap={8}>
        <Text fw={700} size="sm">
          {t('product.docProduct')}
        </Text>
        <EditableField
          key={`${i}-name`}
          productId={p._id}
          path={`${base}.startPage.productName`}
          value={doc.startPage?.productName}
          label={t('product.docName')}
        />
        <SimpleGrid cols={3} spacing={6}>
          <EditableField
            key={`${i}-brand`}
            productId={p._id}
            path={`${base}.productPage.brand`}
            value={page.brand}
            label={t('product.brand')}
          />
          <EditableField
            key={`${i}-mfr`}
            productId={p._id}
            path={`${base}.productPage.manufacturer`}
            value={page.manufacturer}
            label={t('product.manufacturer')}
          />
          <EditableField
            key={`${i}-model`}
            productId={p._id}
            path={`${base}.productPage.modelNumber`}
            value={page.modelNumber}
            label={t('product.modelNumber')}
          />
        </SimpleGrid>
        <EditableField
          key={`${i}-tags`}
          productId={p._id}
          path={`${base}.productPage.searchTags`}
          value={page.searchTags}
          label={t('product.searchTags')}
        />
        <SimpleGrid cols={3} spacing={6}>
          <EditableField
            key={`${i}-pp`}
            productId={p._id}
            path={`${base}.productPage.commonAttributes.purchasePrice`}
            value={common.purchasePrice}
            label={t('product.purchasePriceWon')}
            kind="number"
          />
          <Field label={t('product.coupangSalePrice')}>
            {won(Number(common.coupangSalePrice ?? Number.NaN))}
          </Field>
          <Field label={t('product.msrp')}>{won(Number(common.msrp ?? common.osrp ?? Number.NaN))}</Field>
        </SimpleGrid>
        <AttrTable
          title={t('product.exposed')}
          attrs={exposed}
          basePath={exposedBase}
          keyPrefix={`${i}-e`}
          {...attrProps}
        />
        <AttrTable
          title={t('product.unexposed')}
          attrs={unexposed}
          basePath={`${base}.productPage.unexposedAttributes`}
          keyPrefix={`${i}-u`}
          {...attrProps}
        />
      </Stack>
    </Paper>
  );
}
