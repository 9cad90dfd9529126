/**
 * Draws Korean text back in place with the bundled Pretendard font: original colour, weight and
 * alignment, box adjusted by the spec's rule, and the font sized so the Korean ink is as tall as
 * the source line's ink. A translation too wide for its box is, in this order: drawn at that size on
 * one line when it fits; wrapped onto more lines at that size when the box, grown into the free
 * space above and below it (plain background up to the next text line, a kept or protected line,
 * or the image edge), holds them; drawn on one line at that size when the box, widened into the
 * free columns beside it (plain background up to a table's ruling line, other text or the image
 * edge, at most 2.5× the source's width), holds it; only then shrunk, by the smallest factor that
 * fits (on one widened line or wrapped). A line is never dropped. The box never crosses a table's
 * ruling line, and a line in the middle of a cell is centred there. Items of one font-size group
 * with nearly equal sizes are drawn at one size.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FONT_SIZE_FALLBACK } from '@rr/domain';
import { FONT_FAMILY, registerFonts, wrapText } from '../render/draw-text.ts';
import { adjustBox } from './box-adjust.ts';
import { boxOfPoints } from './items.ts';
import type { AdjustBox, OcrItem, Rect, SourceLanguage, TextAlign } from './types.ts';

export { FONT_FAMILY, FONT_FILES, registerFonts } from '../render/draw-text.ts';

export type RenderItem = {
  text: string;
  box: [number, number, number, number];
  align: TextAlign;
  lineCount: number;
  color: string;
  bold: boolean;
  adjust: AdjustBox;
  /** Font size group key (the AI's font_size); items of one group with similar boxes share a size. */
  group: number;
  /** One source line's ink height in pixels, when the analysis measured it. */
  inkHeight?: number | undefined;
};

export type Layout = {
  lines: string[];
  fontSize: number;
  /** Where the text is drawn: the adjusted box, grown into free space when wrapped lines need it. */
  box: [number, number, number, number];
  bold: boolean;
  /** How the lines are aligned in `box` (the item's, or centred in a table cell). */
  align: TextAlign;
};

/** What lies around the items: the text-removed image and the lines that stay on it. */
export type LayoutSpace = {
  /** The text-removed image (RGBA): a row that is not plain background stops a box's growth. */
  image?: { data: Uint8Array | Uint8ClampedArray; width: number; height: number } | undefined;
  /** Boxes of lines left on the image (untranslated, protected): never drawn over. */
  obstacles?: readonly Rect[] | undefined;
};

const MIN_FONT = 10;
/**
 * Font size per line height, for items without a measured ink height. Pretendard's Hangul ink is
 * ≈0.75 em while the Chinese ink fills ≈0.9 of the detector's box, so 1.0 keeps the Korean ink
 * about as tall as the Chinese it replaces and still inside the box.
 */
const EM_PER_LINE = 1.0;
/**
 * A line drawn at this share of its source size or more keeps the source's visual size (85–115%
 * with room for measuring): such a size on fewer lines is preferred to wrapping at the full size.
 */
const KEEP_SCALE = 0.9;
/**
 * One line widens into the free columns beside it up to this many times its source box's width: a
 * table header's Korean (가슴둘레 for 胸围) takes its cell, a long sentence wraps in its column
 * instead of crossing the page.
 */
const MAX_WIDEN = 2.5;
/** Line pitch of wrapped lines, in em. */
export const LINE_GAP = 1.15;
/** Distance kept from another line when a box grows, in source line heights. */
export const LINE_MARGIN = 0.25;
/** A pixel differing from the background by more than this (sum over R, G, B) is not background. */
export const BACKGROUND_TOLERANCE = 90;

/** Where an item's text goes after the box adjustment (anchored by its alignment), inside the image. */
export function adjustedBox(item: RenderItem, W: number, H: number): [number, number, number, number] {
  const [x0, y0, x1, y1] = item.box;
  const w = ((x1 - x0) * item.adjust.width_percent) / 100;
  const h = ((y1 - y0) * item.adjust.height_percent) / 100;
  let nx0 = item.align === 'left' ? x0 : item.align === 'right' ? x1 - w : (x0 + x1) / 2 - w / 2;
  let ny0 = (y0 + y1) / 2 - h / 2;
  nx0 = Math.max(0, Math.min(W - w, nx0));
  ny0 = Math.max(0, Math.min(H - h, ny0));
  return [Math.max(0, nx0), Math.max(0, ny0), Math.min(W, nx0 + w), Math.min(H, ny0 + h)];
}

const faceOf = (bold: boolean) => (bold ? FONT_FAMILY.bold : FONT_FAMILY.normal);

/** Ink height per em of `text` in the face (its glyphs' extent above and below the baseline). */
function inkPerEm(ctx: SKRSContext2D, text: string, bold: boolean): number {
  ctx.font = `100px "${faceOf(bold)}"`;
  const m = ctx.measureText(text);
  const ink = (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent) / 100;
  return ink > 0.2 ? ink : 0.75;
}

/** `text` on at most `n` lines no wider than `w` at `size`, or undefined. */
function wrapAt(
  ctx: SKRSContext2D,
  text: string,
  w: number,
  n: number,
  size: number,
  bold: boolean,
  breakWords: boolean,
): string[] | undefined {
  ctx.font = `${size}px "${faceOf(bold)}"`;
  if (n === 1) return ctx.measureText(text).width <= w ? [text] : undefined;
  const lines = wrapText(ctx, text, w, { breakWords }).filter((l) => l !== '');
  if (lines.length > n) return undefined;
  return lines.every((l) => ctx.measureText(l).width <= w) ? lines : undefined;
}

/** Free rows next to a box, going up or down: how far it may grow before it meets something. */
type Room = { above: number; below: number };

/**
 * How many rows above and below `box` (up to `want` each) are free: `margin` away from the image
 * edge, from every obstacle over the box's columns and (with an image) from anything that is not
 * plain background, i.e. a row where two or more pixels differ from the background colour by more
 * than BACKGROUND_TOLERANCE (the background is followed row by row, so a gradient is free).
 */
export function freeRoom(
  box: Rect,
  want: number,
  margin: number,
  obstacles: readonly Rect[],
  H: number,
  image?: LayoutSpace['image'],
): Room {
  const [x0, y0, x1, y1] = box;
  let top = Math.max(margin, y0 - want);
  let bottom = Math.min(H - margin, y1 + want);
  for (const o of obstacles) {
    if (o[2] <= x0 || o[0] >= x1) continue;
    if (o[1] >= y1 - 1) bottom = Math.min(bottom, o[1] - margin);
    else if (o[3] <= y0 + 1) top = Math.max(top, o[3] + margin);
  }
  let below = Math.max(0, Math.floor(bottom - y1));
  let above = Math.max(0, Math.floor(y0 - top));
  if (image) {
    const bg = backgroundOf(image, box);
    const plain = (from: number, dir: 1 | -1, max: number) => {
      const n = plainRows(image, x0, x1, from, dir, max + Math.ceil(margin), bg);
      return n > max ? max : Math.max(0, Math.floor(n - margin));
    };
    below = plain(Math.ceil(y1), 1, below);
    above = plain(Math.floor(y0) - 1, -1, above);
  }
  return { above, below };
}

/** Free columns next to a box, left and right: how far one line may widen before it meets something. */
type Side = { left: number; right: number };

/**
 * How many columns left and right of `box` (up to `want` each) are free over the rows `rows` (the
 * source line's): `margin` away from the image edge, from every obstacle over those rows and (with
 * an image) from the first column that is not plain background — a table's ruling line ends a cell.
 */
export function freeSide(
  box: Rect,
  rows: [number, number],
  want: number,
  margin: number,
  obstacles: readonly Rect[],
  W: number,
  image?: LayoutSpace['image'],
): Side {
  const [x0, , x1] = box;
  let leftEdge = Math.max(margin, x0 - want);
  let rightEdge = Math.min(W - margin, x1 + want);
  for (const o of obstacles) {
    if (o[3] <= rows[0] || o[1] >= rows[1]) continue;
    if (o[0] >= x1 - 1) rightEdge = Math.min(rightEdge, o[0] - margin);
    else if (o[2] <= x0 + 1) leftEdge = Math.max(leftEdge, o[2] + margin);
  }
  let right = Math.max(0, Math.floor(rightEdge - x1));
  let left = Math.max(0, Math.floor(x0 - leftEdge));
  if (image) {
    const bg = backgroundOf(image, [x0, rows[0], x1, rows[1]]);
    const plain = (from: number, dir: 1 | -1, max: number) => {
      const n = plainColumns(image, rows[0], rows[1], from, dir, max + Math.ceil(margin), bg);
      return n > max ? max : Math.max(0, Math.floor(n - margin));
    };
    right = plain(Math.ceil(x1), 1, right);
    left = plain(Math.floor(x0) - 1, -1, left);
  }
  return { left, right };
}

type Colour = [number, number, number];

/** Median colour inside `box` of the text-removed image (the cleaned background). */
function backgroundOf(image: NonNullable<LayoutSpace['image']>, box: Rect): Colour {
  const { data, width, height } = image;
  const ch: number[][] = [[], [], []];
  const xs = Math.max(0, Math.floor(box[0]));
  const xe = Math.min(width, Math.ceil(box[2]));
  const ys = Math.max(0, Math.floor(box[1]));
  const ye = Math.min(height, Math.ceil(box[3]));
  const step = Math.max(1, Math.floor(Math.sqrt(((xe - xs) * (ye - ys)) / 4000)));
  for (let y = ys; y < ye; y += step)
    for (let x = xs; x < xe; x += step) {
      const p = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) ch[c]!.push(data[p + c]!);
    }
  return ch.map((v) => (v.length ? v.sort((a, b) => a - b)[v.length >> 1]! : 255)) as Colour;
}

/**
 * Lines of pixels from `start` in direction `dir` (at most `max`) that are plain background: rows
 * (across columns a0–a1) or columns (across rows a0–a1). A line with two pixels off the running
 * background colour ends the run; the background follows the lines that pass (slow gradients).
 */
function plainLines(
  image: NonNullable<LayoutSpace['image']>,
  along: 'rows' | 'columns',
  a0: number,
  a1: number,
  start: number,
  dir: 1 | -1,
  max: number,
  background: Colour,
): number {
  const { data, width, height } = image;
  const across = along === 'rows' ? width : height;
  const lines = along === 'rows' ? height : width;
  const from = Math.max(0, Math.floor(a0));
  const to = Math.min(across, Math.ceil(a1));
  const bg = [...background];
  let n = 0;
  for (; n < max; n++) {
    const line = start + dir * n;
    if (line < 0 || line >= lines) break;
    let off = 0;
    const sum = [0, 0, 0];
    let kept = 0;
    for (let k = from; k < to; k++) {
      const p = (along === 'rows' ? line * width + k : k * width + line) * 4;
      const d =
        Math.abs(data[p]! - bg[0]!) + Math.abs(data[p + 1]! - bg[1]!) + Math.abs(data[p + 2]! - bg[2]!);
      if (d > BACKGROUND_TOLERANCE) {
        if (++off >= 2) break;
      } else {
        kept++;
        for (let c = 0; c < 3; c++) sum[c]! += data[p + c]!;
      }
    }
    if (off >= 2) break;
    if (kept) for (let c = 0; c < 3; c++) bg[c] = sum[c]! / kept;
  }
  return n;
}

/** Rows from `y` in direction `dir` (at most `max`) that are plain background over columns bx0–bx1. */
const plainRows = (
  image: NonNullable<LayoutSpace['image']>,
  bx0: number,
  bx1: number,
  y: number,
  dir: 1 | -1,
  max: number,
  background: Colour,
) => plainLines(image, 'rows', bx0, bx1, y, dir, max, background);

/** Columns from `x` in direction `dir` (at most `max`) that are plain background over rows by0–by1. */
const plainColumns = (
  image: NonNullable<LayoutSpace['image']>,
  by0: number,
  by1: number,
  x: number,
  dir: 1 | -1,
  max: number,
  background: Colour,
) => plainLines(image, 'columns', by0, by1, x, dir, max, background);

type Fitted = { lines: string[]; fontSize: number; target: number; box: Rect };

/**
 * One item's layout at the font size whose ink matches the source line (`target`): one line in the
 * box; else the fewest lines at that size the box (grown into `room`) holds; else one line at that
 * size in `lineW` (the box widened into free columns); else the largest smaller size that fits on
 * some number of lines (binary search per line count); never dropped.
 */
function fitItem(
  ctx: SKRSContext2D,
  item: RenderItem,
  box: Rect,
  roomOf: (want: number) => Room,
  lineW: number,
): Fitted {
  const { text, bold } = item;
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const perEm = inkPerEm(ctx, text, bold);
  const target = Math.max(
    MIN_FONT,
    item.inkHeight ? item.inkHeight / perEm : (EM_PER_LINE * h) / item.lineCount,
  );
  // One line may widen past the box (`lineW`: into the free columns beside it, up to a table's
  // ruling line, other text or the image's edge, keeping its alignment's anchor) when wrapping at
  // the source size does not hold it, and when shrinking.
  const widthFor = (n: number) => (n === 1 ? lineW : w);
  const words = text.split(/\s+/).filter(Boolean).length;
  // A paragraph's source lines broke anywhere, so its Korean may break inside a word too.
  const breakWords = item.lineCount > 1;
  const maxLines = Math.max(item.lineCount, Math.min(words, item.lineCount + 6));
  // Height of a block of n lines at `size`: (n - 1) line pitches plus one line's ink.
  const blockH = (n: number, size: number) => (n - 1) * size * LINE_GAP + size * perEm;
  const room = roomOf(Math.max(0, blockH(maxLines, target) - h));
  const free = room.above + room.below;
  const fitsHeight = (n: number, size: number) => n === 1 || blockH(n, size) <= h + free;
  const done = (lines: string[], fontSize: number): Fitted => {
    const extra = lines.length > 1 ? Math.max(0, blockH(lines.length, fontSize) - h) : 0;
    const down = Math.min(extra, room.below);
    const up = Math.min(extra - down, room.above);
    let [x0, x1] = [box[0], box[2]];
    if (lines.length === 1) {
      ctx.font = `${fontSize}px "${faceOf(bold)}"`;
      const wide = Math.min(lineW, Math.ceil(ctx.measureText(lines[0]!).width));
      if (wide > w) {
        if (item.align === 'left') x1 = x0 + wide;
        else if (item.align === 'right') x0 = x1 - wide;
        else [x0, x1] = [(x0 + x1 - wide) / 2, (x0 + x1 + wide) / 2];
      }
    }
    return { lines, fontSize, target, box: [x0, box[1] - up, x1, box[3] + down] };
  };
  // 1–2. At the source size, or within 10% below it (still the source's visual size): the fewest
  // lines the (grown) box holds; at the largest such size.
  const largest = (n: number, lo: number, canBreak: boolean, width = widthFor(n)) => {
    const at = (s: number) => (fitsHeight(n, s) ? wrapAt(ctx, text, width, n, s, bold, canBreak) : undefined);
    if (at(target)) return { lines: at(target)!, size: target };
    if (lo >= target || !at(lo)) return undefined;
    let hi = target;
    while (hi - lo > 0.05) {
      const mid = (lo + hi) / 2;
      if (at(mid)) lo = mid;
      else hi = mid;
    }
    return { lines: at(lo)!, size: lo };
  };
  const keep = Math.max(MIN_FONT, target * KEEP_SCALE);
  for (let n = 1; n <= maxLines; n++) {
    if (!fitsHeight(n, keep)) break;
    const got = largest(n, keep, breakWords, w);
    if (got) return done(got.lines, Math.floor(got.size * 100) / 100);
  }
  // 2b. One line at that size, widened into the free columns beside the box (a table cell).
  if (lineW > w) {
    const got = largest(1, keep, breakWords, lineW);
    if (got) return done(got.lines, Math.floor(got.size * 100) / 100);
  }
  // 3. Shrink: per line count, the largest size that fits (binary search to 0.05 px); the largest wins.
  for (const canBreak of breakWords ? [true] : [false, true]) {
    let best: { lines: string[]; size: number } | undefined;
    for (let n = 1; n <= (canBreak ? maxLines + 2 : maxLines); n++) {
      const got = largest(n, MIN_FONT, canBreak);
      if (got && (!best || got.size > best.size + 0.05)) best = got;
    }
    if (best) return done(best.lines, Math.floor(best.size * 100) / 100);
  }
  // Nothing fits even at the smallest size: drawn anyway (a line is never dropped).
  return done(wrapAt(ctx, text, w, Number.POSITIVE_INFINITY, MIN_FONT, bold, true) ?? [text], MIN_FONT);
}

/**
 * A line's alignment inside its free span: a line sitting in the middle of a span closed on both
 * sides by something other than the image's edge (a table cell, a label between two shapes) is
 * centred there, whatever its place on the image suggested (a cell near the image's margin read as
 * left- or right-aligned).
 */
function alignInSpan(
  align: TextAlign,
  src: Rect,
  span: [number, number],
  margin: number,
  W: number,
): TextAlign {
  if (align === 'center') return align;
  const closed = span[0] > margin + 1 && span[1] < W - margin - 1;
  const gap = Math.abs((src[0] + src[2]) / 2 - (span[0] + span[1]) / 2);
  return closed && gap <= Math.max(4, 0.1 * (span[1] - span[0])) ? 'center' : align;
}

const union = (a: Rect, b: Rect): Rect => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/**
 * Lays out every item (no drawing), top to bottom: a box grows only into space no other item's
 * box (or a box grown before it) and no obstacle holds. Items of one group with similar heights
 * get one size.
 */
export function layoutItems(items: RenderItem[], W: number, H: number, space: LayoutSpace = {}): Layout[] {
  registerFonts();
  const ctx = createCanvas(4, 4).getContext('2d');
  const boxes = items.map((item) => adjustedBox(item, W, H));
  const occupied: Rect[] = items.map((item, i) => union(item.box, boxes[i]!));
  const order = items.map((_, i) => i).sort((a, b) => boxes[a]![1] - boxes[b]![1] || a - b);
  const fitted: Fitted[] = new Array(items.length);
  const aligns: TextAlign[] = items.map((item) => item.align);
  for (const i of order) {
    const others = [...(space.obstacles ?? []), ...occupied.filter((_, j) => j !== i)];
    const src = items[i]!.box;
    const margin = Math.max(2, (LINE_MARGIN * (src[3] - src[1])) / items[i]!.lineCount);
    // The free columns around the source line: its cell (ruling lines, other text) or plain page.
    const side = freeSide(src, [src[1], src[3]], W, margin, others, W, space.image);
    const span: [number, number] = [src[0] - side.left, src[2] + side.right];
    aligns[i] = alignInSpan(items[i]!.align, src, span, margin, W);
    const item = { ...items[i]!, align: aligns[i]! };
    // The spec's adjusted box, kept inside that span (never narrower than the source box).
    const adjusted = adjustedBox(item, W, H);
    const box: Rect = [
      Math.min(src[0], Math.max(adjusted[0], span[0])),
      adjusted[1],
      Math.max(src[2], Math.min(adjusted[2], span[1])),
      adjusted[3],
    ];
    // One line may take the span, from its alignment's anchor.
    const lineW =
      item.align === 'left'
        ? span[1] - box[0]
        : item.align === 'right'
          ? box[2] - span[0]
          : 2 * Math.min((box[0] + box[2]) / 2 - span[0], span[1] - (box[0] + box[2]) / 2);
    const f = fitItem(
      ctx,
      item,
      box,
      (want) => freeRoom(box, want, margin, others, H, space.image),
      Math.max(box[2] - box[0], Math.min(lineW, MAX_WIDEN * (src[2] - src[0]))),
    );
    fitted[i] = f;
    occupied[i] = union(union(src, box), f.box);
  }
  const layouts: Layout[] = fitted.map((f, i) => ({
    lines: f.lines,
    fontSize: f.fontSize,
    box: f.box as Layout['box'],
    bold: items[i]!.bold,
    align: aligns[i]!,
  }));
  // Font-size groups: same AI size and line heights within 25% → one size, when the sizes are
  // within 10% (a larger gap would shrink a line's ink below 90% of its source). A line already
  // shrunk to fit is not shrunk further for its group.
  for (let i = 0; i < items.length; i++) {
    for (let j = 0; j < items.length; j++) {
      if (i === j || items[i]!.group !== items[j]!.group) continue;
      const hi = (items[i]!.box[3] - items[i]!.box[1]) / items[i]!.lineCount;
      const hj = (items[j]!.box[3] - items[j]!.box[1]) / items[j]!.lineCount;
      if (Math.max(hi, hj) / Math.min(hi, hj) > 1.25) continue;
      const a = layouts[i]!;
      const b = layouts[j]!;
      const own = fitted[i]!;
      if (own.fontSize < own.target - 0.05) continue;
      if (b.fontSize < a.fontSize && b.fontSize >= own.fontSize * 0.9) {
        a.fontSize = b.fontSize;
        // Re-wrap at the smaller size (it always fits on as many lines).
        a.lines =
          wrapAt(ctx, items[i]!.text, a.box[2] - a.box[0], a.lines.length, a.fontSize, a.bold, true) ??
          a.lines;
      }
    }
  }
  return layouts;
}

/**
 * Draws the items onto a copy of the text-removed RGBA image and returns the new RGBA pixels.
 * `obstacles`: boxes of the lines left on the image (untranslated, protected), never drawn over.
 */
export function renderKorean(
  removed: { data: Uint8Array | Uint8ClampedArray; width: number; height: number },
  items: RenderItem[],
  obstacles: readonly Rect[] = [],
): { rgba: Uint8ClampedArray; layouts: Layout[] } {
  registerFonts();
  const { width: W, height: H } = removed;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(W, H);
  img.data.set(removed.data);
  ctx.putImageData(img, 0, 0);
  const layouts = layoutItems(items, W, H, { image: removed, obstacles });
  items.forEach((item, i) => {
    const l = layouts[i]!;
    if (!item.text.trim()) return;
    ctx.font = `${l.fontSize}px "${faceOf(l.bold)}"`;
    ctx.fillStyle = item.color;
    ctx.textBaseline = 'middle';
    ctx.textAlign = l.align;
    const [x0, y0, x1, y1] = l.box;
    // The block's ink (first line's top to last line's bottom) centred in the box.
    const m = ctx.measureText(item.text);
    const pitch = l.fontSize * LINE_GAP;
    const first =
      (y0 + y1) / 2 -
      ((l.lines.length - 1) * pitch + m.actualBoundingBoxDescent - m.actualBoundingBoxAscent) / 2;
    const x = l.align === 'left' ? x0 : l.align === 'right' ? x1 : (x0 + x1) / 2;
    l.lines.forEach((line, k) => {
      ctx.fillText(line, x, first + pitch * k);
    });
  });
  return { rgba: ctx.getImageData(0, 0, W, H).data, layouts };
}

const isDrawn = (it: OcrItem) => it.translate !== false && it.target.trim() !== '';

/** The items drawn for `render`: translated lines with a target, their box adjusted (the AI's or the spec's rule). */
export function toRenderItems(items: OcrItem[], sourceLanguage: SourceLanguage): RenderItem[] {
  return items.filter(isDrawn).map((it) => ({
    text: it.target.trim(),
    box: boxOfPoints(it.bounding_box),
    align: it.align,
    lineCount: Math.max(1, it.line_count),
    color: it.color ?? '#000000',
    bold: it.bold ?? it.font_size >= 36,
    adjust: it.adjust_box ?? adjustBox(it.source, it.target, it.font_size, sourceLanguage),
    group: it.font_size || FONT_SIZE_FALLBACK,
    inkHeight: it.ink_height,
  }));
}

/** Boxes of the lines that stay on the image as they are (not drawn): what a grown box must avoid. */
export function keptLineBoxes(items: OcrItem[]): Rect[] {
  return items.filter((it) => !isDrawn(it)).map((it) => boxOfPoints(it.bounding_box));
}
