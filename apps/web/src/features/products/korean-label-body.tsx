import { Group, Paper, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { useProductsT } from '../../shared/products/i18n';
import { toText as str } from '../../shared/values';
import { EditableField } from './editable-field';
import { fieldSourcesOf, sourceOf } from './field-source';
import { EmptyTask } from './image-blocks';
import type { Pair } from './image-pair';
import { ImagePreview, NotProcessed } from './image-preview';
import { type KoreanLabelEntry, koreanLabelEntries } from './image-records';
import classes from './images.module.css';
import { RawData } from './raw-data';
import { useZoom } from './use-image-dialogs';

/** The label's texts (content, material, type), each editable; `base` is its path in the product. */
function LabelFields({ p, entry }: { p: RocketProduct; entry: KoreanLabelEntry }) {
  const { t } = useProductsT();
  const sources = fieldSourcesOf(p);
  const { labels, base } = entry;
  const field = (key: 'content' | 'material' | 'type', label: string, kind: 'text' | 'textarea' = 'text') => (
    <EditableField
      productId={p._id}
      path={`${base}.${key}`}
      value={labels ? (str(labels[key]) ?? '') : ''}
      label={label}
      kind={kind}
      source={sourceOf(sources, `${base}.${key}`)}
    />
  );
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 0 }} data-testid="label-fields">
      {field('content', t('images.labelContent'), 'textarea')}
      <Group gap="sm" grow>
        {field('material', t('images.labelMaterial'))}
        {field('type', t('images.labelType'))}
      </Group>
    </Stack>
  );
}

function LabelCard({
  p,
  entry,
  onOpen,
}: {
  p: RocketProduct;
  entry: KoreanLabelEntry;
  onOpen: (pair: Pair) => void;
}) {
  const { t } = useProductsT();
  const { image } = entry;
  return (
    <Paper withBorder p="xs">
      <Text size="xs" fw={700} mb={4} lang="zh">
        {entry.title}
      </Text>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {image ? (
          <ImagePreview
            image={{ url: image }}
            label={t('images.labelImage')}
            onOpen={() =>
              onOpen({
                key: entry.key,
                title: `${t('images.labelImage')} · ${entry.title}`,
                original: { url: image },
                processed: null,
                single: true,
              })
            }
          />
        ) : (
          <NotProcessed />
        )}
        <LabelFields p={p} entry={entry} />
      </Group>
    </Paper>
  );
}

/** Korean label: its text (content, material, type) and the label image, per product and per option. */
export function KoreanLabelBody({ p }: { p: RocketProduct }) {
  const zoom = useZoom();
  const entries = koreanLabelEntries(p);
  if (!entries.length) return <EmptyTask />;
  return (
    <Stack gap="sm">
      <div className={classes.grid} data-testid="korean-labels">
        {entries.map((e) => (
          <LabelCard key={e.key} p={p} entry={e} onOpen={zoom.open} />
        ))}
      </div>
      <RawData
        value={entries.map((e) => ({
          key: e.key,
          koreanLabels: e.labels,
          koreanLabelImage: e.image ?? null,
        }))}
      />
      {zoom.modal}
    </Stack>
  );
}
