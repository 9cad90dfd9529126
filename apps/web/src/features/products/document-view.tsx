import {
  Alert,
  Badge,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import {
  type CategorySchema,
  checkCompleteness,
  type FieldSources,
  formatMessage,
  type RegistrationDocument,
} from '@rr/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { won } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { regProductPath } from '../../shared/products/paths';
import { CompletenessBar } from '../../shared/products/status';
import { EditableField, Field } from './editable-field';
import { fieldSourcesOf, SourceBadge, sourceOf } from './field-source';
import { DropdownField, QuotationActions, quotationSourceText, SourceText } from './quotation-panel';
import { SchemaFindings } from './schema-findings';

type Attr = { attributeName?: string; attributeValue?: unknown };
type SchemaAttr = Pick<CategorySchema['attributes'][number], 'name' | 'inputType' | 'choices'>;

/** The per-option registration document, readable, with the completeness checklist of @rr/domain. */
export function DocumentView({ p }: { p: RocketProduct }) {
  const { t, i18n } = useProductsT();
  const docs = ((p.coupangDoc as { jsonDocument?: RegistrationDocument[] } | undefined)?.jsonDocument ??
    []) as RegistrationDocument[];
  const [index, setIndex] = useState(0);
  if (!docs.length)
    return (
      <Alert color="yellow">
        {t('product.noDocument')} <Link to={regProductPath([p._id])}>{t('product.chooseCategory')}</Link>
      </Alert>
    );
  const i = Math.min(index, docs.length - 1);
  const doc = docs[i] as RegistrationDocument;
  const schema = p.rocketRegInfo?.schemaInfo as
    | Pick<CategorySchema, 'attributes' | 'requiredFields'>
    | undefined;
  const report = checkCompleteness(doc, schema);
  const optionNumber = p.options[i]?.optionNumber;
  const optionStatus = (p.options[i] as { quotationStatus?: string } | undefined)?.quotationStatus;
  const sources = fieldSourcesOf(p);
  const schemaAttrs = new Map<string, SchemaAttr>((schema?.attributes ?? []).map((a) => [a.name, a]));
  const attrProps = {
    productId: p._id,
    sources,
    schemaAttrs,
    sourceText: (name: string) => quotationSourceText(p, optionNumber, name),
  };
  const base = `coupangDoc.jsonDocument.${i}`;
  const page = doc.productPage ?? {};
  const common = page.commonAttributes ?? {};
  const exposed = (common.exposedAttributes ?? page.exposedAttributes ?? []) as Attr[];
  const exposedBase = common.exposedAttributes
    ? `${base}.productPage.commonAttributes.exposedAttributes`
    : `${base}.productPage.exposedAttributes`;
  const unexposed = (page.unexposedAttributes ?? []) as Attr[];
  const images = doc.imagePage?.images ?? {};
  const details = doc.imagePage?.details ?? {};
  const logistics = doc.logisticsPage ?? {};
  const legal = doc.legalPage ?? {};
  const optionData = docs.map((_, k) => {
    const o = p.options[k];
    return { value: String(k), label: `${o?.optionNumber ?? k + 1} ${o?.korName ?? ''}`.trim() };
  });

  return (
    <Stack gap="sm">
      <QuotationActions p={p} optionNumber={optionNumber} />
      <Group gap="sm" align="flex-end">
        {docs.length <= 6 ? (
          <SegmentedControl
            size="xs"
            data={optionData}
            value={String(i)}
            onChange={(v) => setIndex(Number(v))}
            aria-label={t('product.option')}
          />
        ) : (
          <Select
            size="xs"
            w={320}
            label={t('product.option')}
            data={optionData}
            value={String(i)}
            onChange={(v) => setIndex(Number(v ?? 0))}
            allowDeselect={false}
            searchable
          />
        )}
        {optionStatus ? (
          <Badge
            variant="light"
            color={optionStatus === 'completed' ? 'green' : optionStatus === 'error' ? 'red' : 'blue'}
            data-testid="option-quotation-status"
          >
            {t(`status.${optionStatus}`, { defaultValue: optionStatus })}
          </Badge>
        ) : null}
        <Group gap={6}>
          <Text size="sm" fw={600} data-testid="completeness-rate">
            {t('product.completeness', { rate: report.percent })}
          </Text>
          <CompletenessBar rate={report.percent} width={140} />
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
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

        <SchemaFindings doc={doc} schemaInfo={p.rocketRegInfo?.schemaInfo} optionPosition={i + 1} />

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

        <Paper withBorder p="sm">
          <Text fw={700} size="sm" mb={6}>
            {t('product.docLegal')}
          </Text>
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
      </SimpleGrid>
    </Stack>
  );
}

function AttrTable({
  title,
  attrs,
  productId,
  basePath,
  keyPrefix,
  sources,
  schemaAttrs,
  sourceText,
}: {
  title: string;
  attrs: Attr[];
  productId: string;
  basePath: string;
  keyPrefix: string;
  sources: FieldSources;
  schemaAttrs: ReadonlyMap<string, SchemaAttr>;
  sourceText: (name: string) => string | undefined;
}) {
  const { t } = useProductsT();
  return (
    <div>
      <Text size="xs" c="dimmed" mb={2}>
        {title} ({attrs.length})
      </Text>
      {attrs.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('product.none')}
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={1}>
          <Table.Tbody>
            {attrs.map((a, k) => {
              const path = `${basePath}.${k}.attributeValue`;
              const spec = a.attributeName ? schemaAttrs.get(a.attributeName) : undefined;
              const source = sourceOf(sources, path);
              const label = `${title} ${a.attributeName ?? ''}`;
              return (
                <Table.Tr key={`${keyPrefix}-${a.attributeName ?? k}`} data-attribute={a.attributeName}>
                  <Table.Td w="35%" c="dimmed">
                    {a.attributeName}
                  </Table.Td>
                  <Table.Td>
                    {spec?.inputType === 'SELECT' && spec.choices.length > 0 ? (
                      <DropdownField
                        // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                        key={`${keyPrefix}-${k}`}
                        productId={productId}
                        path={path}
                        value={a.attributeValue}
                        label={label}
                        choices={spec.choices}
                        source={source}
                      />
                    ) : (
                      <Group gap={4} wrap="nowrap" align="center">
                        <div style={{ flex: 1 }}>
                          <EditableField
                            // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                            key={`${keyPrefix}-${k}`}
                            productId={productId}
                            path={path}
                            value={a.attributeValue}
                            label={label}
                            hideLabel
                          />
                        </div>
                        <SourceBadge source={source} />
                      </Group>
                    )}
                    {source === 'ai' || source === 'offline' ? (
                      <SourceText text={a.attributeName ? sourceText(a.attributeName) : undefined} />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
