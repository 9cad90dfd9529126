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

/** The product fields the detail page is read from (a stored product, read leniently). */
export type StoredDetailPage = {
  detailImages?: readonly unknown[] | undefined;
  detailImageStatusObj?: unknown;
  finalDetailImage?: string | null | undefined;
};

/**
 * Reads the stored detail page: contents from detailImages (URLs or processed records), frame images
 * from detailImageStatusObj.images (processType original, name topimage / bottomimage), the merged
 * image from finalDetailImage (with its size from detailImageStatusObj.merged).
 */
export function detailPageOf(product: StoredDetailPage): DetailPageView {
  const list = product.detailImages ?? [];
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
  const here = a.order[position];
  const there = a.order[to];
  if (here === undefined || there === undefined) return a;
  const order = [...a.order];
  order[position] = there;
  order[to] = here;
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

/**
 * The screen's state: the seller's arrangement of one stored page (`key` names that page's images), or
 * null for the stored order. A new stored page (after a merge or a task) starts a new arrangement.
 */
export type DetailPageState = { key: string; value: Arrangement } | null;

export type DetailPageAction =
  /** `view` is the stored page the seller saw when acting (an edit of an older page starts afresh). */
  | { type: 'move'; view: DetailPageView; position: number; step: -1 | 1 }
  | { type: 'toggleDropped'; view: DetailPageView; index: number }
  /** Back to the stored order (the reset button, and after a merge). */
  | { type: 'reset' };

export function detailPageReducer(state: DetailPageState, action: DetailPageAction): DetailPageState {
  switch (action.type) {
    case 'move':
      return {
        key: pageKey(action.view),
        value: move(shownArrangement(state, action.view), action.position, action.step),
      };
    case 'toggleDropped':
      return {
        key: pageKey(action.view),
        value: toggleDropped(shownArrangement(state, action.view), action.index),
      };
    case 'reset':
      return null;
  }
}

/** The key of a stored page: its images' indexes and addresses. */
export const pageKey = (view: DetailPageView): string =>
  JSON.stringify(view.entries.map((e) => [e.index, e.url]));

/** The arrangement to show: the seller's, while it belongs to the stored page; else the stored order. */
export const shownArrangement = (state: DetailPageState, view: DetailPageView): Arrangement =>
  state && state.key === pageKey(view) ? state.value : initialArrangement(view);
