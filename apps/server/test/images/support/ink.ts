/** Ink heights for the quality tests and the bench: where a line's pixels differ from the text-removed image. */
import { boxOfPoints } from '../../../src/images/translate/items.ts';
import type { Layout } from '../../../src/images/translate/render.ts';
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
