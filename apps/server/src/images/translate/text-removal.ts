/**
 * Text removal that touches only the strokes: for each text box the background is estimated from a
 * ring of pixels just outside the box (interpolated from its four sides, so gradients survive);
 * pixels far from that estimate are strokes, grown by ≈8% of the box height. Flat rings are filled
 * with the (interpolated) ring colour; textured ones are repaired with OpenCV's Telea inpainting on the region
 * only. Also measures the text colour (median of the stroke cores) and stroke weight.
 */
import { createRequire } from 'node:module';

export type RawRgba = { data: Uint8ClampedArray | Uint8Array; width: number; height: number };
export type Box = [number, number, number, number];
export type RemovalInfo = {
  color: string;
  bold: boolean;
  flat: boolean;
  strokePixels: number;
  /** Height of the tallest run of rows holding strokes: one text line's ink height (0 without strokes). */
  inkHeight: number;
  /** Set when the region needs inpainting and no OpenCV was given: nothing was changed; call again with it. */
  needsOpenCv?: true;
};

// biome-ignore lint/suspicious/noExplicitAny: OpenCV.js has no usable types for this subset.
type Cv = any;
const require = createRequire(import.meta.url);
let cvReady: Promise<{ cv: Cv }> | undefined;

/**
 * Loads OpenCV.js once. The module object has a `then` of its own, so it is wrapped in a plain object
 * and never awaited itself.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  cvReady ??= new Promise((resolve, reject) => {
    const cv: Cv = require('@techstark/opencv-js');
    const timer = setTimeout(() => reject(new Error('OpenCV.js did not initialise')), 30_000);
    const done = () => {
      clearTimeout(timer);
      resolve({ cv });
    };
    if (cv.Mat && cv.inpaint) done();
    else cv.onRuntimeInitialized = done;
  });
  return cvReady;
}

const RING = 3;

/**
 * Removes the text inside `box` from `img` in place; returns what it learned about the text.
 * OpenCV is only needed for textured backgrounds: without `cv` such a region is left as it is and
 * the answer says `needsOpenCv`, so callers load OpenCV (≈90 MB per thread) only when it is used.
 */
export function removeText(img: RawRgba, box: Box, cv: Cv | undefined): RemovalInfo {
  const { width: W, height: H, data } = img;
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(W, Math.ceil(box[2]));
  const y1 = Math.min(H, Math.ceil(box[3]));
  const bw = x1 - x0;
  const bh = y1 - y0;
  if (bw < 2 || bh < 2) return { color: '#000000', bold: false, flat: true, strokePixels: 0, inkHeight: 0 };

  const px = (x: number, y: number, c: number) => data[(y * W + x) * 4 + c]!;
  // Side colours: per row (left/right) and per column (top/bottom), median over the ring width.
  const side = (xs: number[], ys: number[]) => {
    const vals: number[][] = [[], [], []];
    for (const y of ys) {
      if (y < 0 || y >= H) continue;
      for (const x of xs) {
        if (x < 0 || x >= W) continue;
        for (let c = 0; c < 3; c++) vals[c]!.push(px(x, y, c));
      }
    }
    return vals[0]!.length ? vals.map(median) : undefined;
  };
  const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
  const left = range(0, bh).map((i) => side(range(x0 - RING, RING), [y0 + i]));
  const right = range(0, bh).map((i) => side(range(x1, RING), [y0 + i]));
  const top = range(0, bw).map((i) => side([x0 + i], range(y0 - RING, RING)));
  const bottom = range(0, bw).map((i) => side([x0 + i], range(y1, RING)));
  smoothSide(left);
  smoothSide(right);
  smoothSide(top);
  smoothSide(bottom);

  // Ring statistics: median colour and spread.
  const ringVals: number[][] = [[], [], []];
  for (const s of [left, right, top, bottom])
    for (const v of s) if (v) for (let c = 0; c < 3; c++) ringVals[c]!.push(v[c]!);
  const hasRing = ringVals[0]!.length > 0;
  const ringMedian = hasRing ? ringVals.map(median) : [255, 255, 255];
  const spread = hasRing ? Math.max(...ringVals.map((v, c) => mad(v, ringMedian[c]!))) : 0;
  const flat = spread < 4;
  // A mostly plain ring crossed by something else (a table line, a neighbouring letter): those
  // samples are outliers and take the ring's median, so they do not leak into the box.
  if (hasRing) {
    const near = (v: number[]) =>
      Math.hypot(v[0]! - ringMedian[0]!, v[1]! - ringMedian[1]!, v[2]! - ringMedian[2]!) < 25;
    let total = 0;
    let close = 0;
    for (const s of [left, right, top, bottom]) {
      for (const v of s) {
        if (!v) continue;
        total++;
        if (near(v)) close++;
      }
    }
    if (close >= 0.6 * total) {
      for (const s of [left, right, top, bottom])
        for (let k = 0; k < s.length; k++) if (s[k] && !near(s[k]!)) s[k] = ringMedian.slice();
    }
  }

  // Background estimate and stroke mask.
  const bg = new Float32Array(bw * bh * 3);
  const dist = new Float32Array(bw * bh);
  let noise = 0;
  let noiseN = 0;
  for (let j = 0; j < bh; j++) {
    for (let i = 0; i < bw; i++) {
      const cands: Array<[number[] | undefined, number]> = [
        [left[j], i + 1],
        [right[j], bw - i],
        [top[i], j + 1],
        [bottom[i], bh - j],
      ];
      let wsum = 0;
      const acc = [0, 0, 0];
      for (const [v, d] of cands) {
        if (!v) continue;
        const w = 1 / (d * d);
        wsum += w;
        for (let c = 0; c < 3; c++) acc[c]! += v[c]! * w;
      }
      const o = j * bw + i;
      let d2 = 0;
      for (let c = 0; c < 3; c++) {
        const b = wsum === 0 ? ringMedian[c]! : acc[c]! / wsum;
        bg[o * 3 + c] = b;
        const diff = px(x0 + i, y0 + j, c) - b;
        d2 += diff * diff;
      }
      dist[o] = Math.sqrt(d2);
      if (j === 0 || j === bh - 1 || i === 0 || i === bw - 1) {
        noise += dist[o]!;
        noiseN++;
      }
    }
  }
  const edgeNoise = noiseN ? noise / noiseN : 0;
  const thresh = Math.max(30, Math.min(80, 3 * edgeNoise + 2 * spread));
  const core = new Uint8Array(bw * bh);
  let strokePixels = 0;
  const colours: number[][] = [[], [], []];
  for (let o = 0; o < bw * bh; o++) {
    if (dist[o]! > thresh) {
      core[o] = 1;
      strokePixels++;
      if (dist[o]! > thresh * 1.8) {
        const x = x0 + (o % bw);
        const y = y0 + Math.floor(o / bw);
        for (let c = 0; c < 3; c++) colours[c]!.push(px(x, y, c));
      }
    }
  }
  if (colours[0]!.length === 0) {
    for (let o = 0; o < bw * bh; o++) {
      if (!core[o]) continue;
      const x = x0 + (o % bw);
      const y = y0 + Math.floor(o / bw);
      for (let c = 0; c < 3; c++) colours[c]!.push(px(x, y, c));
    }
  }
  const colour = colours[0]!.length ? colours.map(median) : [0, 0, 0];
  const inkHeight = tallestInkRun(core, bw, bh);
  const info: RemovalInfo = {
    color: `#${colour.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`,
    bold: isBoldStroke(core, bw, bh, inkHeight, strokePixels),
    flat,
    strokePixels,
    inkHeight,
  };
  if (strokePixels === 0) return info;

  const grow = Math.max(2, Math.round(0.08 * bh));
  const mask = dilate(core, bw, bh, grow);
  if (flat) {
    for (let o = 0; o < bw * bh; o++) {
      if (!mask[o]) continue;
      const p = ((y0 + Math.floor(o / bw)) * W + x0 + (o % bw)) * 4;
      data[p] = bg[o * 3]!;
      data[p + 1] = bg[o * 3 + 1]!;
      data[p + 2] = bg[o * 3 + 2]!;
    }
    return info;
  }
  if (!cv) return { ...info, needsOpenCv: true };
  inpaintRegion(img, x0, y0, bw, bh, mask, bg, cv);
  return info;
}

/** Telea inpainting of the masked pixels, on the box plus a margin only. */
function inpaintRegion(
  img: RawRgba,
  x0: number,
  y0: number,
  bw: number,
  bh: number,
  mask: Uint8Array,
  bg: Float32Array,
  cv: Cv,
): void {
  const { width: W, height: H, data } = img;
  const m = 6;
  const rx0 = Math.max(0, x0 - m);
  const ry0 = Math.max(0, y0 - m);
  const rx1 = Math.min(W, x0 + bw + m);
  const ry1 = Math.min(H, y0 + bh + m);
  const rw = rx1 - rx0;
  const rh = ry1 - ry0;
  const rgb = new Uint8Array(rw * rh * 3);
  const msk = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const p = ((ry0 + y) * W + rx0 + x) * 4;
      const o = y * rw + x;
      const bx = rx0 + x - x0;
      const by = ry0 + y - y0;
      const inBox = bx >= 0 && by >= 0 && bx < bw && by < bh;
      const masked = inBox && mask[by * bw + bx] === 1;
      for (let c = 0; c < 3; c++) {
        // Masked pixels start from the background estimate (Telea overwrites them anyway).
        rgb[o * 3 + c] = masked ? bg[(by * bw + bx) * 3 + c]! : data[p + c]!;
      }
      msk[o] = masked ? 255 : 0;
    }
  }
  const src = cv.matFromArray(rh, rw, cv.CV_8UC3, rgb);
  const mk = cv.matFromArray(rh, rw, cv.CV_8UC1, msk);
  const dst = new cv.Mat();
  try {
    cv.inpaint(src, mk, dst, 5, cv.INPAINT_TELEA);
    const out: Uint8Array = dst.data;
    for (let y = 0; y < rh; y++) {
      for (let x = 0; x < rw; x++) {
        const o = y * rw + x;
        if (!msk[o]) continue;
        const p = ((ry0 + y) * W + rx0 + x) * 4;
        data[p] = out[o * 3]!;
        data[p + 1] = out[o * 3 + 1]!;
        data[p + 2] = out[o * 3 + 2]!;
      }
    }
  } finally {
    src.delete();
    mk.delete();
    dst.delete();
  }
}

/**
 * Heavy strokes: the typical stroke width (median run of stroke pixels along the rows) against the
 * line's ink height. Measured on Noto Sans SC: bold 0.14–0.17, regular 0.08–0.125. Tiny text (ink
 * under 12 px) falls back to the share of stroke pixels.
 */
const BOLD_STROKE_PER_INK = 0.135;
function isBoldStroke(
  core: Uint8Array,
  w: number,
  h: number,
  inkHeight: number,
  strokePixels: number,
): boolean {
  if (inkHeight < 12) return strokePixels / (w * h) > 0.2;
  const runs: number[] = [];
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      if (core[y * w + x]) run++;
      else if (run) {
        runs.push(run);
        run = 0;
      }
    }
    if (run) runs.push(run);
  }
  return runs.length > 0 && median(runs) / inkHeight > BOLD_STROKE_PER_INK;
}

/** The tallest run of consecutive rows with at least two stroke pixels (one line of text). */
export function tallestInkRun(core: Uint8Array, w: number, h: number): number {
  let best = 0;
  let run = 0;
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w && n < 2; x++) n += core[y * w + x]!;
    run = n >= 2 ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

function smoothSide(side: Array<number[] | undefined>): void {
  // Median over ±4 neighbours per channel, so a single stray pixel (another letter, a line) does not leak in.
  const copy = side.map((v) => v?.slice());
  for (let i = 0; i < side.length; i++) {
    if (!side[i]) continue;
    const win: number[][] = [[], [], []];
    for (let k = Math.max(0, i - 4); k <= Math.min(side.length - 1, i + 4); k++) {
      const v = copy[k];
      if (v) for (let c = 0; c < 3; c++) win[c]!.push(v[c]!);
    }
    side[i] = win.map(median);
  }
}

function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -1e9;
    for (let x = 0; x < w; x++) if (mask[y * w + x]) last = x;
    // two passes: distance to nearest set pixel on the left and right
    last = -1e9;
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) last = x;
      if (x - last <= r) tmp[y * w + x] = 1;
    }
    last = 1e9;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) last = x;
      if (last - x <= r) tmp[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let last = -1e9;
    for (let y = 0; y < h; y++) {
      if (tmp[y * w + x]) last = y;
      if (y - last <= r) out[y * w + x] = 1;
    }
    last = 1e9;
    for (let y = h - 1; y >= 0; y--) {
      if (tmp[y * w + x]) last = y;
      if (last - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}

function median(v: number[]): number {
  if (v.length === 0) return 0;
  const s = Float64Array.from(v).sort();
  return s[s.length >> 1]!;
}

function mad(v: number[], m: number): number {
  return median(v.map((x) => Math.abs(x - m)));
}
