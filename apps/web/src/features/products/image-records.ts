import type { ProductOption, RocketProduct } from '@rr/contracts';
import { type ImageEntry, isRecord, type KoreanLabels } from '@rr/domain';
import type { ReactNode } from 'react';
import { toText as str } from '../../shared/values';
import type { Pair } from './image-pair';
import { ocrBoxes } from './ocr-boxes';

// What the image tabs of the product page show, read from the product (pure: the components in
// main-image-body.tsx, image-list-bodies.tsx, korean-label-body.tsx and size-chart-body.tsx draw it).

const rec = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
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

/**
 * The pairs of an image list (additional, detail): the processed records beside their sources, each
 * reviewable; before processing, the sources alone.
 */
export function resultPairs(
  results: readonly ImageEntry[],
  sources: readonly string[],
  titleOf: (index: number) => string,
): { pair: Pair; review: boolean }[] {
  if (results.length)
    return results.map((item, i) => ({
      pair: recordToPair(item, String(i + 1), titleOf(i), sources[i]),
      review: true,
    }));
  return sources.map((url, i) => ({
    pair: { key: String(i + 1), title: titleOf(i), original: { url }, processed: null },
    review: false,
  }));
}

/** The product's source detail image URLs, wherever the document keeps them. */
export function sourceDetailUrls(p: RocketProduct): string[] {
  const offer = rec(rec(p.source).offer);
  if (Array.isArray(offer.detailImages) && offer.detailImages.length)
    return offer.detailImages.filter((u): u is string => typeof u === 'string');
  if (p.originDetailImages?.length) return p.originDetailImages.map((d) => d.originalUrl);
  return (p.detailImages ?? [])
    .map((d) => (typeof d === 'string' ? d : (str(d.originalUrl) ?? str(d.url))))
    .filter((u): u is string => !!u);
}

export function optionTitle(o: ProductOption): string {
  return [o.optionNumber, [o.option1?.name, o.option2?.name].filter(Boolean).join(' / ')]
    .filter(Boolean)
    .join(' · ');
}

/** The source image of an option's main image: its SKU image, else the product's first main image. */
export const mainSource = (p: RocketProduct, o: ProductOption | undefined) =>
  o ? (str(o.option1?.image) ?? p.mainImages?.[0]) : undefined;

/** One option's main image (mainImageStatus {image, processedImage, filesize, dimensions}) before / after. */
export function mainImageRow(p: RocketProduct, o: ProductOption) {
  const status = rec(o.mainImageStatus);
  const source = str(status.image) ?? mainSource(p, o);
  const processed = str(status.processedImage);
  return {
    title: optionTitle(o),
    status: typeof o.mainImageStatus === 'string' ? o.mainImageStatus : str(status.status),
    textRemoved: status.textRemoved === true,
    original: source ? { url: source, boxes: ocrBoxes(status) } : null,
    processed: processed
      ? { url: processed, filesize: status.filesize, dimensions: dims(status.dimensions) }
      : null,
  };
}

export type KoreanLabelEntry = {
  key: string;
  /** Where the labels are in the product (the fields' paths start with it). */
  base: string;
  title: string;
  labels: KoreanLabels | null;
  image: string | undefined;
};

/** The Korean labels of the product and of each option that has one (text or image). */
export function koreanLabelEntries(p: RocketProduct): KoreanLabelEntry[] {
  const entries: KoreanLabelEntry[] = [];
  if (p.koreanLabels || str(p.koreanLabelImage))
    entries.push({
      key: 'product',
      base: 'koreanLabels',
      title: p.korName || p.registrationId,
      labels: p.koreanLabels ?? null,
      image: str(p.koreanLabelImage),
    });
  for (const [i, o] of p.options.entries()) {
    if (o.koreanLabels || str(o.koreanLabelImage))
      entries.push({
        key: o.optionNumber,
        base: `options.${i}.koreanLabels`,
        title: optionTitle(o),
        labels: o.koreanLabels ?? null,
        image: str(o.koreanLabelImage),
      });
  }
  return entries;
}

/** The size chart as a table: sizes down, measurements across (each cell the text of its value). */
export function sizeChartTable(chart: RocketProduct['sizeChart']) {
  const sizes = Array.isArray(chart?.sizes) ? chart.sizes.map(String) : [];
  const measurements = (Array.isArray(chart?.measurements) ? chart.measurements : []).map((m) => ({
    name: String(m.name ?? ''),
    unit: m.unit ? String(m.unit) : '',
    cell: (i: number) => (Array.isArray(m.values) ? String(m.values[i] ?? '') : ''),
  }));
  return { sizes, measurements };
}
