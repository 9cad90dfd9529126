import type { EditedTextItem, ImageGroup } from '@rr/contracts';
import { isRecord, type Quad } from '@rr/domain';
import { toQuad } from '../../shared/images/quad';
import { toText as str, toNumber } from '../../shared/values';

/** [x0, y0, x1, y1] in the image's pixels (a protected region). */
export type Rect = [number, number, number, number];
type Point = [number, number];

/** One OCR line of a processed image as the product stores it (textAreas), ready to edit. */
export type ReviewLine = {
  source: string;
  target: string;
  /** False for lines kept as they are (numbers, sizes, no Chinese). */
  translate: boolean;
  box: Quad;
};

/** The image a seller reviews: where it is in the product and what its record holds. */
export type ReviewImage = {
  group: ImageGroup;
  index: number;
  original: string | undefined;
  /** The result, when it differs from the original. */
  processed: string | undefined;
  requestId: string | undefined;
  /** processType (additional, detail) or the option's status (main). */
  processType: string | undefined;
  lines: ReviewLine[];
  protectedRegions: Rect[];
};

function toRect(v: unknown): Rect | undefined {
  if (!Array.isArray(v) || v.length !== 4) return undefined;
  const [x0, y0, x1, y1] = v.map(toNumber);
  return x0 !== undefined && y0 !== undefined && x1 !== undefined && y1 !== undefined
    ? [x0, y0, x1, y1]
    : undefined;
}

/** A line's box as [x0, y0, x1, y1]. */
export function rectOfBox(box: ReviewLine['box']): Rect {
  const xs = box.map((p) => p[0]);
  const ys = box.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The reviewable image behind a stored record: for main images the option's mainImageStatus
 * {image, processedImage}, else a processed image record {originalUrl, url}; `fallbackOriginal` is
 * the source when the record does not name one (or is a plain URL).
 */
export function reviewImageOf(
  group: ImageGroup,
  index: number,
  record: unknown,
  fallbackOriginal?: string,
): ReviewImage {
  const r = isRecord(record) ? record : {};
  const plain = typeof record === 'string' ? record : undefined;
  const original =
    group === 'main' ? (str(r.image) ?? fallbackOriginal) : (str(r.originalUrl) ?? fallbackOriginal ?? plain);
  const result = group === 'main' ? str(r.processedImage) : (str(r.url) ?? plain);
  const lines: ReviewLine[] = [];
  for (const item of Array.isArray(r.textAreas) ? r.textAreas : []) {
    if (!isRecord(item)) continue;
    const box = toQuad(item.bounding_box);
    if (!box) continue;
    const source = typeof item.source === 'string' ? item.source : '';
    lines.push({
      source,
      target: typeof item.target === 'string' ? item.target : source,
      translate: item.translate !== false,
      box,
    });
  }
  const protectedRegions = (Array.isArray(r.protectedRegions) ? r.protectedRegions : [])
    .map(toRect)
    .filter((x): x is Rect => x !== undefined);
  return {
    group,
    index,
    original,
    processed: result && result !== original ? result : undefined,
    requestId: str(r.requestId),
    processType: str(r.processType) ?? (group === 'main' ? str(r.status) : undefined),
    lines,
    protectedRegions,
  };
}

/** True when the line lies inside one of the regions (its centre is in it). */
export function isLineProtected(line: ReviewLine, regions: readonly Rect[]): boolean {
  const [x0, y0, x1, y1] = rectOfBox(line.box);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return regions.some(([a, b, c, d]) => cx >= a && cx <= c && cy >= b && cy <= d);
}

/** The lines to send for "regenerate with my text": every line, with the seller's Korean where edited. */
export function editedItems(
  lines: readonly ReviewLine[],
  edits: Readonly<Record<number, string>>,
): EditedTextItem[] {
  return lines.map((l, i) => ({
    source: l.source,
    target: edits[i] ?? l.target,
    bounding_box: l.box,
  }));
}

/** True when at least one edited line differs from what is stored. */
export function hasTextChanges(
  lines: readonly ReviewLine[],
  edits: Readonly<Record<number, string>>,
): boolean {
  return lines.some((l, i) => edits[i] !== undefined && edits[i] !== l.target);
}

const inside = (line: ReviewLine, r: Rect) => isLineProtected(line, [r]);

/**
 * Protect or unprotect one line, on the list of regions being edited. Protecting adds the line's
 * box. Unprotecting removes every region that holds the line; the other lines those regions held
 * stay protected by their own boxes (a region is a rectangle: it cannot keep a hole).
 */
export function toggleLineProtection(
  lines: readonly ReviewLine[],
  regions: readonly Rect[],
  i: number,
): Rect[] {
  const line = lines[i];
  if (!line) return [...regions];
  if (!isLineProtected(line, regions)) return [...regions, rectOfBox(line.box)];
  const removed = regions.filter((r) => inside(line, r));
  const kept = regions.filter((r) => !inside(line, r));
  const orphans = lines.filter(
    (l, j) => j !== i && removed.some((r) => inside(l, r)) && !kept.some((r) => inside(l, r)),
  );
  return [...kept, ...orphans.map((l) => rectOfBox(l.box))];
}

/** Regions that hold no OCR line: drawn by the seller over a logo or the product itself. */
export function drawnRegions(lines: readonly ReviewLine[], regions: readonly Rect[]): Rect[] {
  return regions.filter((r) => !lines.some((l) => inside(l, r)));
}

/** The smallest side, in image pixels, of a region drawn with the mouse (smaller drags are clicks). */
export const MIN_REGION_SIDE = 6;

/**
 * The region a drag from `a` to `b` draws (image pixels), clamped to the image, or undefined when
 * it is too small to be meant.
 */
export function regionOfDrag(a: Point, b: Point, size: { width: number; height: number }): Rect | undefined {
  const clampX = (x: number) => Math.round(Math.min(size.width, Math.max(0, x)));
  const clampY = (y: number) => Math.round(Math.min(size.height, Math.max(0, y)));
  const r: Rect = [
    clampX(Math.min(a[0], b[0])),
    clampY(Math.min(a[1], b[1])),
    clampX(Math.max(a[0], b[0])),
    clampY(Math.max(a[1], b[1])),
  ];
  return r[2] - r[0] >= MIN_REGION_SIDE && r[3] - r[1] >= MIN_REGION_SIDE ? r : undefined;
}

/** True when both lists hold the same regions (order aside). */
export function sameRegions(a: readonly Rect[], b: readonly Rect[]): boolean {
  const key = (rs: readonly Rect[]) =>
    rs
      .map((r) => r.join(','))
      .sort()
      .join(';');
  return key(a) === key(b);
}
