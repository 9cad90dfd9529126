import { Paper, ScrollArea, Text } from '@mantine/core';
import type { DetailPageView } from './detail-page-state';
import { useDetailPageT } from './i18n';

const IMG_STYLE = { width: '100%', maxWidth: 800, display: 'block' } as const;

/** The page as it will be published: the merged image, or its parts one under another until merged. */
export function DetailPagePreview({ view }: { view: DetailPageView }) {
  const { t } = useDetailPageT();
  return (
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
            <img src={view.merged.url} alt={t('page')} data-testid="merged-page" style={IMG_STYLE} />
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
            ].map((x) => (x.url ? <img key={x.key} src={x.url} alt="" style={IMG_STYLE} /> : null))}
          </ScrollArea>
        </>
      )}
    </Paper>
  );
}
