/**
 * Draws Korean text back in place with the bundled Pretendard font (npm package `pretendard`, never
 * a system font): original colour and alignment, box adjusted by the spec's rule, and the font sized
 * so the Korean ink is as tall as the source line's ink. A translation too wide for the box is first
 * wrapped onto more lines where the box is tall enough, and only then shrunk, no more than needed.
 * Items of one font-size group with nearly equal sizes are drawn at one size.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { adjustBox, FALLBACK_FONT_SIZE } from './box-adjust.ts';
import { boxOfPoints } from './items.ts';
import type { AdjustBox, OcrItem, SourceLanguage, TextAlign } from './types.ts';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('pretendard/package.json')), 'dist/public/static');
export const FONT_FAMILY = { normal: 'RR Pretendard Medium', bold: 'RR Pretendard Bold' } as const;
export const FONT_FILES = {
  normal: path.join(FONT_DIR, 'Pretendard-Medium.otf'),
  bold: path.join(FONT_DIR, 'Pretendard-Bold.otf'),
} as const;

let fontsReady = false;
export function registerFonts(): void {
  if (fontsReady) return;
  GlobalFonts.registerFromPath(FONT_FILES.normal, FONT_FAMILY.normal);
  GlobalFonts.registerFromPath(FONT_FILES.bold, FONT_FAMILY.bold);
  fontsReady = true;
}

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
  box: [number, number, number, number];
  bold: boolean;
};

const MIN_FONT = 10;
/**
 * Font size per line height. DESIGN measured ≈0.93; Pretendard's Hangul ink is ≈0.75 em while the
 * Chinese ink fills ≈0.9 of the detector's box, so 1.0 keeps the Korean ink about as tall as the
 * Chinese it replaces and still inside the box.
 */
const EM_PER_LINE = 1.0;
const LINE_GAP = 1.15;

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

/** Ink height per em of `text` in the face (its glyphs' extent above and below the baseline). */
function inkPerEm(ctx: SKRSContext2D, text: string, bold: boolean): number {
  ctx.font = `100px "${bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
  const m = ctx.measureText(text);
  const ink = (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent) / 100;
  return ink > 0.2 ? ink : 0.75;
}

/**
 * The layout keeping the source's ink height: at the font size whose Hangul ink equals `inkHeight`,
 * the fewest lines (up to `maxLines`) that fit the width and, when more than one, the box's height;
 * if none fits, the largest smaller size that does (never below MIN_FONT, never dropping the text).
 */
function fitToInk(
  ctx: SKRSContext2D,
  text: string,
  w: number,
  h: number,
  maxLines: number,
  bold: boolean,
  inkHeight: number,
) {
  const perEm = inkPerEm(ctx, text, bold);
  const target = Math.max(MIN_FONT, Math.round(inkHeight / perEm));
  // A block of n lines at `size`: (n - 1) line pitches plus one line's ink, within the box (5% slack).
  const blockFits = (n: number, size: number) =>
    n === 1 || (n - 1) * size * LINE_GAP + size * perEm <= h * 1.05;
  const face = bold ? FONT_FAMILY.bold : FONT_FAMILY.normal;
  for (let n = 1; n <= maxLines; n++) {
    if (!blockFits(n, target)) break;
    ctx.font = `${target}px "${face}"`;
    const lines = wrap(ctx, text, w, n);
    if (lines) return { lines, fontSize: target };
  }
  let best: { lines: string[]; fontSize: number } | undefined;
  for (let n = 1; n <= maxLines; n++) {
    for (let size = target - 1; size >= MIN_FONT; size--) {
      if (!blockFits(n, size)) continue;
      ctx.font = `${size}px "${face}"`;
      const lines = wrap(ctx, text, w, n);
      if (lines) {
        if (!best || size > best.fontSize) best = { lines, fontSize: size };
        break;
      }
    }
  }
  return best ?? { lines: [text], fontSize: MIN_FONT };
}

/** Largest layout of `text` in a w×h box on `lines` lines at most (no measured ink height). */
function fit(
  ctx: SKRSContext2D,
  text: string,
  w: number,
  h: number,
  maxLines: number,
  bold: boolean,
  cap: number,
) {
  let best: { lines: string[]; fontSize: number } | undefined;
  for (let n = 1; n <= maxLines; n++) {
    const start = Math.floor(Math.min(cap, (EM_PER_LINE * h) / (n === 1 ? 1 : n * LINE_GAP)));
    for (let size = start; size >= MIN_FONT; size--) {
      ctx.font = `${size}px "${bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
      const lines = wrap(ctx, text, w, n);
      if (lines) {
        if (!best || size > best.fontSize) best = { lines, fontSize: size };
        break;
      }
    }
  }
  return best ?? { lines: [text], fontSize: MIN_FONT };
}

/** Greedy word wrap into at most `n` lines of width ≤ w (breaking inside a word only when it must). */
function wrap(ctx: SKRSContext2D, text: string, w: number, n: number): string[] | undefined {
  const fits = (s: string) => ctx.measureText(s).width <= w;
  if (n === 1) return fits(text) ? [text] : undefined;
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const word of words) {
    const next = cur ? `${cur} ${word}` : word;
    if (fits(next)) {
      cur = next;
      continue;
    }
    if (cur) lines.push(cur);
    cur = '';
    if (fits(word)) {
      cur = word;
      continue;
    }
    // A word wider than the box: break it by characters.
    for (const ch of word) {
      if (fits(cur + ch)) cur += ch;
      else {
        if (cur) lines.push(cur);
        cur = ch;
      }
    }
  }
  if (cur) lines.push(cur);
  return lines.length <= n ? lines : undefined;
}

/** Lays out every item (no drawing). Items of one group with similar heights get one size. */
export function layoutItems(items: RenderItem[], W: number, H: number): Layout[] {
  registerFonts();
  const ctx = createCanvas(4, 4).getContext('2d');
  const layouts = items.map((item) => {
    const box = adjustedBox(item, W, H);
    const bw = box[2] - box[0];
    const bh = box[3] - box[1];
    const maxLines = item.lineCount + (item.text.includes(' ') ? 1 : 0);
    const { lines, fontSize } = item.inkHeight
      ? fitToInk(ctx, item.text, bw, bh, maxLines, item.bold, item.inkHeight)
      : fit(ctx, item.text, bw, bh, maxLines, item.bold, Number.POSITIVE_INFINITY);
    return { lines, fontSize, box, bold: item.bold };
  });
  // Font-size groups: same AI size and line heights within 25% → one size, when the sizes are
  // within 10% (a larger gap would shrink a line's ink below 90% of its source).
  const fitted = layouts.map((l) => l.fontSize);
  for (let i = 0; i < items.length; i++) {
    for (let j = 0; j < items.length; j++) {
      if (i === j || items[i]!.group !== items[j]!.group) continue;
      const hi = (items[i]!.box[3] - items[i]!.box[1]) / items[i]!.lineCount;
      const hj = (items[j]!.box[3] - items[j]!.box[1]) / items[j]!.lineCount;
      if (Math.max(hi, hj) / Math.min(hi, hj) > 1.25) continue;
      const a = layouts[i]!;
      const b = layouts[j]!;
      if (b.fontSize < a.fontSize && b.fontSize >= fitted[i]! * 0.9) {
        const box = a.box;
        a.fontSize = b.fontSize;
        // Re-wrap at the smaller size (it always fits).
        ctx.font = `${a.fontSize}px "${a.bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
        a.lines = wrap(ctx, items[i]!.text, box[2] - box[0], a.lines.length) ?? a.lines;
      }
    }
  }
  return layouts;
}

/** Draws the items onto a copy of the text-removed RGBA image and returns the new RGBA pixels. */
export function renderKorean(
  removed: { data: Uint8Array | Uint8ClampedArray; width: number; height: number },
  items: RenderItem[],
): { rgba: Uint8ClampedArray; layouts: Layout[] } {
  registerFonts();
  const { width: W, height: H } = removed;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(W, H);
  img.data.set(removed.data);
  ctx.putImageData(img, 0, 0);
  const layouts = layoutItems(items, W, H);
  items.forEach((item, i) => {
    const l = layouts[i]!;
    if (!item.text.trim()) return;
    ctx.font = `${l.fontSize}px "${l.bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
    ctx.fillStyle = item.color;
    ctx.textBaseline = 'middle';
    ctx.textAlign = item.align;
    const [x0, y0, x1, y1] = l.box;
    const lineH = l.lines.length === 1 ? l.fontSize : l.fontSize * LINE_GAP;
    const top = (y0 + y1) / 2 - (lineH * l.lines.length) / 2;
    const x = item.align === 'left' ? x0 : item.align === 'right' ? x1 : (x0 + x1) / 2;
    l.lines.forEach((line, k) => {
      ctx.fillText(line, x, top + lineH * (k + 0.5));
    });
  });
  return { rgba: ctx.getImageData(0, 0, W, H).data, layouts };
}

/** The items drawn for `render`: translated lines with a target, their box adjusted (the AI's or the spec's rule). */
export function toRenderItems(items: OcrItem[], sourceLanguage: SourceLanguage): RenderItem[] {
  return items
    .filter((it) => it.translate !== false && it.target.trim() !== '')
    .map((it) => ({
      text: it.target.trim(),
      box: boxOfPoints(it.bounding_box),
      align: it.align,
      lineCount: Math.max(1, it.line_count),
      color: it.color ?? '#000000',
      bold: it.bold ?? it.font_size >= 36,
      adjust: it.adjust_box ?? adjustBox(it.source, it.target, it.font_size, sourceLanguage),
      group: it.font_size || FALLBACK_FONT_SIZE,
      inkHeight: it.ink_height,
    }));
}
