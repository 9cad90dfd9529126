import { isRecord } from '@rr/domain';
import { toText as str } from '../../shared/values';

/** One content image of the detail page (an index into the product's detailImages). */
export type PageEntry = {
  index: number;
  url: string;
  originalUrl: string | undefined;
  processType: string | undefined;
};

/** The page as the product stores it: top and bottom frame images, content images, the merged image. */
export type DetailPageView = {
  top: string | undefined;
  bottom: string | undefined;
  entries: PageEntry[];
  merged: { url: string; width?: number; height?: number; filesize?: string } | undefined;
};

/**
 * Reads the stored detail page: contents from detailImages (URLs or processed records), frame images
 * from detailImageStatusObj.images (processType original, name topimage / bottomimage), the merged
 * image from finalDetailImage (with its size from detailImageStatusObj.merged).
 */
export function detailPageOf(product: Record<string, unknown>): DetailPageView {
  const list = Array.isArray(product.detailImages) ? product.detailImages : [];
  const entries: PageEntry[] = [];
  list.forEach((e, index) => {
    if (typeof e === 'string') {
      if (e.trim()) entries.push({ index, url: e, originalUrl: e, processType: undefined });
      return;
    }
    if (!isRecord(e)) return;
    const url = str(e.url) ?? str(e.originalUrl);
    if (url) entries.push({ index, url, originalUrl: str(e.originalUrl), processType: str(e.processType) });
  });
  const statusObj = isRecord(product.detailImageStatusObj) ? product.detailImageStatusObj : {};
  const frames = Array.isArray(statusObj.images) ? statusObj.images.filter(isRecord) : [];
  const frame = (name: string) => str(frames.find((f) => f.name === name)?.url);
  const mergedInfo = isRecord(statusObj.merged) ? statusObj.merged : {};
  const dims = isRecord(mergedInfo.dimensions) ? mergedInfo.dimensions : {};
  const mergedUrl = str(product.finalDetailImage);
  return {
    top: frame('topimage'),
    bottom: frame('bottomimage'),
    entries,
    merged: mergedUrl
      ? {
          url: mergedUrl,
          ...(typeof dims.width === 'number' ? { width: dims.width } : {}),
          ...(typeof dims.height === 'number' ? { height: dims.height } : {}),
          ...(str(mergedInfo.filesize) ? { filesize: str(mergedInfo.filesize) } : {}),
        }
      : undefined,
  };
}

/** The seller's arrangement: detailImages indexes in page order, and the ones left out. */
export type Arrangement = { order: number[]; dropped: ReadonlySet<number> };

export const initialArrangement = (view: DetailPageView): Arrangement => ({
  order: view.entries.map((e) => e.index),
  dropped: new Set(),
});

/** Moves the image at `position` one place up (-1) or down (+1); the ends stay where they are. */
export function move(a: Arrangement, position: number, step: -1 | 1): Arrangement {
  const to = position + step;
  if (position < 0 || position >= a.order.length || to < 0 || to >= a.order.length) return a;
  const order = [...a.order];
  [order[position], order[to]] = [order[to] as number, order[position] as number];
  return { ...a, order };
}

export function toggleDropped(a: Arrangement, index: number): Arrangement {
  const dropped = new Set(a.dropped);
  if (dropped.has(index)) dropped.delete(index);
  else dropped.add(index);
  return { ...a, dropped };
}

/** The order to send (POST …/detail-page): the kept images in page order. */
export const keptOrder = (a: Arrangement): number[] => a.order.filter((i) => !a.dropped.has(i));

/** True when the arrangement differs from the stored page. */
export const isRearranged = (a: Arrangement, view: DetailPageView): boolean =>
  a.dropped.size > 0 || a.order.some((i, k) => view.entries[k]?.index !== i);
