import { Text } from '@mantine/core';
import { useProductsT } from '../../shared/products/i18n';
import { ImagePreview } from './image-preview';
import classes from './images.module.css';
import { useZoom } from './use-image-dialogs';

/** Source images (no processed side): thumbnails that zoom. */
export function ImageStrip({ urls, label, size = 96 }: { urls: string[]; label: string; size?: number }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  if (!urls.length)
    return (
      <Text size="xs" c="dimmed">
        {t('product.none')}
      </Text>
    );
  return (
    <div className={classes.strip}>
      {urls.slice(0, 40).map((u, i) => {
        const name = t('images.imageOf', { what: label, n: i + 1 });
        return (
          <ImagePreview
            // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
            key={`${u}-${i}`}
            image={{ url: u }}
            label={name}
            size={size}
            onOpen={() =>
              zoom.open({
                key: String(i + 1),
                title: name,
                original: { url: u },
                processed: null,
                single: true,
              })
            }
          />
        );
      })}
      {zoom.modal}
    </div>
  );
}
