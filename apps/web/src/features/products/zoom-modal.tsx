import { Group, Modal, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { Quad } from '@rr/domain';
import { useState } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import type { Pair } from './image-pair';
import { type ImageInfo, Meta } from './image-preview';
import classes from './images.module.css';

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
