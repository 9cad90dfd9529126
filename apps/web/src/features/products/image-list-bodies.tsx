import { Stack } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { toText as str } from '../../shared/values';
import { Block, PairGrid } from './image-blocks';
import { ImageGroupActions } from './image-group-actions';
import { ImagePreview } from './image-preview';
import { resultPairs, sourceDetailUrls } from './image-records';
import { reviewImageOf } from './image-review';
import { RawData } from './raw-data';
import { useReview, useZoom } from './use-image-dialogs';

/** Additional images: the processed records, or the source main images waiting for processing. */
export function AdditionalImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const results = p.additionalImages ?? [];
  const sources = p.mainImages ?? [];
  const label = t('product.additionalImage');
  const review = useReview(p._id, (i) =>
    results[i] !== undefined ? reviewImageOf('additional', i, results[i], sources[i]) : null,
  );
  const titleOf = (i: number) => t('images.imageOf', { what: label, n: i + 1 });
  const pairs = resultPairs(results, sources, titleOf).map(({ pair, review: reviewable }, i) =>
    reviewable ? { ...pair, onReview: () => review.open(i, titleOf(i)) } : pair,
  );
  return (
    <Stack gap="sm">
      <ImageGroupActions productId={p._id} group="additional" />
      <Block title={t('images.resultAdditional', { n: num(results.length) })} testId="additional-image-pairs">
        <PairGrid pairs={pairs} onOpen={zoom.open} />
      </Block>
      <RawData value={results.length ? results : undefined} />
      {zoom.modal}
      {review.modal}
    </Stack>
  );
}

/** Detail images: processedDetailImages beside their originals, the final composed image, the sources. */
export function DetailImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const processed = p.processedDetailImages ?? [];
  const sources = sourceDetailUrls(p);
  const label = t('product.detailedImage');
  const review = useReview(p._id, (i) =>
    processed[i] !== undefined ? reviewImageOf('detail', i, processed[i], sources[i]) : null,
  );
  const titleOf = (i: number) => t('images.imageOf', { what: label, n: i + 1 });
  const pairs = resultPairs(processed, sources, titleOf).map(({ pair, review: reviewable }, i) =>
    reviewable ? { ...pair, onReview: () => review.open(i, titleOf(i)) } : pair,
  );
  const final = str(p.finalDetailImage);
  return (
    <Stack gap="sm">
      <ImageGroupActions productId={p._id} group="detail" />
      <Block title={t('images.resultDetail', { n: num(processed.length) })} testId="detail-image-pairs">
        <PairGrid pairs={pairs} onOpen={zoom.open} />
      </Block>
      {final ? (
        <Block title={t('images.finalDetail')}>
          <ImagePreview
            image={{ url: final }}
            label={t('images.finalDetail')}
            size={160}
            onOpen={() =>
              zoom.open({
                key: 'final',
                title: t('images.finalDetail'),
                original: { url: final },
                processed: null,
                single: true,
              })
            }
          />
        </Block>
      ) : null}
      <RawData
        value={
          processed.length || final
            ? { processedDetailImages: processed, finalDetailImage: final ?? null }
            : undefined
        }
      />
      {zoom.modal}
      {review.modal}
    </Stack>
  );
}
