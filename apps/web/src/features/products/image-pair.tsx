import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { type ImageInfo, ImagePreview, NotProcessed } from './image-preview';
import classes from './images.module.css';

export type Pair = {
  key: string;
  title: ReactNode;
  original: ImageInfo | null;
  processed: ImageInfo | null;
  /** A source image on its own (no processed counterpart is expected). */
  single?: boolean;
  /** Opens the review of this image (edit its text, translate it again, protect regions). */
  onReview?: () => void;
};

/** Before / after side by side; click either to zoom both. */
export function ImagePair({
  pair,
  onOpen,
  size = 120,
}: {
  pair: Pair;
  onOpen: (pair: Pair) => void;
  size?: number;
}) {
  const { t } = useProductsT();
  return (
    <div className={classes.pair} data-testid="image-pair">
      <div className={classes.pairTitle}>{pair.title}</div>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            {t('images.original')}
          </Text>
          {pair.original ? (
            <ImagePreview
              image={pair.original}
              label={`${t('images.original')} ${pair.key}`}
              size={size}
              onOpen={() => onOpen(pair)}
            />
          ) : (
            <div className={classes.empty} style={{ width: size, height: size }}>
              <Text size="xs" c="dimmed" ta="center" px={6}>
                {t('images.noSource')}
              </Text>
            </div>
          )}
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            {t('images.processed')}
          </Text>
          {pair.processed ? (
            <ImagePreview
              image={pair.processed}
              label={`${t('images.processed')} ${pair.key}`}
              size={size}
              onOpen={() => onOpen(pair)}
            />
          ) : (
            <NotProcessed size={size} />
          )}
        </Stack>
      </Group>
      {pair.onReview ? (
        <Button
          size="compact-xs"
          variant="light"
          className={classes.pairActions}
          aria-label={`${t('images.review')} ${pair.key}`}
          onClick={pair.onReview}
        >
          {t('images.review')}
        </Button>
      ) : null}
    </div>
  );
}
