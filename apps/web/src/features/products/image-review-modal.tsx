import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ImageActionResponse } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PointerEvent, type ReactNode, useState } from 'react';
import { errorMessage, http } from '../../app/http';
import { useProductsT } from '../../shared/products/i18n';
import {
  drawnRegions,
  editedItems,
  hasTextChanges,
  isLineProtected,
  type Rect,
  type ReviewImage,
  type ReviewLine,
  regionOfDrag,
  sameRegions,
  toggleLineProtection,
} from './image-review';
import classes from './images.module.css';

type Size = { width: number; height: number };

/**
 * An image with its OCR lines drawn over it (protected lines in another colour), numbered. With
 * `onDraw`, dragging over the image draws a protected region (a logo, text on the product).
 */
function Annotated({
  url,
  lines,
  marked,
  regions = [],
  onDraw,
  label,
  testId,
}: {
  url: string;
  lines: readonly ReviewLine[];
  marked?: ReadonlySet<number>;
  /** Regions without a line in them, shown as dashed rectangles. */
  regions?: readonly Rect[];
  onDraw?: (r: Rect) => void;
  label: string;
  testId: string;
}) {
  const [natural, setNatural] = useState<Size | null>(null);
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | null>(null);
  const at = (e: PointerEvent<SVGSVGElement>): [number, number] => {
    const box = e.currentTarget.getBoundingClientRect();
    const size = natural ?? { width: 1, height: 1 };
    return [
      ((e.clientX - box.left) / Math.max(1, box.width)) * size.width,
      ((e.clientY - box.top) / Math.max(1, box.height)) * size.height,
    ];
  };
  const preview = drag && natural ? regionOfDrag(drag.from, drag.to, natural) : undefined;
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
      {natural && (lines.length || regions.length || onDraw) ? (
        <svg
          className={onDraw ? `${classes.boxes} ${classes.drawable}` : classes.boxes}
          viewBox={`0 0 ${natural.width} ${natural.height}`}
          preserveAspectRatio="none"
          aria-hidden
          data-testid={`${testId}-boxes`}
          onPointerDown={
            onDraw
              ? (e) => {
                  if (e.button !== 0) return;
                  e.currentTarget.setPointerCapture(e.pointerId);
                  const p = at(e);
                  setDrag({ from: p, to: p });
                }
              : undefined
          }
          onPointerMove={onDraw && drag ? (e) => setDrag({ from: drag.from, to: at(e) }) : undefined}
          onPointerUp={
            onDraw && drag
              ? (e) => {
                  const r = regionOfDrag(drag.from, at(e), natural);
                  setDrag(null);
                  if (r) onDraw(r);
                }
              : undefined
          }
          onPointerCancel={() => setDrag(null)}
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
          {[...regions, ...(preview ? [preview] : [])].map(([x0, y0, x1, y1], i) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: regions are positional
              key={`r${i}`}
              x={x0}
              y={y0}
              width={x1 - x0}
              height={y1 - y0}
              className={classes.protectedBox}
              vectorEffect="non-scaling-stroke"
              data-testid="protected-region"
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
  const client = useQueryClient();
  const [edits, setEdits] = useState<Record<number, string>>({});
  /** The protected regions being edited (null: as stored). */
  const [editedRegions, setEditedRegions] = useState<Rect[] | null>(null);
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
        regions,
      });
    },
    onSuccess: async () => {
      setEdits({});
      setEditedRegions(null);
      await client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });
  const close = () => {
    setEdits({});
    setEditedRegions(null);
    run.reset();
    onClose();
  };
  const lines = image?.lines ?? [];
  const regions = editedRegions ?? image?.protectedRegions ?? [];
  const currentMarks = new Set(lines.flatMap((l, i) => (isLineProtected(l, regions) ? [i] : [])));
  const marksChanged = !sameRegions(regions, image?.protectedRegions ?? []);
  const drawn = drawnRegions(lines, regions);
  const changed = hasTextChanges(lines, edits);
  const toggle = (i: number) => setEditedRegions(toggleLineProtection(lines, regions, i));
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
                onClick={() => setEditedRegions(regions.filter((r) => !drawn.includes(r)))}
              >
                {t('images.clearDrawn', { n: drawn.length })}
              </Button>
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
                  regions={drawn}
                  onDraw={(r) => setEditedRegions([...regions, r])}
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
