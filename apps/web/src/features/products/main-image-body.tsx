import { Group, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { StatusChip } from '../../shared/products/status';
import { Block, PairGrid } from './image-blocks';
import { ImageGroupActions } from './image-group-actions';
import type { Pair } from './image-pair';
import { mainImageRow, mainSource } from './image-records';
import { reviewImageOf } from './image-review';
import { ImageStrip } from './image-strip';
import classes from './images.module.css';
import { RawData } from './raw-data';
import { useReview, useZoom } from './use-image-dialogs';

/** Main image per option: mainImageStatus {image, processedImage, filesize, dimensions} beside the option's source image. */
export function MainImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const review = useReview(p._id, (i) => {
    const o = p.options[i];
    return o ? reviewImageOf('main', i, o.mainImageStatus, mainSource(p, o)) : null;
  });
  const pairs = p.options.map((o, i): Pair => {
    const row = mainImageRow(p, o);
    return {
      key: o.optionNumber,
      title: (
        <Group gap={4} wrap="nowrap">
          <span className={classes.pairTitle} style={{ margin: 0 }} lang="zh">
            {row.title}
          </span>
          {row.status ? <StatusChip task="mainImage" status={row.status} /> : null}
          {row.textRemoved ? (
            <Text span size="xs" c="green">
              {t('images.textRemoved')}
            </Text>
          ) : null}
        </Group>
      ),
      original: row.original,
      processed: row.processed,
      onReview: row.original ? () => review.open(i, row.title) : undefined,
    };
  });
  return (
    <Stack gap="sm">
      <ImageGroupActions productId={p._id} group="main" />
      <Block title={t('images.optionMain', { n: num(pairs.length) })} testId="main-image-pairs">
        <PairGrid pairs={pairs} onOpen={zoom.open} />
      </Block>
      <Block title={t('images.sourceMain', { n: num(p.mainImages?.length ?? 0) })}>
        <ImageStrip urls={p.mainImages ?? []} label={t('product.mainImages')} />
      </Block>
      <RawData
        value={p.options.map((o) => ({
          optionNumber: o.optionNumber,
          mainImageStatus: o.mainImageStatus ?? null,
        }))}
      />
      {zoom.modal}
      {review.modal}
    </Stack>
  );
}
