import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ImageActionResponse } from '@rr/contracts';
import { productDisplayName } from '@rr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, http } from '../../app/http';
import { getProduct, getSummaries } from '../../shared/products/api';
import { productPath } from '../../shared/products/paths';
import {
  type Arrangement,
  type DetailPageView,
  detailPageOf,
  initialArrangement,
  isRearranged,
  keptOrder,
  move,
  toggleDropped,
} from './detail-page-state';
import { useDetailPageT } from './i18n';

function Frame({ url, label }: { url: string | undefined; label: string }) {
  const { t } = useDetailPageT();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="frame-image">
      {url ? <Image src={url} alt={label} w={56} h={56} fit="contain" radius="xs" /> : null}
      <Stack gap={0} miw={0}>
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {url ?? t('noFrame')}
        </Text>
      </Stack>
    </Group>
  );
}

/** The page's images in the seller's order, each with up / down and "include". */
function ImageOrder({
  view,
  arrangement,
  onChange,
}: {
  view: DetailPageView;
  arrangement: Arrangement;
  onChange: (a: Arrangement) => void;
}) {
  const { t } = useDetailPageT();
  const byIndex = new Map(view.entries.map((e) => [e.index, e]));
  return (
    <Stack gap={4} data-testid="page-images">
      {arrangement.order.map((index, position) => {
        const e = byIndex.get(index);
        if (!e) return null;
        const n = index + 1;
        const dropped = arrangement.dropped.has(index);
        return (
          <Paper
            key={index}
            withBorder
            p={4}
            data-testid="page-image"
            data-index={index}
            data-dropped={dropped || undefined}
            style={{ opacity: dropped ? 0.5 : 1 }}
          >
            <Group gap="xs" wrap="nowrap">
              <Checkbox
                aria-label={t('keep', { n })}
                checked={!dropped}
                onChange={() => onChange(toggleDropped(arrangement, index))}
              />
              <Image src={e.url} alt={t('imageN', { n })} w={56} h={56} fit="contain" radius="xs" />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" fw={600}>
                  {t('imageN', { n })}
                </Text>
                <Group gap={4}>
                  {e.processType ? (
                    <Badge size="xs" variant="light" color={e.processType === 'error' ? 'red' : 'blue'}>
                      {e.processType}
                    </Badge>
                  ) : null}
                  {dropped ? (
                    <Badge size="xs" color="gray">
                      {t('dropped')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('up', { n })}
                disabled={position === 0}
                onClick={() => onChange(move(arrangement, position, -1))}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('down', { n })}
                disabled={position === arrangement.order.length - 1}
                onClick={() => onChange(move(arrangement, position, 1))}
              >
                ↓
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

function ProductDetailPage({ productId }: { productId: string }) {
  const { t } = useDetailPageT();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
  const [arrangement, setArrangement] = useState<{ key: string; value: Arrangement } | null>(null);
  const view = q.data ? detailPageOf(q.data as unknown as Record<string, unknown>) : null;
  // A new stored page (after a merge or a task) starts a new arrangement.
  const key = view ? JSON.stringify(view.entries.map((e) => [e.index, e.url])) : '';
  const current = view ? (arrangement?.key === key ? arrangement.value : initialArrangement(view)) : null;
  const remerge = useMutation({
    mutationFn: (order: number[]) =>
      http.post<ImageActionResponse>(`/api/product-images/${encodeURIComponent(productId)}/detail-page`, {
        order,
      }),
    onSuccess: async () => {
      setArrangement(null);
      await client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });

  if (q.isPending) return <Text c="dimmed">{t('loading')}</Text>;
  if (q.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(q.error)}
      </Alert>
    );
  if (!q.data || !view || !current) return <Alert color="yellow">{t('pickProduct')}</Alert>;
  const kept = keptOrder(current);
  const changed = isRearranged(current, view);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={700}>{productDisplayName(q.data)}</Text>
        <Anchor component={Link} to={`${productPath(productId)}&tab=detailImage`} size="sm">
          {t('openProduct')}
        </Anchor>
      </Group>
      {view.entries.length === 0 ? (
        <Alert color="yellow" data-testid="no-detail-images">
          {t('noImages')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Paper withBorder p="sm">
            <Text fw={700} size="sm" mb={4}>
              {t('page')}
            </Text>
            {view.merged ? (
              <>
                <Text size="xs" c="dimmed" mb={4} data-testid="merged-info">
                  {view.merged.width && view.merged.height
                    ? t('merged', {
                        width: view.merged.width,
                        height: view.merged.height,
                        size: view.merged.filesize ?? '—',
                      })
                    : t('mergedNoSize')}
                </Text>
                <ScrollArea h="70vh" type="auto">
                  <img
                    src={view.merged.url}
                    alt={t('page')}
                    data-testid="merged-page"
                    style={{ width: '100%', maxWidth: 800, display: 'block' }}
                  />
                </ScrollArea>
              </>
            ) : (
              <>
                <Text size="xs" c="orange" mb={4} data-testid="individual-images">
                  {t('individual')}
                </Text>
                <ScrollArea h="70vh" type="auto">
                  {[
                    { key: 'top', url: view.top },
                    ...view.entries.map((e) => ({ key: `image-${e.index}`, url: e.url })),
                    { key: 'bottom', url: view.bottom },
                  ].map((x) =>
                    x.url ? (
                      <img
                        key={x.key}
                        src={x.url}
                        alt=""
                        style={{ width: '100%', maxWidth: 800, display: 'block' }}
                      />
                    ) : null,
                  )}
                </ScrollArea>
              </>
            )}
          </Paper>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Text fw={700} size="sm">
                {t('images', { kept: kept.length, total: view.entries.length })}
              </Text>
              <Frame url={view.top} label={t('top')} />
              <ImageOrder
                view={view}
                arrangement={current}
                onChange={(value) => setArrangement({ key, value })}
              />
              <Frame url={view.bottom} label={t('bottom')} />
              <Anchor component={Link} to="/settings" size="xs">
                {t('settings')}
              </Anchor>
              {current.dropped.size > 0 ? (
                <Text size="xs" c="orange">
                  {t('dropWarning')}
                </Text>
              ) : null}
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={remerge.isPending}
                  disabled={kept.length === 0}
                  onClick={() => remerge.mutate(kept)}
                  data-testid="remerge"
                >
                  {t('remerge')}
                </Button>
                <Button size="xs" variant="default" disabled={!changed} onClick={() => setArrangement(null)}>
                  {t('reset')}
                </Button>
              </Group>
              {kept.length === 0 ? (
                <Text size="xs" c="red" role="alert">
                  {t('needOne')}
                </Text>
              ) : null}
              {remerge.isError ? (
                <Alert color="red" role="alert" py={6}>
                  {errorMessage(remerge.error)}
                </Alert>
              ) : remerge.data ? (
                <Text size="sm" c="green" role="status" data-testid="remerge-result">
                  {remerge.data.message}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * AI 상세페이지 (/AIpage, /AIpageV2): a product's detail page as it will be published — the merged
 * 800 px image, the top and bottom images from the settings, reorder and drop images, merge again.
 */
export function DetailPageScreen({ variant }: { variant: 'v1' | 'v2' }) {
  const { t } = useDetailPageT();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const list = useQuery({
    queryKey: ['detail-page-products'],
    queryFn: ({ signal }) => getSummaries({ pageSize: 500, inRegistration: true }, signal),
  });
  return (
    <Stack gap="sm" p="md" maw={1400}>
      <Title order={2}>{variant === 'v2' ? t('titleV2') : t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      <Select
        label={t('product')}
        placeholder={t('productPlaceholder')}
        searchable
        w={480}
        data={(list.data?.rows ?? []).map((r) => ({
          value: r._id,
          label: `${r.registrationId} · ${r.korName || r.productName}`,
        }))}
        value={productId}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (v) next.set('product', v);
            else next.delete('product');
            return next;
          })
        }
        nothingFoundMessage="—"
        data-testid="detail-page-product"
      />
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      {productId ? (
        <ProductDetailPage key={productId} productId={productId} />
      ) : (
        <Text c="dimmed">{t('pickProduct')}</Text>
      )}
    </Stack>
  );
}
