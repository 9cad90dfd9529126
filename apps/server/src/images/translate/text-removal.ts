/**
 * Text removal that touches only the strokes: for each text box the background is estimated from a
 * ring of pixels just outside the box (interpolated from its four sides, so gradients survive);
 * pixels far from that estimate are strokes, grown by ≈8% of the box height, plus the faint pixels
 * a little further out (anti-aliasing, JPEG ringing and colour bleed). A ruling line crossing the box
 * is kept. Flat rings are filled with the (interpolated) ring colour; textured ones are repaired with
 * OpenCV's Telea inpainting on the region only. Also measures the text colour (the stroke pixels
 * farthest from the background) and stroke weight.
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
  const sides = ringSides(img, x0, y0, x1, y1);
  const { ringMedian, spread, flat } = ringStatistics(sides);
  const { bg, dist, edgeNoise } = backgroundEstimate(img, x0, y0, bw, bh, sides, ringMedian);
  const thresh = Math.max(30, Math.min(80, 3 * edgeNoise + 2 * spread));
  const core = new Uint8Array(bw * bh);
  for (let o = 0; o < bw * bh; o++) if (dist[o]! > thresh) core[o] = 1;
  // A table's ruling line crossing the box is not text: neither removed nor measured.
  const rules = rulingLines(core, bw, bh);
  let strokePixels = 0;
  for (let o = 0; o < bw * bh; o++) {
    if (rules[o]) core[o] = 0;
    else strokePixels += core[o]!;
  }
  const colour = textColour(
    strokeColour(core, dist, strokePixels, (o, c) => px(x0 + (o % bw), y0 + Math.floor(o / bw), c)),
    { x0, y0, w: bw, h: bh },
    (o, c) => px(x0 + (o % bw), y0 + Math.floor(o / bw), c),
    bg,
    rules,
  );
  // The line's ink height over the pixels at least half as far from the background as the cores
  // (the glyphs' edges at half coverage): a soft shape of a textured background next to the line,
  // unlike the background but much less than the text, does not make the line taller.
  const strong = new Uint8Array(bw * bh);
  const half = 0.5 * coreDistance(core, dist);
  for (let o = 0; o < bw * bh; o++) if (core[o] && dist[o]! >= half) strong[o] = 1;
  const inkHeight = tallestInkRun(strong, bw, bh);
  const info: RemovalInfo = {
    color: `#${colour.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`,
    bold: isBoldStroke(core, bw, bh, inkHeight, strokePixels),
    flat,
    strokePixels,
    inkHeight,
  };
  if (strokePixels === 0) return info;
  const mask = eraseMask(core, dist, rules, bw, bh, flat, Math.max(8, 2 * edgeNoise + spread));
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

/** The ring around the box: a colour per row (left, right) and per column (top, bottom), or undefined outside the image. */
type RingSides = { left: Side; right: Side; top: Side; bottom: Side };
type Side = (number[] | undefined)[];

/** Side colours: per row (left/right) and per column (top/bottom), median over the ring width, smoothed and cleaned. */
function ringSides(img: RawRgba, x0: number, y0: number, x1: number, y1: number): RingSides {
  const { width: W, height: H, data } = img;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const px = (x: number, y: number, c: number) => data[(y * W + x) * 4 + c]!;
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
  cleanRing([left, right, top, bottom], boxMedian(img, x0, y0, x1, y1));
  return { left, right, top, bottom };
}

/**
 * Ring statistics: median colour and spread (flat under 4). A mostly plain ring crossed by something
 * else (a table line, a neighbouring letter): those samples are outliers and take the ring's median
 * (in `sides`), so they do not leak into the box.
 */
function ringStatistics(sides: RingSides): { ringMedian: number[]; spread: number; flat: boolean } {
  const all = [sides.left, sides.right, sides.top, sides.bottom];
  const ringVals: number[][] = [[], [], []];
  for (const s of all) for (const v of s) if (v) for (let c = 0; c < 3; c++) ringVals[c]!.push(v[c]!);
  const hasRing = ringVals[0]!.length > 0;
  const ringMedian = hasRing ? ringVals.map(median) : [255, 255, 255];
  const spread = hasRing ? Math.max(...ringVals.map((v, c) => mad(v, ringMedian[c]!))) : 0;
  if (hasRing) {
    const near = (v: number[]) =>
      Math.hypot(v[0]! - ringMedian[0]!, v[1]! - ringMedian[1]!, v[2]! - ringMedian[2]!) < 25;
    let total = 0;
    let close = 0;
    for (const s of all) {
      for (const v of s) {
        if (!v) continue;
        total++;
        if (near(v)) close++;
      }
    }
    if (close >= 0.6 * total) {
      for (const s of all)
        for (let k = 0; k < s.length; k++) if (s[k] && !near(s[k]!)) s[k] = ringMedian.slice();
    }
  }
  return { ringMedian, spread, flat: spread < 4 };
}

/**
 * Background estimate inside the box (the ring's sides weighed by the inverse square of their
 * distance), each pixel's distance from it, and the mean distance along the box's edge (its noise).
 */
function backgroundEstimate(
  img: RawRgba,
  x0: number,
  y0: number,
  bw: number,
  bh: number,
  { left, right, top, bottom }: RingSides,
  ringMedian: number[],
): { bg: Float32Array; dist: Float32Array; edgeNoise: number } {
  const { width: W, data } = img;
  const px = (x: number, y: number, c: number) => data[(y * W + x) * 4 + c]!;
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
  return { bg, dist, edgeNoise: noiseN ? noise / noiseN : 0 };
}

/**
 * What is erased: the strokes, grown by ≈8% of the box height, plus the pixels a few more pixels out
 * that still differ from the background by more than its noise (`faint`): anti-aliasing, JPEG
 * ringing and the colour a 4:2:0 JPEG bleeds around strokes (left behind, they read as a lighter or
 * tinted box). A ruling line is kept.
 */
function eraseMask(
  core: Uint8Array,
  dist: Float32Array,
  rules: ArrayLike<number>,
  bw: number,
  bh: number,
  flat: boolean,
  faint: number,
): Uint8Array {
  const grow = Math.max(2, Math.round(0.08 * bh));
  const bleed = grow + Math.max(3, Math.round(0.06 * bh));
  const mask = dilate(core, bw, bh, grow);
  const near = dilate(core, bw, bh, bleed);
  for (let o = 0; o < bw * bh; o++) {
    if (rules[o]) mask[o] = 0;
    else if (near[o] && (flat || dist[o]! > faint)) mask[o] = 1;
  }
  return mask;
}

/** Median colour of the box's pixels (sampled): its background, as text covers well under half a box. */
function boxMedian(img: RawRgba, x0: number, y0: number, x1: number, y1: number): number[] {
  const { width: W, data } = img;
  const vals: number[][] = [[], [], []];
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) for (let c = 0; c < 3; c++) vals[c]!.push(data[(y * W + x) * 4 + c]!);
  return vals.map(median);
}

/** Ring samples this far (RGB distance) from the box's background belong to something else. */
const RING_OFF = 40;

/**
 * Ring samples unlike the box's own background (`inner`) — the page around a slim dark bar the box
 * spills out of, a neighbouring shape — take the nearest like sample of the same side (or `inner`),
 * when at least 30% of the ring is like it; left in, they are interpolated into the box (a lighter
 * rectangle on a dark bar).
 */
function cleanRing(sides: Array<Array<number[] | undefined>>, inner: number[]): void {
  const like = (v: number[]) =>
    Math.hypot(v[0]! - inner[0]!, v[1]! - inner[1]!, v[2]! - inner[2]!) < RING_OFF;
  let total = 0;
  let close = 0;
  for (const side of sides)
    for (const v of side) {
      if (!v) continue;
      total++;
      if (like(v)) close++;
    }
  if (total === 0 || close === total || close < 0.3 * total) return;
  for (const side of sides) {
    const ok = side.map((v) => v !== undefined && like(v));
    const copy = side.map((v) => v?.slice());
    for (let k = 0; k < side.length; k++) {
      if (!side[k] || ok[k]) continue;
      let best: number[] | undefined;
      for (let d = 1; d < side.length && !best; d++) {
        if (ok[k - d]) best = copy[k - d];
        else if (ok[k + d]) best = copy[k + d];
      }
      side[k] = (best ?? inner).slice();
    }
  }
}

/** The distance from the background of the stroke cores: the top sixth's, at most 85% of the farthest. */
function coreDistance(core: Uint8Array, dist: Float32Array): number {
  const d: number[] = [];
  for (let o = 0; o < core.length; o++) if (core[o]) d.push(dist[o]!);
  if (d.length === 0) return 0;
  d.sort((a, b) => b - a);
  return Math.min(d[Math.min(d.length - 1, Math.floor(d.length / 6))]!, 0.85 * d[0]!);
}

/**
 * The text colour: the stroke pixels farthest from the background (the top sixth by distance, at
 * least the ones beyond 85% of the farthest's distance), median per channel. Anti-aliased edges and
 * the background colour a JPEG bleeds into thin strokes lie nearer the background, so they are left
 * out; a median over every stroke pixel mixes them in (dark text on yellow read as brown).
 */
function strokeColour(
  core: Uint8Array,
  dist: Float32Array,
  strokePixels: number,
  px: (o: number, c: number) => number,
): number[] {
  if (strokePixels === 0) return [0, 0, 0];
  const cut = coreDistance(core, dist);
  const colours: number[][] = [[], [], []];
  for (let o = 0; o < core.length; o++) {
    if (!core[o] || dist[o]! < cut) continue;
    for (let c = 0; c < 3; c++) colours[c]!.push(px(o, c));
  }
  return colours.map(median);
}

const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const cbOf = (r: number, g: number, b: number) => -0.168736 * r - 0.331264 * g + 0.5 * b;
const crOf = (r: number, g: number, b: number) => 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * The text colour with its chroma measured over the whole stroke, not only the cores: a JPEG keeps
 * brightness per pixel but colour per 2×2 block (4:2:0), so thin dark strokes on yellow carry the
 * yellow's colour. Each pixel's coverage by the text is read from its brightness (between the
 * background's and the cores'); the colour difference to the background is then fitted against that
 * coverage as it is (a PNG, a 4:4:4 JPEG) and as a 4:2:0 JPEG spreads it (2×2 average, then the
 * decoder's ¾–¼ upsampling), both at once (least squares); their weights add up to the text's colour
 * difference; pixels with a clipped channel are left out. Brightness comes from the cores
 * (`cores`). Text about as bright as its background keeps the cores' colour.
 */
function textColour(
  cores: number[],
  at: { x0: number; y0: number; w: number; h: number },
  px: (o: number, c: number) => number,
  bg: Float32Array,
  rules: Uint8Array,
): number[] {
  const n = at.w * at.h;
  const yT = lumaOf(cores[0]!, cores[1]!, cores[2]!);
  const bgL = new Float32Array(n);
  let bgMean = 0;
  for (let o = 0; o < n; o++) {
    bgL[o] = lumaOf(bg[o * 3]!, bg[o * 3 + 1]!, bg[o * 3 + 2]!);
    bgMean += bgL[o]! / n;
  }
  if (Math.abs(yT - bgMean) < 40) return cores;
  const a = textCoverage(n, yT, bgL, px, rules);
  const spread = subsampledCoverage(a, at);
  const diff = fitColourDifference(a, spread, px, bg, rules);
  if (!diff) return cores;
  // Background colour under the strokes (mean, weighted by coverage) plus the fitted difference.
  let wsum = 0;
  const under = [0, 0, 0];
  for (let o = 0; o < n; o++) {
    if (!a[o]) continue;
    wsum += a[o]!;
    for (let c = 0; c < 3; c++) under[c]! += a[o]! * bg[o * 3 + c]!;
  }
  const u = under.map((v) => v / Math.max(1e-6, wsum));
  const cb = cbOf(u[0]!, u[1]!, u[2]!) + diff[0]!;
  const cr = crOf(u[0]!, u[1]!, u[2]!) + diff[1]!;
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return [clamp(yT + 1.402 * cr), clamp(yT - 0.344136 * cb - 0.714136 * cr), clamp(yT + 1.772 * cb)];
}

/** Coverage per pixel by the text, from brightness (between the background's `bgL` and the text's `yT`). */
function textCoverage(
  n: number,
  yT: number,
  bgL: Float32Array,
  px: (o: number, c: number) => number,
  rules: Uint8Array,
): Float32Array {
  const a = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    if (rules[o]) continue;
    const span = yT - bgL[o]!;
    if (Math.abs(span) < 20) continue;
    const v = (lumaOf(px(o, 0), px(o, 1), px(o, 2)) - bgL[o]!) / span;
    a[o] = Math.max(0, Math.min(1, v));
  }
  return a;
}

/**
 * The same coverage as a 4:2:0 JPEG carries colour: 2×2 block means (on the image's grid), then
 * each pixel ¾ its block and ¼ the next block over, per axis.
 */
function subsampledCoverage(
  a: Float32Array,
  { x0, y0, w, h }: { x0: number; y0: number; w: number; h: number },
): Float32Array {
  const n = w * h;
  const sx0 = x0 >> 1;
  const sy0 = y0 >> 1;
  const sw = ((x0 + w - 1) >> 1) - sx0 + 1;
  const sh = ((y0 + h - 1) >> 1) - sy0 + 1;
  const sub = new Float32Array(sw * sh);
  for (let o = 0; o < n; o++) {
    const x = x0 + (o % w);
    const y = y0 + Math.floor(o / w);
    sub[((y >> 1) - sy0) * sw + ((x >> 1) - sx0)]! += a[o]! / 4;
  }
  const s = (i: number, j: number) => (i < 0 || j < 0 || i >= sw || j >= sh ? 0 : sub[j * sw + i]!);
  const spread = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    const x = x0 + (o % w);
    const y = y0 + Math.floor(o / w);
    const i = (x >> 1) - sx0;
    const j = (y >> 1) - sy0;
    const ni = x & 1 ? i + 1 : i - 1;
    const nj = y & 1 ? j + 1 : j - 1;
    spread[o] = (9 * s(i, j) + 3 * s(ni, j) + 3 * s(i, nj) + s(ni, nj)) / 16;
  }
  return spread;
}

/**
 * Least-squares fit of the colour difference (Cb, Cr) to both coverages together: where the text
 * covers a whole block both are 1, so the text's difference is the sum of the two weights.
 * Undefined when the fit is not determined (then the cores' colour stands).
 */
function fitColourDifference(
  a: Float32Array,
  spread: Float32Array,
  px: (o: number, c: number) => number,
  bg: Float32Array,
  rules: Uint8Array,
): number[] | undefined {
  let aa = 0;
  let ab = 0;
  let bb = 0;
  const ad = [0, 0];
  const bd = [0, 0];
  for (let o = 0; o < a.length; o++) {
    if (rules[o] || (!a[o] && !spread[o])) continue;
    const r = px(o, 0);
    const g = px(o, 1);
    const b = px(o, 2);
    // A channel the decoder clipped (dark text with yellow's colour asks for a blue below 0) no
    // longer holds the pixel's colour difference.
    if (Math.min(r, g, b) <= 1 || Math.max(r, g, b) >= 254) continue;
    const d = [
      cbOf(r, g, b) - cbOf(bg[o * 3]!, bg[o * 3 + 1]!, bg[o * 3 + 2]!),
      crOf(r, g, b) - crOf(bg[o * 3]!, bg[o * 3 + 1]!, bg[o * 3 + 2]!),
    ];
    aa += a[o]! * a[o]!;
    ab += a[o]! * spread[o]!;
    bb += spread[o]! * spread[o]!;
    for (let k = 0; k < 2; k++) {
      ad[k]! += a[o]! * d[k]!;
      bd[k]! += spread[o]! * d[k]!;
    }
  }
  const det = aa * bb - ab * ab;
  if (aa === 0 || det <= 1e-6 * aa * bb) return undefined;
  return [0, 1].map((k) => (bb * ad[k]! - ab * bd[k]! + (aa * bd[k]! - ab * ad[k]!)) / det);
}

/**
 * Pixels of ruling lines crossing the box: rows (columns) whose stroke pixels span at least 90% of
 * the box's width (height), with the rows (columns) next to them that do too. Text never fills a
 * whole row of its box without a gap; a table's line does.
 */
function rulingLines(core: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  if (w < 8 || h < 8) return out;
  // The line's rows (columns) and the one on each side (its anti-aliased edge).
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += core[y * w + x]!;
    if (n < RULE_SPAN * w) continue;
    for (let r = Math.max(0, y - 1); r <= Math.min(h - 1, y + 1); r++) out.fill(1, r * w, r * w + w);
  }
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) n += core[y * w + x]!;
    if (n < RULE_SPAN * h) continue;
    for (let c = Math.max(0, x - 1); c <= Math.min(w - 1, x + 1); c++)
      for (let y = 0; y < h; y++) out[y * w + c] = 1;
  }
  return out;
}
/** Share of a box's width (height) a row (column) of stroke pixels spans to be a ruling line. */
const RULE_SPAN = 0.95;

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
