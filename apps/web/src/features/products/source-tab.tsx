import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { ReactNode } from 'react';
import { grams, num, yuan } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { EditableField, Field } from './editable-field';
import { sourceDetailUrls } from './image-records';
import { ImageStrip } from './image-strip';
import { producedNames } from './produced-names';
import { offerView, sourceAttributes } from './product-page-state';

function Section({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={6}>
        <Text fw={700} size="sm">
          {title}
        </Text>
        {right}
      </Group>
      {children}
    </Paper>
  );
}

/** The source tab: the names (editable), the 1688 offer, its attributes and images. */
export function SourceTab({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const offer = offerView(p);
  const detailUrls = sourceDetailUrls(p);
  // Issue 42: what the run produced shows where the product has no own value, with its mark.
  const names = producedNames(p);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Section title={t('product.basic')}>
        <Stack gap={6}>
          <EditableField
            productId={p._id}
            path="korName"
            value={names.korName.value}
            label={t('product.korName')}
            source={names.korName.produced ? 'ai' : undefined}
          />
          <Field label={t('product.productName')}>
            <span lang="zh">{p.productName}</span>
          </Field>
          <SimpleGrid cols={2} spacing={6}>
            <EditableField
              productId={p._id}
              path="brand"
              value={names.brand.value}
              label={t('product.brand')}
              source={names.brand.produced ? 'source' : undefined}
            />
            <EditableField
              productId={p._id}
              path="manufacturer"
              value={names.manufacturer.value}
              label={t('product.manufacturer')}
              source={names.manufacturer.produced ? 'source' : undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={3} spacing={6}>
            <Field label={t('product.offerId')}>{offer.offerId ?? p.source?.offerId ?? '—'}</Field>
            <Field label={t('product.moq')}>
              {offer.minOrderQuantity ? `${num(offer.minOrderQuantity)}${offer.unit}` : '—'}
            </Field>
            <Field label={t('product.weight')}>{grams(offer.offerWeightG)}</Field>
          </SimpleGrid>
          <Field label={t('product.categoryPath')}>{p.rocketRegInfo?.categoryPath ?? '—'}</Field>
          {offer.priceTiers.length ? (
            <Field label={t('product.tiers')}>
              <Group gap={6}>
                {offer.priceTiers.map((tier) => (
                  <Badge key={tier.minQuantity} variant="light" radius="sm">
                    {num(tier.minQuantity)}+ : {yuan(tier.priceFen / 100)}
                  </Badge>
                ))}
              </Group>
            </Field>
          ) : null}
        </Stack>
      </Section>
      <Section title={t('product.attributes')}>
        <ScrollArea.Autosize mah={320}>
          <Table fz="xs" verticalSpacing={2} striped>
            <Table.Tbody>
              {sourceAttributes(p, offer).map((a, i) => (
                <Table.Tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                  key={`${a.name}-${i}`}
                >
                  <Table.Td w={140} c="dimmed" lang="zh">
                    {a.name}
                  </Table.Td>
                  <Table.Td lang="zh">{a.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Section>
      <Section title={`${t('product.mainImages')} (${num(p.mainImages?.length ?? 0)})`}>
        <ImageStrip urls={p.mainImages ?? []} label={t('product.mainImage')} />
      </Section>
      <Section title={`${t('product.detailImages')} (${num(detailUrls.length)})`}>
        <ImageStrip urls={detailUrls} label={t('product.detailedImage')} size={120} />
      </Section>
    </SimpleGrid>
  );
}
