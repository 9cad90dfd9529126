import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ImageActionResponse } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage, http } from '../../app/http';
import { useProductsT } from '../../shared/products/i18n';
import {
  editedItems,
  hasTextChanges,
  isLineProtected,
  protectedRegionsFor,
  type ReviewImage,
  type ReviewLine,
} from './image-review';
import classes from './images.module.css';

/** An image with its OCR lines drawn over it (protected lines in another colour), numbered. */
function Annotated({
  url,
  lines,
  marked,
  label,
  testId,
}: {
  url: string;
  lines: readonly ReviewLine[];
  marked?: ReadonlySet<number>;
  label: string;
  testId: string;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  return (
    <div className={classes.reviewStage}>
      <img
        src={url}
        alt={label}
        className={classes.reviewImg}
        data-testid={testId}
        onLoad={(e) =>
          setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
        }
      />
      {natural && lines.length ? (
        <svg
          className={classes.boxes}
          viewBox={`0 0 ${natural.width} ${natural.height}`}
          preserveAspectRatio="none"
          aria-hidden
          data-testid={`${testId}-boxes`}
        >
          {lines.map((l, i) => (
            <polygon
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
              key={i}
              points={l.box.map((p) => p.join(',')).join(' ')}
              className={marked?.has(i) ? classes.protectedBox : classes.box}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}

type Action = 'edit' | 'retranslate' | 'protect';

/**
 * Review one processed image (product page image tabs): before / after with the OCR lines, edit a
 * Korean line and regenerate the image, translate only this image again, mark lines as protected.
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
  const client = useQueryClient();
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [marked, setMarked] = useState<Set<number> | null>(null);
  const base = `/api/product-images/${encodeURIComponent(productId)}`;
  const run = useMutation({
    mutationFn: async (action: Action): Promise<ImageActionResponse> => {
      if (!image) throw new Error('no image');
      const at = { group: image.group, index: image.index };
      if (action === 'edit')
        return http.post(`${base}/edit-text`, { ...at, items: editedItems(image.lines, edits) });
      if (action === 'retranslate') return http.post(`${base}/retranslate`, at);
      return http.post(`${base}/protect`, {
        ...at,
        regions: protectedRegionsFor(image.lines, currentMarks, image.protectedRegions),
      });
    },
    onSuccess: async () => {
      setEdits({});
      setMarked(null);
      await client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });
  const close = () => {
    setEdits({});
    setMarked(null);
    run.reset();
    onClose();
  };
  const lines = image?.lines ?? [];
  const storedMarks = new Set(
    lines.flatMap((l, i) => (image && isLineProtected(l, image.protectedRegions) ? [i] : [])),
  );
  const currentMarks = marked ?? storedMarks;
  const marksChanged =
    currentMarks.size !== storedMarks.size || [...currentMarks].some((i) => !storedMarks.has(i));
  const changed = hasTextChanges(lines, edits);
  const toggle = (i: number) => {
    const next = new Set(currentMarks);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setMarked(next);
  };
  return (
    <Modal
      opened={image !== null}
      onClose={close}
      size="95%"
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('images.close') }}
    >
      {image ? (
        <Stack gap="sm" data-testid="image-review">
          <Text size="sm" c="dimmed">
            {t('images.reviewHint')}
          </Text>
          <Group gap="xs">
            {image.processType ? (
              <Badge variant="light" tt="none" data-testid="review-process-type">
                {t('images.processType')}: {image.processType}
              </Badge>
            ) : null}
            {image.protectedRegions.length ? (
              <Badge variant="light" tt="none" color="grape">
                {t('images.protectedCount', { n: image.protectedRegions.length })}
              </Badge>
            ) : null}
          </Group>
          <div className={classes.zoomPair}>
            <Stack gap={4} miw={0}>
              <Text size="sm" fw={700}>
                {t('images.original')}
              </Text>
              {image.original ? (
                <Annotated
                  url={image.original}
                  lines={lines}
                  marked={currentMarks}
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
          <Text fw={700} size="sm">
            {t('images.lines', { n: lines.length })}
          </Text>
          {lines.length ? (
            <Table fz="sm" verticalSpacing={2} withTableBorder data-testid="review-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32}>#</Table.Th>
                  <Table.Th>{t('images.lineSource')}</Table.Th>
                  <Table.Th>{t('images.lineKorean')}</Table.Th>
                  <Table.Th w={64}>{t('images.lineProtect')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
                  <Table.Tr key={i} data-testid="review-line">
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td lang="zh">{l.source}</Table.Td>
                    <Table.Td>
                      {l.translate ? (
                        <TextInput
                          size="xs"
                          aria-label={t('images.lineKoreanLabel', { n: i + 1 })}
                          value={edits[i] ?? l.target}
                          maxLength={500}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setEdits((prev) => ({ ...prev, [i]: v }));
                          }}
                        />
                      ) : (
                        <Text size="xs" c="dimmed">
                          {l.target} · {t('images.lineKept')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('images.lineProtectLabel', { n: i + 1 })}
                        checked={currentMarks.has(i)}
                        onChange={() => toggle(i)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('images.noLines')}
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              disabled={!changed || !image.requestId}
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
              disabled={!marksChanged || run.isPending}
              loading={run.isPending && run.variables === 'protect'}
              onClick={() => run.mutate('protect')}
            >
              {t('images.saveProtect')}
            </Button>
          </Group>
          {!image.requestId && lines.length === 0 && !image.processed ? (
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
        </Stack>
      ) : null}
    </Modal>
  );
}
