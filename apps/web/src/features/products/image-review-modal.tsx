import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../app/http';
import { useProductsT } from '../../shared/products/i18n';
import { Annotated } from './annotated-image';
import type { ReviewImage } from './image-review';
import classes from './images.module.css';
import { ReviewLinesTable } from './review-lines-table';
import { useImageReview } from './use-image-review';

type Review = ReturnType<typeof useImageReview>;

/** Process type, protected count, and the button that clears the drawn regions. */
function ReviewBadges({ image, review }: { image: ReviewImage; review: Review }) {
  const { t } = useProductsT();
  const { regions, drawn } = review.view;
  return (
    <Group gap="xs">
      {image.processType ? (
        <Badge variant="light" tt="none" data-testid="review-process-type">
          {t('images.processType')}: {image.processType}
        </Badge>
      ) : null}
      {regions.length ? (
        <Badge variant="light" tt="none" color="grape" data-testid="protected-count">
          {t('images.protectedCount', { n: regions.length })}
        </Badge>
      ) : null}
      {drawn.length ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="grape"
          onClick={() => review.dispatch({ type: 'clearDrawn', image })}
        >
          {t('images.clearDrawn', { n: drawn.length })}
        </Button>
      ) : null}
    </Group>
  );
}

/** The original with its lines and regions (draw to protect), beside the processed image. */
function ReviewImages({ image, review }: { image: ReviewImage; review: Review }) {
  const { t } = useProductsT();
  const { lines, marks, drawn } = review.view;
  return (
    <div className={classes.zoomPair}>
      <Stack gap={4} miw={0}>
        <Text size="sm" fw={700}>
          {t('images.original')}
        </Text>
        {image.original ? (
          <Annotated
            url={image.original}
            lines={lines}
            marked={marks}
            regions={drawn}
            onDraw={(region) => review.dispatch({ type: 'drawRegion', image, region })}
            label={t('images.original')}
            testId="review-original"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('images.noSource')}
          </Text>
        )}
      </Stack>
      <Stack gap={4} miw={0}>
        <Text size="sm" fw={700}>
          {t('images.processed')}
        </Text>
        {image.processed ? (
          <Annotated
            url={image.processed}
            lines={[]}
            label={t('images.processed')}
            testId="review-processed"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="review-not-processed">
            {t('images.notProcessed')}
          </Text>
        )}
      </Stack>
    </div>
  );
}

/** Apply the edited text, translate again, save the protected regions; and what the server said. */
function ReviewActions({ image, review }: { image: ReviewImage; review: Review }) {
  const { t } = useProductsT();
  const { run, view } = review;
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!view.textChanged || !image.requestId}
          loading={run.isPending && run.variables === 'edit'}
          onClick={() => run.mutate('edit')}
        >
          {t('images.applyText')}
        </Button>
        <Button
          size="xs"
          variant="light"
          loading={run.isPending && run.variables === 'retranslate'}
          disabled={run.isPending}
          onClick={() => run.mutate('retranslate')}
        >
          {t('images.retranslateOne')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!view.marksChanged || run.isPending}
          loading={run.isPending && run.variables === 'protect'}
          onClick={() => run.mutate('protect')}
        >
          {t('images.saveProtect')}
        </Button>
      </Group>
      {!image.requestId && view.lines.length === 0 && !image.processed ? (
        <Text size="xs" c="dimmed">
          {t('images.notTranslatedYet')}
        </Text>
      ) : null}
      {run.isError ? (
        <Alert color="red" role="alert" py={6}>
          {errorMessage(run.error)}
        </Alert>
      ) : run.data ? (
        <Text size="sm" c="green" role="status" data-testid="review-result">
          {run.data.message}
        </Text>
      ) : null}
    </>
  );
}

/**
 * Review one processed image (product page image tabs): before / after with the OCR lines, edit a
 * Korean line and regenerate the image, translate only this image again, mark lines as protected or
 * draw protected regions over the original.
 * `image` is read from the product each render, so the result shows as soon as the product reloads.
 */
export function ImageReviewModal({
  productId,
  image,
  title,
  onClose,
}: {
  productId: string;
  image: ReviewImage | null;
  title: ReactNode;
  onClose: () => void;
}) {
  const { t } = useProductsT();
  const review = useImageReview(productId, image, onClose);
  return (
    <Modal
      opened={image !== null}
      onClose={review.close}
      size="95%"
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('images.close') }}
    >
      {image ? (
        <Stack gap="sm" data-testid="image-review">
          <Text size="sm" c="dimmed">
            {t('images.reviewHint')}
          </Text>
          <ReviewBadges image={image} review={review} />
          <ReviewImages image={image} review={review} />
          <Text fw={700} size="sm">
            {t('images.lines', { n: review.view.lines.length })}
          </Text>
          <ReviewLinesTable
            lines={review.view.lines}
            edits={review.state.edits}
            marks={review.view.marks}
            onEdit={(index, text) => review.dispatch({ type: 'editLine', index, text })}
            onToggle={(index) => review.dispatch({ type: 'toggleLine', image, index })}
          />
          <ReviewActions image={image} review={review} />
        </Stack>
      ) : null}
    </Modal>
  );
}
