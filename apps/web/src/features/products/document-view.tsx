import { Alert, Badge, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { Link } from 'react-router';
import { useProductsT } from '../../shared/products/i18n';
import { regProductPath } from '../../shared/products/paths';
import { CompletenessBar } from '../../shared/products/status';
import { ChecklistCard, ImagesCard, LogisticsCard } from './document-cards';
import { DocumentLegalCard } from './document-legal-card';
import { DocumentProductCard } from './document-product-card';
import { type DocumentViewModel, optionChoices, optionStatusColour } from './document-view-state';
import { QuotationActions } from './quotation-panel';
import { SchemaFindings } from './schema-findings';
import { useDocumentView } from './use-document-view';

/** The option picker (buttons for a few options, a searchable list for many), its status, the rate. */
function OptionBar({ p, v, pick }: { p: RocketProduct; v: DocumentViewModel; pick: (i: number) => void }) {
  const { t } = useProductsT();
  const choices = optionChoices(p);
  const { i, optionStatus, report } = v;
  return (
    <Group gap="sm" align="flex-end">
      {v.count <= 6 ? (
        <SegmentedControl
          size="xs"
          data={choices}
          value={String(i)}
          onChange={(value) => pick(Number(value))}
          aria-label={t('product.option')}
        />
      ) : (
        <Select
          size="xs"
          w={320}
          label={t('product.option')}
          data={choices}
          value={String(i)}
          onChange={(value) => pick(Number(value ?? 0))}
          allowDeselect={false}
          searchable
        />
      )}
      {optionStatus ? (
        <Badge variant="light" color={optionStatusColour(optionStatus)} data-testid="option-quotation-status">
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
  );
}

/** The per-option registration document, readable, with the completeness checklist of @rr/domain. */
export function DocumentView({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const { view: v, pick } = useDocumentView(p);
  if (!v)
    return (
      <Alert color="yellow">
        {t('product.noDocument')} <Link to={regProductPath([p._id])}>{t('product.chooseCategory')}</Link>
      </Alert>
    );
  return (
    <Stack gap="sm">
      <QuotationActions p={p} optionNumber={v.optionNumber} />
      <OptionBar p={p} v={v} pick={pick} />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
        <DocumentProductCard p={p} v={v} />
        <ChecklistCard v={v} />
        <SchemaFindings doc={v.doc} schemaInfo={p.rocketRegInfo?.schemaInfo} optionPosition={v.i + 1} />
        <ImagesCard p={p} v={v} />
        <LogisticsCard p={p} v={v} />
        <DocumentLegalCard p={p} v={v} />
      </SimpleGrid>
    </Stack>
  );
}
