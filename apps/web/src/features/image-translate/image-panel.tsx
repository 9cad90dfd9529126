import { ActionIcon, Anchor, Box, Group, Text, Tooltip } from '@mantine/core';
import { forwardRef, type ReactNode, type UIEvent, useState } from 'react';
import { useImageT } from './i18n';
import classes from './image-translate.module.css';
import { type OcrItem, overlayBoxes } from './ocr-logic';

type OverlayProps = {
  items: OcrItem[];
  width: number;
  height: number;
  active: number | null;
  onHover: (index: number | null) => void;
  onSelect: (index: number) => void;
};

/** The OCR boxes over the original, in the image's own pixels (so they scale with any zoom). */
export function OcrOverlay({ items, width, height, active, onHover, onSelect }: OverlayProps) {
  const boxes = overlayBoxes(items, { width, height });
  return (
    <svg
      className={classes.overlay}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      data-testid="ocr-overlay"
    >
      <title>{`OCR ${boxes.length}`}</title>
      {boxes.map((b) => (
        <g key={b.index}>
          {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it acts as one */}
          <polygon
            points={b.points}
            className={[
              classes.box,
              b.kept ? classes.boxKept : '',
              active === b.index ? classes.boxActive : '',
            ].join(' ')}
            vectorEffect="non-scaling-stroke"
            data-testid="ocr-box"
            data-index={b.index}
            data-active={active === b.index || undefined}
            role="button"
            tabIndex={0}
            aria-label={`${b.index + 1}. ${items[b.index]?.source ?? ''}`}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(b.index);
              }
            }}
            onFocus={() => onHover(b.index)}
            onBlur={() => onHover(null)}
            onMouseEnter={() => onHover(b.index)}
            onMouseLeave={() => onHover(null)}
            onClick={() => onSelect(b.index)}
          >
            <title>{`${b.index + 1}. ${items[b.index]?.source ?? ''}`}</title>
          </polygon>
          <rect
            x={b.label.x}
            y={b.label.y}
            width={b.label.width}
            height={b.label.height}
            rx={b.label.size * 0.2}
            className={active === b.index ? classes.badgeActive : b.kept ? classes.badgeKept : classes.badge}
          />
          <text
            x={b.label.x + b.label.width / 2}
            y={b.label.y + b.label.height * 0.78}
            fontSize={b.label.size}
            textAnchor="middle"
            className={classes.boxLabel}
          >
            {b.index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

type PanelProps = {
  title: string;
  testId: string;
  url: string | null;
  zoom: number;
  extra?: ReactNode;
  overlay?: (size: { width: number; height: number }) => ReactNode;
  onEnlarge?: () => void;
  onScroll?: (e: UIEvent<HTMLDivElement>) => void;
};

/** One image of the side-by-side view: a scrollable viewport, the image at the shared zoom. */
export const ImagePanel = forwardRef<HTMLDivElement, PanelProps>(function ImagePanel(
  { title, testId, url, zoom, extra, overlay, onEnlarge, onScroll },
  ref,
) {
  const { t } = useImageT();
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const natural = size && size.url === url ? size : null;

  return (
    <Box data-testid={testId} aria-label={title} role="region">
      <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          {extra}
          {url && (
            <>
              <Tooltip label={t('panel.enlarge')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`${title} ${t('panel.enlarge')}`}
                  onClick={onEnlarge}
                >
                  <span aria-hidden>⤢</span>
                </ActionIcon>
              </Tooltip>
              <Anchor href={url} target="_blank" rel="noreferrer" size="xs" data-testid={`${testId}-link`}>
                {t('panel.openNew')}
              </Anchor>
            </>
          )}
        </Group>
      </Group>
      <div className={classes.viewport} ref={ref} onScroll={onScroll} data-testid={`${testId}-viewport`}>
        {!url && (
          <Text size="sm" c="dimmed" ta="center" pt="xl" px="md">
            {t('panel.empty')}
          </Text>
        )}
        {url && failed === url && (
          <Text size="sm" c="red" ta="center" pt="xl" px="md" role="alert">
            {t('panel.loadFailed')}
          </Text>
        )}
        {url && failed !== url && (
          <div className={classes.stage} style={{ width: `${zoom * 100}%` }}>
            <img
              src={url}
              alt={title}
              draggable={false}
              onLoad={(e) =>
                setSize({ url, width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
              onError={() => setFailed(url)}
            />
            {natural && overlay?.(natural)}
          </div>
        )}
      </div>
      {natural && (
        <Text size="xs" c="dimmed" mt={2}>
          {natural.width}×{natural.height}px
        </Text>
      )}
    </Box>
  );
});
