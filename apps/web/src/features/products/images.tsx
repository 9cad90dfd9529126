import {
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatFileSize, type Quad } from '@rr/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toBox } from '../../shared/images/quad';
import { useProductsT } from '../../shared/products/i18n';
import { toNumber as toNum } from '../../shared/values';
import classes from './images.module.css';

/** One image as the product document stores it (W §3 processed image record, main image status). */
export type ImageInfo = {
  url: string;
  /** Bytes, when the document holds them (a number or a numeric string). */
  filesize?: unknown;
  dimensions?: { width: number; height: number } | undefined;
  /** OCR text areas over this image, in its own pixels. */
  boxes?: Quad[];
};

/**
 * The OCR boxes a processed image record carries: translationData (a list, or an object holding one),
 * textAreas or ocrInfo, each item with bounding_box / boundingBox / box / bbox (or being the box itself).
 */
export function ocrBoxes(record: unknown): Quad[] {
  if (!record || typeof record !== 'object') return [];
  const r = record as Record<string, unknown>;
  const lists: unknown[] = [];
  for (const source of [r.translationData, r.textAreas, r.ocrInfo]) {
    if (Array.isArray(source)) lists.push(...source);
    else if (source && typeof source === 'object') {
      const s = source as Record<string, unknown>;
      for (const k of ['items', 'textItems', 'ocrResults', 'textAreas', 'results']) {
        if (Array.isArray(s[k])) lists.push(...(s[k] as unknown[]));
      }
    }
  }
  const boxes: Quad[] = [];
  for (const item of lists) {
    const o =
      item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const q = toBox(o.bounding_box ?? o.boundingBox ?? o.box ?? o.bbox ?? item);
    if (q) boxes.push(q);
  }
  return boxes;
}

/** Bytes of a same-origin file, read with a HEAD request (content-length) when the document does not say. */
function useFileSize(url: string | undefined, known: unknown) {
  const stored = toNum(known);
  const sameOrigin = !!url && (url.startsWith('/') || url.startsWith(globalThis.location?.origin ?? '\0'));
  const q = useQuery({
    queryKey: ['file-size', url],
    enabled: stored === undefined && sameOrigin,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await fetch(url as string, { method: 'HEAD', signal, credentials: 'same-origin' });
      const len = toNum(res.headers.get('content-length'));
      return res.ok && len !== undefined ? len : null;
    },
  });
  return stored ?? q.data ?? null;
}

function Boxes({ boxes, width, height }: { boxes: Quad[]; width: number; height: number }) {
  const { t } = useProductsT();
  if (!boxes.length || !width || !height) return null;
  return (
    <svg
      className={classes.boxes}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('images.ocr', { n: boxes.length })}
      data-testid="ocr-boxes"
    >
      {boxes.map((q) => (
        <polygon
          key={q.flat().join(',')}
          points={q.map((p) => p.join(',')).join(' ')}
          className={classes.box}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}

/** "33.2 KB · 800×800": what the seller needs to judge an image at a glance. */
function Meta({ image, natural }: { image: ImageInfo; natural: { width: number; height: number } | null }) {
  const { t } = useProductsT();
  const size = useFileSize(image.url, image.filesize);
  const dims = image.dimensions ?? natural;
  return (
    <Text size="xs" c="dimmed" className={classes.meta} data-testid="image-meta">
      <span data-testid="image-size">{size === null ? t('images.sizeUnknown') : formatFileSize(size)}</span>
      {dims ? ` · ${dims.width}×${dims.height}` : ''}
    </Text>
  );
}

/** A thumbnail that opens the zoom view; its file size and pixel size under it. */
export function ImagePreview({
  image,
  label,
  size = 120,
  onOpen,
}: {
  image: ImageInfo;
  label: string;
  size?: number;
  onOpen: () => void;
}) {
  const { t } = useProductsT();
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.preview} style={{ width: size }} data-testid="image-preview">
      <UnstyledButton
        className={classes.frame}
        style={{ width: size, height: size }}
        onClick={onOpen}
        aria-label={t('images.zoom', { label })}
        title={image.url}
      >
        {failed ? (
          <Text size="xs" c="red" ta="center" p={4}>
            {t('images.loadFailed')}
          </Text>
        ) : (
          <img
            src={image.url}
            alt={label}
            loading="lazy"
            className={classes.img}
            onLoad={(e) =>
              setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
            }
            onError={() => setFailed(true)}
          />
        )}
        {image.boxes?.length ? (
          <Badge size="xs" color="orange" className={classes.ocrBadge}>
            OCR {image.boxes.length}
          </Badge>
        ) : null}
      </UnstyledButton>
      <Meta image={image} natural={natural} />
    </div>
  );
}

/** The empty slot where a processed image will be: the spec's words, never raw data. */
export function NotProcessed({ size = 120 }: { size?: number }) {
  const { t } = useProductsT();
  return (
    <div className={classes.preview} style={{ width: size }}>
      <div className={classes.empty} style={{ width: size, height: size }} data-testid="not-processed">
        <Text size="xs" c="dimmed" ta="center" px={6}>
          {t('images.notProcessed')}
        </Text>
      </div>
    </div>
  );
}

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

function ZoomImage({ image, fit, showOcr }: { image: ImageInfo; fit: boolean; showOcr: boolean }) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const dims = natural ?? image.dimensions ?? null;
  return (
    <div className={classes.zoomStage} data-fit={fit || undefined}>
      <div className={classes.zoomInner}>
        <img
          src={image.url}
          alt=""
          className={fit ? classes.zoomFit : classes.zoomActual}
          onLoad={(e) =>
            setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
          }
        />
        {showOcr && dims && image.boxes?.length ? (
          <Boxes boxes={image.boxes} width={dims.width} height={dims.height} />
        ) : null}
      </div>
    </div>
  );
}

/** The zoom view: original and processed side by side (or one image), fit to screen or actual size. */
export function ZoomModal({ pair, onClose }: { pair: Pair | null; onClose: () => void }) {
  const { t } = useProductsT();
  const [fit, setFit] = useState(true);
  const [showOcr, setShowOcr] = useState(true);
  const both = !!pair && !pair.single && !!(pair.original || pair.processed);
  const hasBoxes = !!pair?.original?.boxes?.length;
  return (
    <Modal
      opened={pair !== null}
      onClose={onClose}
      size="95%"
      title={pair?.title}
      closeButtonProps={{ 'aria-label': t('images.close') }}
      data-testid="image-zoom"
    >
      {pair ? (
        <Stack gap="xs">
          <Group gap="sm">
            <SegmentedControl
              size="xs"
              value={fit ? 'fit' : 'actual'}
              onChange={(v) => setFit(v === 'fit')}
              data={[
                { value: 'fit', label: t('images.fit') },
                { value: 'actual', label: t('images.actual') },
              ]}
            />
            {hasBoxes ? (
              <Switch
                size="xs"
                label={t('images.showOcr')}
                checked={showOcr}
                onChange={(e) => setShowOcr(e.currentTarget.checked)}
              />
            ) : null}
          </Group>
          <div className={both ? classes.zoomPair : undefined}>
            {pair.original ? (
              <Stack gap={4} miw={0}>
                <Group gap="xs">
                  <Text size="sm" fw={700}>
                    {t('images.original')}
                  </Text>
                  <Meta image={pair.original} natural={null} />
                </Group>
                <ZoomImage image={pair.original} fit={fit} showOcr={showOcr} />
              </Stack>
            ) : null}
            {pair.processed ? (
              <Stack gap={4} miw={0}>
                <Group gap="xs">
                  <Text size="sm" fw={700}>
                    {t('images.processed')}
                  </Text>
                  <Meta image={pair.processed} natural={null} />
                </Group>
                <ZoomImage image={pair.processed} fit={fit} showOcr={false} />
              </Stack>
            ) : pair.original && !pair.single ? (
              <Stack gap={4} justify="center" align="center" miw={0} data-testid="zoom-not-processed">
                <Text size="sm" fw={700}>
                  {t('images.processed')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('images.notProcessed')}
                </Text>
              </Stack>
            ) : null}
          </div>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** A collapsible view of the stored value, for whoever needs to see exactly what is there. */
export function RawData({ value }: { value: unknown }) {
  const { t } = useProductsT();
  if (value === undefined || value === null) return null;
  return (
    <details className={classes.raw}>
      <summary>{t('product.rawData')}</summary>
      <Text size="xs" c="dimmed" my={4}>
        {t('product.rawDataHint')}
      </Text>
      <pre className={classes.rawPre}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
