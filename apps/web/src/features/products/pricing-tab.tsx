import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { Pricing, type PricingInfo } from '@rr/domain';
import type { ReactNode } from 'react';
import { num, won, yuan } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { CoupangFieldReason } from '../coupang/coupang-field-reason';
import { EditableField } from './editable-field';
import { fieldSourcesOf, SourceBadge, sourceOf } from './field-source';

const PRICE_FIELDS = ['supplyPrice', 'sellingPrice', 'msrp'] as const;
const toWon = (s: string) => (s.trim() === '' ? null : Math.round(Number(s.replace(/[^\d.-]/g, ''))));

/** Pricing (W §3, §9): the basis the prices were computed with, and each option's prices in 원. */
export function PricingTab({ p }: { p: RocketProduct }) {
  const { t } = useWorkflowT();
  const { t: tp } = useProductsT();
  const parsed = Pricing.safeParse(p.pricing ?? null);
  const info = parsed.success ? parsed.data.info : null;
  const sources = fieldSourcesOf(p);
  const priced = p.options.some(
    (o) => typeof o.sellingPrice === 'number' || typeof o.supplyPrice === 'number',
  );

  return (
    <Stack gap="sm" data-testid="pricing-tab">
      {!priced ? (
        <Alert color="gray" variant="light" py={6}>
          {t('pricing.empty')}
        </Alert>
      ) : null}
      {info ? <PricingBasis info={info} /> : null}
      <Paper withBorder p="sm">
        <Group justify="space-between" mb={6}>
          <Text fw={700} size="sm">
            {t('pricing.options')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('pricing.editHint')}
          </Text>
        </Group>
        <CoupangFieldReason registration={p.coupangRegistration} field="price" />
        <Table.ScrollContainer minWidth={900}>
          <Table fz="xs" verticalSpacing={2} withTableBorder striped data-testid="pricing-options">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>{tp('product.optionNumber')}</Table.Th>
                <Table.Th>{t('pricing.option')}</Table.Th>
                <Table.Th ta="right">{t('pricing.sourcePrice')}</Table.Th>
                <Table.Th ta="right">{t('pricing.bundle')}</Table.Th>
                <Table.Th ta="right">{t('pricing.cost')}</Table.Th>
                <Table.Th w={120}>{t('pricing.supplyPrice')}</Table.Th>
                <Table.Th w={120}>{t('pricing.sellingPrice')}</Table.Th>
                <Table.Th w={120}>{t('pricing.msrp')}</Table.Th>
                <Table.Th ta="right">{t('pricing.supplyMargin')}</Table.Th>
                <Table.Th ta="right">{t('pricing.sellingMargin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.options.map((o, i) => {
                const n = (k: string) => {
                  const v = o[k];
                  return typeof v === 'number' ? v : null;
                };
                return (
                  <Table.Tr key={o.optionNumber || i} data-testid="pricing-row">
                    <Table.Td ff="monospace">{o.optionNumber}</Table.Td>
                    <Table.Td>
                      {o.korName || [o.option1?.name, o.option2?.name].filter(Boolean).join(' / ')}
                    </Table.Td>
                    <Table.Td ta="right">{yuan(o.price)}</Table.Td>
                    <Table.Td ta="right">{num(n('bundleQuantity'))}</Table.Td>
                    <Table.Td ta="right" data-testid="price-cost">
                      {won(n('purchasePrice'))}
                    </Table.Td>
                    {PRICE_FIELDS.map((field) => (
                      <Table.Td key={field} data-testid={`price-${field}`}>
                        <Group gap={4} wrap="nowrap">
                          <EditableField
                            productId={p._id}
                            path={`options.${i}.${field}`}
                            value={n(field)}
                            label={`${t(`pricing.${field}`)} ${o.optionNumber}`}
                            hideLabel
                            kind="number"
                            toSave={toWon}
                          />
                          <SourceBadge source={sourceOf(sources, `options.${i}.${field}`)} />
                        </Group>
                        <Text size="xs" c="dimmed" ta="right" data-testid={`price-${field}-won`}>
                          {won(n(field))}
                        </Text>
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{won(n('supplyMargin'))}</Table.Td>
                    <Table.Td ta="right">{won(n('sellingMargin'))}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function PricingBasis({ info }: { info: PricingInfo }) {
  const { t } = useWorkflowT();
  const items: [string, ReactNode][] = [
    [t('pricing.exchangeRate'), `${num(info.exchangeRate)}`],
    [t('pricing.marginRate'), `${info.marginRate}%`],
    [t('pricing.coupangMarginRate'), `${info.coupangMarginRate}%`],
    [t('pricing.roundUnit'), won(info.roundUnit)],
    [t('pricing.msrpMultiplier'), `×${info.msrpMultiplier}`],
    [t('pricing.bundling'), info.enableBundling ? t('pricing.bundlingOn') : t('pricing.bundlingOff')],
    [t('pricing.minMargin'), won(info.minMarginAmount)],
    [t('pricing.minCoupangMargin'), won(info.minCoupangMarginAmount)],
    [
      t('pricing.minSupplyMargin'),
      info.enableMinSupplyMargin ? won(info.minSupplyMarginAmount) : t('pricing.bundlingOff'),
    ],
  ];
  return (
    <Paper withBorder p="sm" data-testid="pricing-info">
      <Text fw={700} size="sm" mb={6}>
        {t('pricing.info')}
      </Text>
      <SimpleGrid cols={{ base: 3, md: 5, xl: 9 }} spacing={8}>
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
