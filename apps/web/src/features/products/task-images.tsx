import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ProductOption, RocketProduct } from '@rr/contracts';
import { isRecord } from '@rr/domain';
import { type ReactNode, useState } from 'react';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { StatusChip } from '../../shared/products/status';
import { toText as str } from '../../shared/values';
import { EditableField, Field } from './editable-field';
import { fieldSourcesOf, sourceOf } from './field-source';
import { ImageGroupActions } from './image-group-actions';
import { type ReviewImage, reviewImageOf } from './image-review';
import { ImageReviewModal } from './image-review-modal';
import { ImagePair, ImagePreview, NotProcessed, ocrBoxes, type Pair, RawData, ZoomModal } from './images';
import classes from './images.module.css';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (isRecord(v) ? v : {});
const dims = (v: unknown) => {
  const d = rec(v);
  return typeof d.width === 'number' && typeof d.height === 'number'
    ? { width: d.width, height: d.height }
    : undefined;
};

/** A processed image record (or a plain URL) as before/after: originalUrl(s) and url (W §3). */
export function recordToPair(item: unknown, key: string, title: ReactNode, fallbackOriginal?: string): Pair {
  if (typeof item === 'string') {
    return {
      key,
      title,
      original: fallbackOriginal ? { url: fallbackOriginal } : null,
      processed: { url: item },
    };
  }
  const r = rec(item);
  const originalUrl =
    str(r.originalUrl) ??
    (Array.isArray(r.originalUrls) ? str(r.originalUrls[0]) : undefined) ??
    fallbackOriginal;
  const url = str(r.url) ?? str(r.processedImage);
  return {
    key,
    title,
    original: originalUrl ? { url: originalUrl, boxes: ocrBoxes(r) } : null,
    processed:
      url && url !== originalUrl ? { url, filesize: r.filesize, dimensions: dims(r.dimensions) } : null,
  };
}

function useZoom() {
  const [pair, setPair] = useState<Pair | null>(null);
  return { pair, open: setPair, modal: <ZoomModal pair={pair} onClose={() => setPair(null)} /> };
}

/** The review modal of one image of a group; `imageAt` reads the image from the current product. */
function useReview(productId: string, imageAt: (index: number) => ReviewImage | null) {
  const [at, setAt] = useState<{ index: number; title: ReactNode } | null>(null);
  return {
    open: (index: number, title: ReactNode) => setAt({ index, title }),
    modal: (
      <ImageReviewModal
        productId={productId}
        image={at ? imageAt(at.index) : null}
        title={at?.title}
        onClose={() => setAt(null)}
      />
    ),
  };
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text fw={700} size="sm" mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function PairGrid({ pairs, onOpen }: { pairs: Pair[]; onOpen: (p: Pair) => void }) {
  const { t } = useProductsT();
  if (!pairs.length)
    return (
      <Text size="sm" c="dimmed">
        {t('images.noImages')}
      </Text>
    );
  return (
    <div className={classes.grid}>
      {pairs.map((p) => (
        <ImagePair key={p.key} pair={p} onOpen={onOpen} />
      ))}
    </div>
  );
}

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

/** The product's source detail image URLs, wherever the document keeps them. */
export function sourceDetailUrls(p: RocketProduct): string[] {
  const offer = rec(rec(p.source).offer);
  if (Array.isArray(offer.detailImages) && offer.detailImages.length)
    return offer.detailImages.filter((u): u is string => typeof u === 'string');
  if (p.originDetailImages?.length) return p.originDetailImages.map((d) => d.originalUrl);
  return (p.detailImages ?? [])
    .map((d) => (typeof d === 'string' ? d : (str(rec(d).originalUrl) ?? str(rec(d).url))))
    .filter((u): u is string => !!u);
}

function optionTitle(o: ProductOption): string {
  return [o.optionNumber, [o.option1?.name, o.option2?.name].filter(Boolean).join(' / ')]
    .filter(Boolean)
    .join(' · ');
}

/** Main image per option: mainImageStatus {image, processedImage, filesize, dimensions} beside the option's source image. */
function MainImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const mainSource = (o: ProductOption | undefined) =>
    o ? (str(o.option1?.image) ?? p.mainImages?.[0]) : undefined;
  const review = useReview(p._id, (i) =>
    p.options[i] ? reviewImageOf('main', i, p.options[i].mainImageStatus, mainSource(p.options[i])) : null,
  );
  const pairs = p.options.map((o, i): Pair => {
    const status = rec(o.mainImageStatus);
    const source = str(status.image) ?? mainSource(o);
    const processed = str(status.processedImage);
    const optionStatus = typeof o.mainImageStatus === 'string' ? o.mainImageStatus : str(status.status);
    return {
      key: o.optionNumber,
      title: (
        <Group gap={4} wrap="nowrap">
          <span className={classes.pairTitle} style={{ margin: 0 }} lang="zh">
            {optionTitle(o)}
          </span>
          {optionStatus ? <StatusChip task="mainImage" status={optionStatus} /> : null}
          {status.textRemoved === true ? (
            <Text span size="xs" c="green">
              {t('images.textRemoved')}
            </Text>
          ) : null}
        </Group>
      ),
      original: source ? { url: source, boxes: ocrBoxes(status) } : null,
      processed: processed
        ? { url: processed, filesize: status.filesize, dimensions: dims(status.dimensions) }
        : null,
      onReview: source ? () => review.open(i, optionTitle(o)) : undefined,
    };
  });
  return (
    <Stack gap="sm">
      <ImageGroupActions productId={p._id} group="main" />
      <Block title={t('images.optionMain', { n: num(pairs.length) })} testId="main-image-pairs">
        <PairGrid pairs={pairs} onOpen={zoom.open} />
      </Block>
      <Block title={t('images.sourceMain', { n: num(p.mainImages?.length ?? 0) })}>
        <ImageStrip urls={p.mainImages ?? []} label={t('product.mainImages')} />
      </Block>
      <RawData
        value={p.options.map((o) => ({
          optionNumber: o.optionNumber,
          mainImageStatus: o.mainImageStatus ?? null,
        }))}
      />
      {zoom.modal}
      {review.modal}
    </Stack>
  );
}

/** Additional images: the processed records, or the source main images waiting for processing. */
function AdditionalImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const results = p.additionalImages ?? [];
  const label = t('product.additionalImage');
  const review = useReview(p._id, (i) =>
    results[i] !== undefined ? reviewImageOf('additional', i, results[i], p.mainImages?.[i]) : null,
  );
  const pairs = results.length
    ? results.map((item, i) => {
        const title = t('images.imageOf', { what: label, n: i + 1 });
        return {
          ...recordToPair(item, String(i + 1), title, p.mainImages?.[i]),
          onReview: () => review.open(i, title),
        };
      })
    : (p.mainImages ?? []).map(
        (u, i): Pair => ({
          key: String(i + 1),
          title: t('images.imageOf', { what: label, n: i + 1 }),
          original: { url: u },
          processed: null,
        }),
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
function DetailImageBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const processed = p.processedDetailImages ?? [];
  const sources = sourceDetailUrls(p);
  const label = t('product.detailedImage');
  const review = useReview(p._id, (i) =>
    processed[i] !== undefined ? reviewImageOf('detail', i, processed[i], sources[i]) : null,
  );
  const pairs = processed.length
    ? processed.map((item, i) => {
        const title = t('images.imageOf', { what: label, n: i + 1 });
        return {
          ...recordToPair(item, String(i + 1), title, sources[i]),
          onReview: () => review.open(i, title),
        };
      })
    : sources.map(
        (u, i): Pair => ({
          key: String(i + 1),
          title: t('images.imageOf', { what: label, n: i + 1 }),
          original: { url: u },
          processed: null,
        }),
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

/** The label's texts (content, material, type), each editable; `base` is its path in the product. */
function LabelFields({ p, labels, base }: { p: RocketProduct; labels: Rec | null; base: string }) {
  const { t } = useProductsT();
  const sources = fieldSourcesOf(p);
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

/** Korean label: its text (content, material, type) and the label image, per product and per option. */
function KoreanLabelBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const entries: {
    key: string;
    base: string;
    title: string;
    labels: Rec | null;
    image: string | undefined;
  }[] = [];
  if (p.koreanLabels || str(p.koreanLabelImage))
    entries.push({
      key: 'product',
      base: 'koreanLabels',
      title: p.korName || p.registrationId,
      labels: p.koreanLabels ? rec(p.koreanLabels) : null,
      image: str(p.koreanLabelImage),
    });
  for (const [i, o] of p.options.entries()) {
    if (o.koreanLabels || str(o.koreanLabelImage))
      entries.push({
        key: o.optionNumber,
        base: `options.${i}.koreanLabels`,
        title: optionTitle(o),
        labels: o.koreanLabels ? rec(o.koreanLabels) : null,
        image: str(o.koreanLabelImage),
      });
  }
  if (!entries.length) return <EmptyTask />;
  return (
    <Stack gap="sm">
      <div className={classes.grid} data-testid="korean-labels">
        {entries.map((e) => (
          <Paper key={e.key} withBorder p="xs">
            <Text size="xs" fw={700} mb={4} lang="zh">
              {e.title}
            </Text>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              {e.image ? (
                <ImagePreview
                  image={{ url: e.image }}
                  label={t('images.labelImage')}
                  onOpen={() =>
                    zoom.open({
                      key: e.key,
                      title: `${t('images.labelImage')} · ${e.title}`,
                      original: { url: e.image as string },
                      processed: null,
                      single: true,
                    })
                  }
                />
              ) : (
                <NotProcessed />
              )}
              <LabelFields p={p} labels={e.labels} base={e.base} />
            </Group>
          </Paper>
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

/** Size chart: sizes × measurements as a table, and the chart image. */
function SizeChartBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const chart = p.sizeChart ? rec(p.sizeChart) : null;
  const image = str(p.sizeChartImage);
  if (!chart && !image)
    return p.sizeChartStatus === 'disabled' ? <EmptyTask reason="sizeChartNotNeeded" /> : <EmptyTask />;
  const sizes = Array.isArray(chart?.sizes) ? (chart.sizes as unknown[]).map(String) : [];
  const measurements = Array.isArray(chart?.measurements) ? (chart.measurements as unknown[]).map(rec) : [];
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Block title={t('images.chartImage')}>
          {image ? (
            <ImagePreview
              image={{ url: image }}
              label={t('images.chartImage')}
              size={160}
              onOpen={() =>
                zoom.open({
                  key: 'chart',
                  title: t('images.chartImage'),
                  original: { url: image },
                  processed: null,
                  single: true,
                })
              }
            />
          ) : (
            <NotProcessed size={160} />
          )}
        </Block>
        {chart ? (
          <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }} data-testid="size-chart">
            <Group gap="lg" mb={6}>
              <Text fw={700} size="sm">
                {t('images.chart')}
              </Text>
              <Field label={t('images.sizeType')}>{str(chart.sizeType) ?? '—'}</Field>
              <Field label={t('images.sizeUnits')}>{str(chart.sizeUnits) ?? '—'}</Field>
            </Group>
            <Table fz="xs" verticalSpacing={2} withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('images.size')}</Table.Th>
                  {measurements.map((m) => (
                    <Table.Th key={String(m.name)} ta="right">
                      {String(m.name ?? '')} {m.unit ? `(${String(m.unit)})` : ''}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sizes.map((s, i) => (
                  <Table.Tr key={s}>
                    <Table.Td fw={600}>{s}</Table.Td>
                    {measurements.map((m, k) => (
                      <Table.Td key={String(m.name)} ta="right" p={2}>
                        <EditableField
                          productId={p._id}
                          path={`sizeChart.measurements.${k}.values.${i}`}
                          value={Array.isArray(m.values) ? String(m.values[i] ?? '') : ''}
                          label={`${s} ${String(m.name ?? '')}`}
                          hideLabel
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : null}
      </Group>
      <RawData value={{ sizeChart: chart, sizeChartImage: image ?? null }} />
      {zoom.modal}
    </Stack>
  );
}

/** Nothing to show: not processed yet, or (size chart) the category does not ask for one. */
function EmptyTask({ reason }: { reason?: 'sizeChartNotNeeded' }) {
  const { t } = useProductsT();
  return (
    <Paper withBorder p="md" data-testid="task-empty">
      <Text fw={600}>{reason ? t(`images.${reason}`) : t('images.notProcessed')}</Text>
      <Text size="sm" c="dimmed">
        {reason ? t(`images.${reason}Hint`) : t('images.notProcessedHint')}
      </Text>
    </Paper>
  );
}

export type ImageTask = 'mainImage' | 'additionalImage' | 'detailImage' | 'koreanLabel' | 'sizeChart';

/** The output of an image task, shown as images (never raw data as the main view). */
export function ImageTaskBody({ p, task }: { p: RocketProduct; task: ImageTask }) {
  switch (task) {
    case 'mainImage':
      return <MainImageBody p={p} />;
    case 'additionalImage':
      return <AdditionalImageBody p={p} />;
    case 'detailImage':
      return <DetailImageBody p={p} />;
    case 'koreanLabel':
      return <KoreanLabelBody p={p} />;
    case 'sizeChart':
      return <SizeChartBody p={p} />;
  }
}
