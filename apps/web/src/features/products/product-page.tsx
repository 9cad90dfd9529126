import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { ProductOption, RocketProduct } from '@rr/contracts';
import { productDisplayName } from '@rr/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getProduct } from '../../shared/products/api';
import { dateTime, grams, num, won, yuan } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { registrationPath, regProductPath } from '../../shared/products/paths';
import { StatusChips, TASK_ORDER, type Task, taskStatus } from '../../shared/products/status';
import { Thumb } from '../../shared/products/thumb';
import { CoupangRegistrationSection } from '../coupang/coupang-registration-section';
import { DocumentView } from './document-view';
import { EditableField, Field } from './editable-field';
import { PricingTab } from './pricing-tab';
import { SeoTab } from './seo-tab';
import { TaskHeader } from './task-header';
import { ImageStrip, ImageTaskBody, sourceDetailUrls } from './task-images';

type Offer = {
  offerId?: string;
  title?: string;
  unit?: string | null;
  mainImages?: string[];
  detailImages?: string[];
  attributes?: { name: string; value: string }[];
  priceTiers?: { minQuantity: number; priceFen: number }[];
  minOrderQuantity?: number | null;
  offerWeightG?: number | null;
  priceMode?: string;
};

export function ProductPage({ productId }: { productId: string }) {
  const { t } = useProductsT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'source';
  const q = useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });

  if (q.isPending) return <Text c="dimmed">{t('product.loading')}</Text>;
  if (q.error)
    return (
      <Alert color="red" title={t('product.notFound')}>
        {errorText(q.error)}
      </Alert>
    );
  const p = q.data;
  if (!p)
    return (
      <Stack>
        <Alert color="yellow">{t('product.notFound')}</Alert>
        <Anchor component={Link} to={registrationPath}>
          {t('product.back')}
        </Anchor>
      </Stack>
    );

  const offer = (p.source?.offer ?? {}) as Offer;
  const setTab = (v: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', v ?? 'source');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Thumb src={p.mainImages?.[0] ?? null} size={56} />
          <Stack gap={2}>
            <Group gap="xs">
              <Anchor component={Link} to={registrationPath} size="xs">
                ← {t('product.back')}
              </Anchor>
              <Code>{p.registrationId}</Code>
              {p.source?.offerId ? (
                <Text size="xs" c="dimmed">
                  {t('product.sourceOffer', { id: p.source.offerId })}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {dateTime(p.updatedAt)}
              </Text>
            </Group>
            <Title order={2} size="h4" data-testid="product-title">
              {productDisplayName(p)}
            </Title>
            <Text size="xs" c="dimmed" lang="zh">
              {p.productName}
            </Text>
            <StatusChips statuses={p} />
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          {p.rocketRegInfo ? (
            <Badge
              component={Link}
              to={`/category_min?product=${encodeURIComponent(p._id)}${p.updatedAt ? `&v=${encodeURIComponent(p.updatedAt)}` : ''}`}
              variant="light"
              size="lg"
              radius="sm"
              style={{ cursor: 'pointer' }}
              title={p.rocketRegInfo.categoryPath}
              data-testid="product-category"
            >
              {p.rocketRegInfo.categoryPath.split('>').slice(-2).join(' > ')}
            </Badge>
          ) : (
            <Button component={Link} to={regProductPath([p._id])} size="xs">
              {t('product.chooseCategory')}
            </Button>
          )}
        </Stack>
      </Group>

      {!p.rocketRegInfo ? (
        <Alert color="yellow" py={6}>
          {t('product.noCategory')}
        </Alert>
      ) : null}

      <CoupangRegistrationSection product={p} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="source">{t('product.tabSource')}</Tabs.Tab>
          <Tabs.Tab value="options">
            {t('product.tabOptions')} ({num(p.options.length)})
          </Tabs.Tab>
          {TASK_ORDER.map((task) => (
            <Tabs.Tab key={task} value={task} rightSection={<StatusDot status={taskStatus(p, task)} />}>
              {t(`task.${task}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="source" pt="sm">
          <SourceTab p={p} offer={offer} />
        </Tabs.Panel>
        <Tabs.Panel value="options" pt="sm">
          <OptionsTab p={p} />
        </Tabs.Panel>
        {TASK_ORDER.map((task) => (
          <Tabs.Panel key={task} value={task} pt="sm">
            <TaskTab p={p} task={task} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function StatusDot({ status }: { status: string }) {
  const colour =
    status === 'completed' || status === 'split_completed'
      ? 'var(--mantine-color-green-6)'
      : status === 'error'
        ? 'var(--mantine-color-red-6)'
        : status === 'processing'
          ? 'var(--mantine-color-blue-6)'
          : status.startsWith('partial')
            ? 'var(--mantine-color-yellow-6)'
            : 'var(--mantine-color-gray-4)';
  return (
    <span
      aria-hidden
      style={{ width: 8, height: 8, borderRadius: 4, background: colour, display: 'inline-block' }}
    />
  );
}

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

function SourceTab({ p, offer }: { p: RocketProduct; offer: Offer }) {
  const { t } = useProductsT();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Section title={t('product.basic')}>
        <Stack gap={6}>
          <EditableField productId={p._id} path="korName" value={p.korName} label={t('product.korName')} />
          <Field label={t('product.productName')}>
            <span lang="zh">{p.productName}</span>
          </Field>
          <SimpleGrid cols={2} spacing={6}>
            <EditableField productId={p._id} path="brand" value={p.brand} label={t('product.brand')} />
            <EditableField
              productId={p._id}
              path="manufacturer"
              value={p.manufacturer}
              label={t('product.manufacturer')}
            />
          </SimpleGrid>
          <SimpleGrid cols={3} spacing={6}>
            <Field label={t('product.offerId')}>{offer.offerId ?? p.source?.offerId ?? '—'}</Field>
            <Field label={t('product.moq')}>
              {offer.minOrderQuantity ? `${num(offer.minOrderQuantity)}${offer.unit ?? ''}` : '—'}
            </Field>
            <Field label={t('product.weight')}>{grams(offer.offerWeightG ?? null)}</Field>
          </SimpleGrid>
          <Field label={t('product.categoryPath')}>{p.rocketRegInfo?.categoryPath ?? '—'}</Field>
          {offer.priceTiers?.length ? (
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
              {(
                offer.attributes ??
                (p.attributes as { attributeName: string; value?: unknown }[] | undefined)?.map((a) => ({
                  name: a.attributeName,
                  value: String(a.value ?? ''),
                })) ??
                []
              ).map((a, i) => (
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
      <Section title={`${t('product.detailImages')} (${num(sourceDetailUrls(p).length)})`}>
        <ImageStrip urls={sourceDetailUrls(p)} label={t('product.detailedImage')} size={120} />
      </Section>
    </SimpleGrid>
  );
}

export function optionLabel(o: ProductOption): string {
  return [o.option1?.name, o.option2?.name].filter(Boolean).join(' / ') || (o.sourceKey ?? '');
}

function OptionsTab({ p }: { p: RocketProduct }) {
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
              <Table.Td>
                {o.sizeCm
                  ? `${o.sizeCm.length ?? '?'}×${o.sizeCm.width ?? '?'}×${o.sizeCm.height ?? '?'}`
                  : '—'}
              </Table.Td>
              <Table.Td ta="right">{won(o.purchasePrice ?? null)}</Table.Td>
              <Table.Td ta="right">{won(o.sellingPrice ?? null)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function TaskTab({ p, task }: { p: RocketProduct; task: Task }) {
  let body: ReactNode;
  switch (task) {
    case 'seo':
      body = <SeoTab p={p} />;
      break;
    case 'pricing':
      body = <PricingTab p={p} />;
      break;
    case 'mainImage':
    case 'additionalImage':
    case 'detailImage':
    case 'koreanLabel':
    case 'sizeChart':
      body = <ImageTaskBody p={p} task={task} />;
      break;
    case 'quotation':
      body = <DocumentView p={p} />;
      break;
  }
  return (
    <div>
      <TaskHeader p={p} task={task} />
      {body}
    </div>
  );
}
