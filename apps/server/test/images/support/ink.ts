/** Ink heights for the quality tests and the bench: where a line's pixels differ from the text-removed image. */
import { createCanvas } from '@napi-rs/canvas';
import { adjustBox } from '../../../src/images/translate/box-adjust.ts';
import { boxOfPoints } from '../../../src/images/translate/items.ts';
import { FONT_FAMILY, type Layout, registerFonts } from '../../../src/images/translate/render.ts';
import type { OcrItem } from '../../../src/images/translate/types.ts';

export type Raw = { data: Uint8Array | Buffer; width: number; height: number };
type Box = [number, number, number, number];

/** Where `img` differs from `base` inside `box` (grown by `pad`): per row, whether it holds ink. */
function inkProfile(img: Raw, base: Raw, box: Box, pad: number, threshold: number): boolean[] {
  const x0 = Math.max(0, Math.floor(box[0] - pad));
  const y0 = Math.max(0, Math.floor(box[1] - pad));
  const x1 = Math.min(img.width, Math.ceil(box[2] + pad));
  const y1 = Math.min(img.height, Math.ceil(box[3] + pad));
  const rows: boolean[] = [];
  for (let y = y0; y < y1; y++) {
    let count = 0;
    for (let x = x0; x < x1; x++) {
      const p = (y * img.width + x) * 3;
      const d =
        Math.abs(img.data[p]! - base.data[p]!) +
        Math.abs(img.data[p + 1]! - base.data[p + 1]!) +
        Math.abs(img.data[p + 2]! - base.data[p + 2]!);
      if (d > threshold) count++;
    }
    // Two pixels make a row of ink (one stray pixel of JPEG noise does not).
    rows.push(count >= 2);
  }
  return rows;
}

/** One text line's ink height: the tallest run of ink rows inside `box` (a wrapped block has one run per line). */
export function lineInkHeight(img: Raw, base: Raw, box: Box, pad = 4, threshold = 90): number {
  let best = 0;
  let run = 0;
  for (const ink of inkProfile(img, base, box, pad, threshold)) {
    run = ink ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

export type LineInk = {
  source: string;
  target: string;
  sourceInk: number;
  /** Ink height of one rendered line. */
  renderedInk: number;
  lines: number;
  /** The characters laid out (spaces aside): the whole target when nothing was dropped. */
  drawnText: string;
  ratio: number;
};

/**
 * Per drawn item: the source line's ink height (source vs removed image, in the OCR box) beside the
 * rendered Korean's ink height per line (translated vs removed image, in the layout box).
 */
export function measureLines(
  source: Raw,
  removed: Raw,
  translated: Raw,
  items: readonly OcrItem[],
  layouts: readonly Layout[],
): LineInk[] {
  const drawn = items.filter((i) => i.translate !== false && i.target.trim() !== '');
  return drawn.map((item, k) => {
    const layout = layouts[k]!;
    const sourceInk = lineInkHeight(source, removed, boxOfPoints(item.bounding_box));
    const renderedInk = lineInkHeight(translated, removed, layout.box);
    return {
      source: item.source,
      target: item.target,
      sourceInk,
      renderedInk,
      lines: layout.lines.length,
      drawnText: layout.lines.join('').replace(/\s+/g, ''),
      ratio: sourceInk ? renderedInk / sourceInk : 0,
    };
  });
}

/** Columns [left, right] inside `box` holding ink (img vs base), or undefined. */
export function inkColumns(
  img: Raw,
  base: Raw,
  box: Box,
  pad = 4,
  threshold = 90,
): [number, number] | undefined {
  const x0 = Math.max(0, Math.floor(box[0] - pad));
  const y0 = Math.max(0, Math.floor(box[1] - pad));
  const x1 = Math.min(img.width, Math.ceil(box[2] + pad));
  const y1 = Math.min(img.height, Math.ceil(box[3] + pad));
  let left = -1;
  let right = -1;
  for (let x = x0; x < x1; x++) {
    let count = 0;
    for (let y = y0; y < y1; y++) {
      const p = (y * img.width + x) * 3;
      const d =
        Math.abs(img.data[p]! - base.data[p]!) +
        Math.abs(img.data[p + 1]! - base.data[p + 1]!) +
        Math.abs(img.data[p + 2]! - base.data[p + 2]!);
      if (d > threshold) count++;
    }
    if (count >= 2) {
      if (left < 0) left = x;
      right = x;
    }
  }
  return left < 0 ? undefined : [left, right];
}

/** Median colour of the ink pixels (img vs base differ by more than `threshold`) inside `box`. */
export function inkColour(
  img: Raw,
  base: Raw,
  box: Box,
  threshold = 150,
): [number, number, number] | undefined {
  const vals: number[][] = [[], [], []];
  for (let y = Math.max(0, Math.floor(box[1])); y < Math.min(img.height, Math.ceil(box[3])); y++)
    for (let x = Math.max(0, Math.floor(box[0])); x < Math.min(img.width, Math.ceil(box[2])); x++) {
      const p = (y * img.width + x) * 3;
      const d =
        Math.abs(img.data[p]! - base.data[p]!) +
        Math.abs(img.data[p + 1]! - base.data[p + 1]!) +
        Math.abs(img.data[p + 2]! - base.data[p + 2]!);
      if (d > threshold) for (let c = 0; c < 3; c++) vals[c]!.push(img.data[p + c]!);
    }
  if (vals[0]!.length === 0) return undefined;
  return vals.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!) as [number, number, number];
}

/**
 * How visible the edge of a cleaned box is: per side, the mean colour difference between the band
 * of `band` pixels just inside the box and the band just outside it; the largest of the four sides.
 */
export function boxEdgeStep(img: Raw, box: Box, band = 3): number {
  const [x0, y0, x1, y1] = box.map(Math.round) as Box;
  const mean = (xa: number, ya: number, xb: number, yb: number) => {
    const acc = [0, 0, 0];
    let n = 0;
    for (let y = Math.max(0, ya); y < Math.min(img.height, yb); y++)
      for (let x = Math.max(0, xa); x < Math.min(img.width, xb); x++) {
        const p = (y * img.width + x) * 3;
        for (let c = 0; c < 3; c++) acc[c]! += img.data[p + c]!;
        n++;
      }
    return n ? acc.map((v) => v / n) : undefined;
  };
  const dist = (a?: number[], b?: number[]) =>
    a && b ? Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!), Math.abs(a[2]! - b[2]!)) : 0;
  return Math.max(
    dist(mean(x0, y0, x0 + band, y1), mean(x0 - band, y0, x0, y1)),
    dist(mean(x1 - band, y0, x1, y1), mean(x1, y0, x1 + band, y1)),
    dist(mean(x0, y0, x1, y0 + band), mean(x0, y0 - band, x1, y0)),
    dist(mean(x0, y1 - band, x1, y1), mean(x0, y1, x1, y1 + band)),
  );
}

/**
 * Rows above and below `box` (up to `want` each) a grown box could use, measured on the
 * text-removed image independently of the renderer: `margin` away from the image edge, from every
 * other line's box over the same columns and from the first row that is not plain background (two
 * or more pixels differ by more than 90 from the background, followed row by row from the box's
 * own median).
 */
export function freeSpace(
  removed: Raw,
  box: Box,
  others: readonly Box[],
  margin: number,
  want: number,
): { above: number; below: number } {
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(removed.width, Math.ceil(box[2]));
  let top = Math.max(margin, box[1] - want);
  let bottom = Math.min(removed.height - margin, box[3] + want);
  for (const o of others) {
    if (o[2] <= box[0] || o[0] >= box[2]) continue;
    if (o[1] >= box[3] - 1) bottom = Math.min(bottom, o[1] - margin);
    else if (o[3] <= box[1] + 1) top = Math.max(top, o[3] + margin);
  }
  const px = (x: number, y: number) => {
    const p = (y * removed.width + x) * 3;
    return [removed.data[p]!, removed.data[p + 1]!, removed.data[p + 2]!];
  };
  const median = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? 255;
  const inside: number[][] = [[], [], []];
  for (let y = Math.max(0, Math.floor(box[1])); y < Math.min(removed.height, Math.ceil(box[3])); y++)
    for (let x = x0; x < x1; x++) {
      const c = px(x, y);
      for (let k = 0; k < 3; k++) inside[k]!.push(c[k]!);
    }
  const start = inside.map(median);
  const plain = (from: number, dir: 1 | -1, max: number) => {
    const bg = [...start];
    let n = 0;
    for (; n < max; n++) {
      const y = from + dir * n;
      if (y < 0 || y >= removed.height) break;
      const near = [0, 0, 0];
      let count = 0;
      let off = 0;
      for (let x = x0; x < x1; x++) {
        const c = px(x, y);
        if (Math.abs(c[0]! - bg[0]!) + Math.abs(c[1]! - bg[1]!) + Math.abs(c[2]! - bg[2]!) > 90) off++;
        else {
          count++;
          for (let k = 0; k < 3; k++) near[k]! += c[k]!;
        }
      }
      if (off >= 2) break;
      if (count) for (let k = 0; k < 3; k++) bg[k] = near[k]! / count;
    }
    return n;
  };
  const room = (from: number, dir: 1 | -1, max: number) => {
    const n = plain(from, dir, max + Math.ceil(margin));
    return n > max ? max : Math.max(0, Math.floor(n - margin));
  };
  return {
    below: room(Math.ceil(box[3]), 1, Math.floor(Math.max(0, bottom - box[3]))),
    above: room(Math.floor(box[1]) - 1, -1, Math.floor(Math.max(0, box[1] - top))),
  };
}

/**
 * Columns left and right of `box` (up to `want` each) a one-line text could grow into, measured on
 * the text-removed image independently of the renderer, over the rows `rows` (the source line's):
 * `margin` away from the image edge, from every other line's box over those rows and from the first
 * column that is not plain background (two or more pixels differ by more than 90 from the
 * background, followed column by column from the box's own median) — a table's ruling line ends a
 * cell.
 */
export function freeColumns(
  removed: Raw,
  box: Box,
  rows: [number, number],
  others: readonly Box[],
  margin: number,
  want: number,
): { left: number; right: number } {
  const y0 = Math.max(0, Math.floor(rows[0]));
  const y1 = Math.min(removed.height, Math.ceil(rows[1]));
  let leftEdge = Math.max(margin, box[0] - want);
  let rightEdge = Math.min(removed.width - margin, box[2] + want);
  for (const o of others) {
    if (o[3] <= y0 || o[1] >= y1) continue;
    if (o[0] >= box[2] - 1) rightEdge = Math.min(rightEdge, o[0] - margin);
    else if (o[2] <= box[0] + 1) leftEdge = Math.max(leftEdge, o[2] + margin);
  }
  const px = (x: number, y: number) => {
    const p = (y * removed.width + x) * 3;
    return [removed.data[p]!, removed.data[p + 1]!, removed.data[p + 2]!];
  };
  const inside: number[][] = [[], [], []];
  for (let y = y0; y < y1; y++)
    for (let x = Math.max(0, Math.floor(box[0])); x < Math.min(removed.width, Math.ceil(box[2])); x++) {
      const c = px(x, y);
      for (let k = 0; k < 3; k++) inside[k]!.push(c[k]!);
    }
  const start = inside.map((v) => v.sort((a, b) => a - b)[v.length >> 1] ?? 255);
  const plain = (from: number, dir: 1 | -1, max: number) => {
    const bg = [...start];
    let n = 0;
    for (; n < max; n++) {
      const x = from + dir * n;
      if (x < 0 || x >= removed.width) break;
      const near = [0, 0, 0];
      let count = 0;
      let off = 0;
      for (let y = y0; y < y1; y++) {
        const c = px(x, y);
        if (Math.abs(c[0]! - bg[0]!) + Math.abs(c[1]! - bg[1]!) + Math.abs(c[2]! - bg[2]!) > 90) off++;
        else {
          count++;
          for (let k = 0; k < 3; k++) near[k]! += c[k]!;
        }
      }
      if (off >= 2) break;
      if (count) for (let k = 0; k < 3; k++) bg[k] = near[k]! / count;
    }
    return n;
  };
  const room = (from: number, dir: 1 | -1, max: number) => {
    const n = plain(from, dir, max + Math.ceil(margin));
    return n > max ? max : Math.max(0, Math.floor(n - margin));
  };
  return {
    right: room(Math.ceil(box[2]), 1, Math.floor(Math.max(0, rightEdge - box[2]))),
    left: room(Math.floor(box[0]) - 1, -1, Math.floor(Math.max(0, box[0] - leftEdge))),
  };
}

/** The width one line may take: the box grown into the free columns, keeping its alignment's anchor. */
export function lineWidth(
  box: Box,
  align: 'left' | 'center' | 'right',
  side: { left: number; right: number },
): number {
  const w = box[2] - box[0];
  if (align === 'left') return w + side.right;
  if (align === 'right') return w + side.left;
  return w + 2 * Math.min(side.left, side.right);
}

const measureCtx = () => {
  registerFonts();
  return createCanvas(4, 4).getContext('2d');
};

/**
 * The largest scale (≤ 1) of the source's ink height at which `text` fits a box `width` wide and
 * `height` tall with `room` more rows above and below, in the bundled Pretendard: one line no wider
 * than the box, or lines broken at spaces (inside words too when `breakWords`) at a pitch of 1.15 em
 * whose block (pitches plus one line's ink) fits the height. Independent of the renderer's layout:
 * the figure a shrunk line is judged against.
 */
export function fitScale(opts: {
  text: string;
  bold: boolean;
  sourceInk: number;
  width: number;
  /** The width a single line may take (the box grown into free columns); `width` when absent. */
  lineWidth?: number;
  height: number;
  room: { above: number; below: number };
  breakWords: boolean;
}): number {
  const ctx = measureCtx();
  const face = opts.bold ? FONT_FAMILY.bold : FONT_FAMILY.normal;
  ctx.font = `100px "${face}"`;
  const m = ctx.measureText(opts.text);
  const perEm = Math.max(0.2, (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent) / 100);
  const size0 = opts.sourceInk / perEm;
  const available = opts.height * 1.05 + opts.room.above + opts.room.below;
  const lineCount = (size: number): number | undefined => {
    ctx.font = `${size}px "${face}"`;
    const fits = (s: string) => ctx.measureText(s).width <= opts.width;
    if (ctx.measureText(opts.text).width <= Math.max(opts.width, opts.lineWidth ?? 0)) return 1;
    const words = opts.text.split(/\s+/).filter(Boolean);
    let lines = 0;
    let cur = '';
    for (const word of words) {
      if (cur && fits(`${cur} ${word}`)) {
        cur = `${cur} ${word}`;
        continue;
      }
      if (cur) lines++;
      cur = '';
      if (fits(word)) {
        cur = word;
        continue;
      }
      if (!opts.breakWords) return undefined;
      for (const ch of word) {
        if (cur && !fits(cur + ch)) {
          lines++;
          cur = '';
        }
        cur += ch;
      }
    }
    return lines + (cur ? 1 : 0);
  };
  const fitsAt = (s: number) => {
    const n = lineCount(s * size0);
    return n !== undefined && (n === 1 || (n - 1) * 1.15 * s * size0 + s * opts.sourceInk <= available);
  };
  if (fitsAt(1)) return 1;
  let lo = 0;
  let hi = 1;
  while (hi - lo > 0.002) {
    const mid = (lo + hi) / 2;
    if (fitsAt(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export type LineVerdict = 'within' | 'forced' | 'violation';

/**
 * A line's verdict: within 85–115% of its source ink; forced smaller (it cannot fit at 85%, and
 * was not shrunk more than `fit` — the independent fitting scale — less a 0.05 measuring margin);
 * otherwise a violation (too large, or smaller than it had to be).
 */
export function verdict(ratio: number, fit: number): LineVerdict {
  if (ratio >= 0.85 && ratio <= 1.15) return 'within';
  if (ratio < 0.85 && fit < 0.85 + 0.02 && ratio >= fit - 0.05) return 'forced';
  return 'violation';
}

/**
 * Per drawn item, the independent fitting scale: the spec's adjusted box, the free space around it
 * on the text-removed image (above and below for wrapped lines; left and right, up to a ruling line
 * or other text, for one line), and every other line (source boxes and the boxes the other items
 * were drawn in) as obstacles.
 */
export function fitScales(
  removed: Raw,
  items: readonly OcrItem[],
  layouts: readonly Layout[],
  ink: readonly LineInk[],
): number[] {
  const drawn = items.filter((i) => i.translate !== false && i.target.trim() !== '');
  return drawn.map((item, k) => {
    const src = boxOfPoints(item.bounding_box);
    const lineCount = Math.max(1, item.line_count);
    const adjust = item.adjust_box ?? adjustBox(item.source, item.target, item.font_size, 'CHN');
    const box = anchoredBox(src, adjust, item.align, removed.width, removed.height);
    const others = [
      ...items.filter((i) => i !== item).map((i) => boxOfPoints(i.bounding_box)),
      ...layouts.filter((_, j) => j !== k).map((l) => l.box),
    ];
    const lineH = (src[3] - src[1]) / lineCount;
    const margin = Math.max(2, 0.25 * lineH);
    const room = freeSpace(removed, box, others, margin, 20 * lineH);
    const side = freeColumns(removed, box, [src[1], src[3]], others, margin, 20 * lineH);
    return fitScale({
      text: item.target.trim(),
      bold: layouts[k]!.bold,
      sourceInk: ink[k]!.sourceInk,
      width: box[2] - box[0],
      lineWidth: lineWidth(box, item.align, side),
      height: box[3] - box[1],
      room,
      breakWords: lineCount > 1,
    });
  });
}

/** The spec's box adjustment: width and height percentages, anchored at the alignment's edge, inside the image. */
function anchoredBox(
  src: Box,
  adjust: { width_percent: number; height_percent: number },
  align: 'left' | 'center' | 'right',
  W: number,
  H: number,
): Box {
  const w = ((src[2] - src[0]) * adjust.width_percent) / 100;
  const h = ((src[3] - src[1]) * adjust.height_percent) / 100;
  const x = align === 'left' ? src[0] : align === 'right' ? src[2] - w : (src[0] + src[2] - w) / 2;
  const left = Math.max(0, Math.min(W - w, x));
  const top = Math.max(0, Math.min(H - h, (src[1] + src[3] - h) / 2));
  return [left, top, Math.min(W, left + w), Math.min(H, top + h)];
}

/** Runs of ink rows (rendered vs removed) inside `box`: how many text lines were drawn there. */
export function inkLineCount(img: Raw, base: Raw, box: Box, minRun = 4): number {
  let runs = 0;
  let run = 0;
  for (const ink of [...inkProfile(img, base, box, 0, 90), false]) {
    if (ink) run++;
    else {
      if (run >= minRun) runs++;
      run = 0;
    }
  }
  return runs;
}
