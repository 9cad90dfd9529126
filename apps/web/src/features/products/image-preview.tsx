import { Badge, Text, UnstyledButton } from '@mantine/core';
import { formatFileSize, type Quad } from '@rr/domain';
import { useState } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import classes from './images.module.css';
import { useFileSize } from './use-file-size';

/** One image as the product document stores it (W §3 processed image record, main image status). */
export type ImageInfo = {
  url: string;
  /** Bytes, when the document holds them (a number or a numeric string). */
  filesize?: unknown;
  dimensions?: { width: number; height: number } | undefined;
  /** OCR text areas over this image, in its own pixels. */
  boxes?: Quad[];
};

/** "33.2 KB · 800×800": what the seller needs to judge an image at a glance. */
export function Meta({
  image,
  natural,
}: {
  image: ImageInfo;
  natural: { width: number; height: number } | null;
}) {
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
