/**
 * Issue 25's fidelity figures, measured on the pictures only (never from the engine's own estimates):
 * - colour ΔE: CIEDE2000 between the colour a line was drawn in and the colour of the rendered
 *   Korean's stroke cores (the ink pixels farthest from the text-removed image under them);
 * - halo ΔE: CIEDE2000 between the mean of the cleaned area (the source line's box, padded) and the
 *   mean of the band of background around it, both on the text-removed image;
 * - the room a line had: its cell (bounded by ruling lines) or the plain background around its box.
 */
import { differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { boxOfPoints } from '../../../src/images/translate/items.ts';
import type { Layout } from '../../../src/images/translate/render.ts';
import type { OcrItem } from '../../../src/images/translate/types.ts';
import { fitScales, measureLines, type Raw } from './ink.ts';
import type { FidelityLine, SceneLine } from './scenes.ts';

export type Rgb = [number, number, number];
type Box = [number, number, number, number];

const ciede2000 = differenceCiede2000();
const toCulori = (c: readonly number[]) => ({
  mode: 'rgb' as const,
  r: c[0]! / 255,
  g: c[1]! / 255,
  b: c[2]! / 255,
});

/** CIEDE2000 colour difference of two sRGB colours (0–255 channels). */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  return ciede2000(toCulori(a), toCulori(b));
}

export const hexRgb = (c: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) as Rgb;

/** The picture as a 1688 seller's JPEG: quality 85, chroma subsampled 4:2:0. */
export const asSellerJpeg = (png: Buffer) =>
  sharp(png).jpeg({ quality: 85, chromaSubsampling: '4:2:0' }).toBuffer();

const clip = (img: Raw, box: Box): Box => [
  Math.max(0, Math.floor(box[0])),
  Math.max(0, Math.floor(box[1])),
  Math.min(img.width, Math.ceil(box[2])),
  Math.min(img.height, Math.ceil(box[3])),
];

/**
 * The colour of the strokes `img` has over `base` inside `box` (grown by `pad`): of the pixels
 * differing by more than `threshold` (sum over R, G, B), the quarter farthest from `base` (the
 * stroke cores, not the anti-aliased edges), median per channel. Undefined without ink.
 */
export function strokeColour(img: Raw, base: Raw, box: Box, pad = 4, threshold = 60): Rgb | undefined {
  const [x0, y0, x1, y1] = clip(img, [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad]);
  const px: Array<{ d: number; c: Rgb }> = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const p = (y * img.width + x) * 3;
      const c: Rgb = [img.data[p]!, img.data[p + 1]!, img.data[p + 2]!];
      const d =
        Math.abs(c[0] - base.data[p]!) +
        Math.abs(c[1] - base.data[p + 1]!) +
        Math.abs(c[2] - base.data[p + 2]!);
      if (d > threshold) px.push({ d, c });
    }
  if (px.length === 0) return undefined;
  px.sort((a, b) => b.d - a.d);
  const core = px.slice(0, Math.max(1, Math.ceil(px.length / 4)));
  const med = (k: number) => core.map((p) => p.c[k]!).sort((a, b) => a - b)[core.length >> 1]!;
  return [med(0), med(1), med(2)];
}

function meanOf(img: Raw, inside: (x: number, y: number) => boolean, area: Box): Rgb | undefined {
  const [x0, y0, x1, y1] = clip(img, area);
  const acc = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (!inside(x, y)) continue;
      const p = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) acc[c]! += img.data[p + c]!;
      n++;
    }
  return n ? (acc.map((v) => v / n) as Rgb) : undefined;
}

/**
 * The cleaned area of a line against its surroundings, on the text-removed image: the line's box
 * grown by 12% of its text size (the area removal works on) and the band 3–9 px beyond that, both
 * inside `region` (the flat area the line was drawn on: a label, a band, a cell). Returns both means
 * and their CIEDE2000 difference.
 */
export function halo(
  removed: Raw,
  box: Box,
  size: number,
  region: Box = [0, 0, removed.width, removed.height],
): { inside: Rgb; around: Rgb; deltaE: number } {
  const pad = Math.round(0.12 * size);
  const a: Box = [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
  const inRegion = (x: number, y: number) =>
    x >= region[0] && x < region[2] && y >= region[1] && y < region[3];
  const inA = (x: number, y: number) => x >= a[0] && x < a[2] && y >= a[1] && y < a[3] && inRegion(x, y);
  const inside = meanOf(removed, inA, a)!;
  const b: Box = [a[0] - 9, a[1] - 9, a[2] + 9, a[3] + 9];
  const c: Box = [a[0] - 3, a[1] - 3, a[2] + 3, a[3] + 3];
  const inBand = (x: number, y: number) =>
    !(x >= c[0] && x < c[2] && y >= c[1] && y < c[3]) && inRegion(x, y);
  const around = meanOf(removed, inBand, b)!;
  return { inside, around, deltaE: deltaE(inside, around) };
}

/** Rows of `box` with ink (`img` vs `base`): the text line's top and bottom, or undefined. */
export function inkRows(img: Raw, base: Raw, box: Box, threshold = 90): [number, number] | undefined {
  const [x0, y0, x1, y1] = clip(img, box);
  let top = -1;
  let bottom = -1;
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1 && n < 2; x++) {
      const p = (y * img.width + x) * 3;
      const d =
        Math.abs(img.data[p]! - base.data[p]!) +
        Math.abs(img.data[p + 1]! - base.data[p + 1]!) +
        Math.abs(img.data[p + 2]! - base.data[p + 2]!);
      if (d > threshold) n++;
    }
    if (n >= 2) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  return top < 0 ? undefined : [top, bottom + 1];
}

export type FidelityFigure = {
  /** The source line as drawn. */
  text: string;
  /** Its Korean, or undefined when no drawn item covers the line (the line was dropped). */
  target?: string;
  colourDeltaE?: number;
  drawnColour?: Rgb;
  /** Only for a line whose flat background region is known. */
  haloDeltaE?: number;
  /** The source line's ink height (px) and the rendered Korean's per line / that. */
  sourceInk?: number;
  inkRatio?: number;
  /** Whether the Korean was drawn bold. */
  bold?: boolean;
  /** The largest scale at which the Korean fits the free space (independent of the renderer). */
  fit?: number;
};

/**
 * Per line of a fidelity scene: its colour ΔE, halo ΔE, ink-height ratio and fitting scale, measured
 * on the source picture, the text-removed and the translated images (all RGB).
 */
export function fidelityFigures(
  lines: readonly (SceneLine & { region?: FidelityLine['region'] })[],
  result: { items: readonly OcrItem[]; layouts: readonly Layout[] },
  raw: { src: Raw; rm: Raw; tr: Raw },
): FidelityFigure[] {
  const drawn = result.items.filter((i) => i.translate !== false && i.target.trim() !== '');
  const ink = measureLines(raw.src, raw.rm, raw.tr, result.items, result.layouts);
  const fits = fitScales(raw.rm, result.items, result.layouts, ink);
  return lines.map((line) => {
    const cx = (line.box[0] + line.box[2]) / 2;
    const cy = (line.box[1] + line.box[3]) / 2;
    const k = drawn.findIndex((i) => {
      const b = boxOfPoints(i.bounding_box);
      return cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3];
    });
    const h = line.region ? { haloDeltaE: halo(raw.rm, line.box, line.size, line.region).deltaE } : {};
    if (k < 0) return { text: line.text, ...h };
    const drawnColour = strokeColour(raw.tr, raw.rm, result.layouts[k]!.box);
    return {
      text: line.text,
      target: drawn[k]!.target,
      ...(drawnColour ? { drawnColour, colourDeltaE: deltaE(drawnColour, hexRgb(line.color)) } : {}),
      ...h,
      sourceInk: ink[k]!.sourceInk,
      inkRatio: ink[k]!.ratio,
      bold: result.layouts[k]!.bold,
      fit: fits[k]!,
    };
  });
}
