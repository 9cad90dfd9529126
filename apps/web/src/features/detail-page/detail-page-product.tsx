import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { productDisplayName } from '@rr/domain';
import { Link } from 'react-router';
import { errorMessage } from '../../app/http';
import { productPath } from '../../shared/products/paths';
import { Frame, ImageOrder } from './detail-page-images';
import { DetailPagePreview } from './detail-page-preview';
import { isRearranged, keptOrder } from './detail-page-state';
import { useDetailPageT } from './i18n';
import { useDetailPage } from './use-detail-page';

/** One product's detail page: the preview, and the images to reorder, drop and merge again. */
export function ProductDetailPage({ productId }: { productId: string }) {
  const { t } = useDetailPageT();
  const { q, view, current, dispatch, remerge } = useDetailPage(productId);

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
          <DetailPagePreview view={view} />
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Text fw={700} size="sm">
                {t('images', { kept: kept.length, total: view.entries.length })}
              </Text>
              <Frame url={view.top} label={t('top')} />
              <ImageOrder view={view} arrangement={current} dispatch={dispatch} />
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
                <Button
                  size="xs"
                  variant="default"
                  disabled={!changed}
                  onClick={() => dispatch({ type: 'reset' })}
                >
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
