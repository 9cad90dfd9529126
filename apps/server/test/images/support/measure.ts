/** Measurements for the engine tests: OCR accuracy against the drawn truth, and Korean ink checks. */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { FONT_FAMILY, type Layout, registerFonts } from '../../../src/images/translate/render.ts';
import type { OcrLine } from '../../../src/images/translate/types.ts';
import type { SceneLine } from './scenes.ts';

type Box = [number, number, number, number];

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const area = (r: Box) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

export function editDistance(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (A[i - 1] === B[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[B.length]!;
}

const norm = (s: string) => s.replace(/\s+/g, '').replace(/：/g, ':');

/** Share of truth lines found (IoU > 0.3) and character accuracy over the found ones. */
export function ocrAccuracy(truth: SceneLine[], found: OcrLine[]) {
  let hit = 0;
  let chars = 0;
  let errors = 0;
  const misses: string[] = [];
  for (const t of truth) {
    const best = found.map((f) => ({ f, v: iou(t.box, f.box) })).sort((a, b) => b.v - a.v)[0];
    if (!best || best.v < 0.3) {
      misses.push(t.text);
      continue;
    }
    hit++;
    const want = norm(t.text);
    chars += want.length;
    errors += Math.min(want.length, editDistance(want, norm(best.f.text)));
  }
  return { lineRecall: hit / truth.length, charAccuracy: chars ? 1 - errors / chars : 0, misses };
}

export async function rawRgb(image: Uint8Array) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Raw = Awaited<ReturnType<typeof rawRgb>>;

/** Density grid (gw × gh) of a binary mask's ink bounding box; undefined when there is no ink. */
function densityGrid(
  mask: Uint8Array,
  w: number,
  h: number,
  gw: number,
  gh: number,
): Float64Array | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return undefined;
  const g = new Float64Array(gw * gh);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++)
      if (mask[y * w + x]) {
        const gx = Math.min(gw - 1, Math.floor(((x - x0) * gw) / bw));
        const gy = Math.min(gh - 1, Math.floor(((y - y0) * gh) / bh));
        g[gy * gw + gx]! += 1;
      }
  return g;
}

function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/**
 * How well the ink drawn into `layout.box` (translated minus text-removed image) matches `lines`
 * rendered independently with the bundled Korean font: Pearson correlation of ink density grids.
 */
export function koreanInkMatch(
  translated: Raw,
  removed: Raw,
  layout: Layout,
  lines: string[],
  align: 'left' | 'center' | 'right' = 'center',
): number {
  const [bx0, by0, bx1, by1] = layout.box.map(Math.round) as Box;
  const x0 = Math.max(0, bx0 - 4);
  const y0 = Math.max(0, by0 - 4);
  const x1 = Math.min(translated.width, bx1 + 4);
  const y1 = Math.min(translated.height, by1 + 4);
  const w = x1 - x0;
  const h = y1 - y0;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = ((y0 + y) * translated.width + x0 + x) * 3;
      const d =
        Math.abs(translated.data[p]! - removed.data[p]!) +
        Math.abs(translated.data[p + 1]! - removed.data[p + 1]!) +
        Math.abs(translated.data[p + 2]! - removed.data[p + 2]!);
      mask[y * w + x] = d > 90 ? 1 : 0;
    }
  registerFonts();
  const size = layout.fontSize;
  const tw = Math.ceil(size * 1.2 * Math.max(...lines.map((l) => l.length)) + 20);
  const th = Math.ceil(size * 1.3 * lines.length + 20);
  const canvas = createCanvas(tw, th);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, tw, th);
  ctx.fillStyle = '#000000';
  ctx.font = `${size}px "${layout.bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = align;
  const x = align === 'left' ? 10 : align === 'right' ? tw - 10 : tw / 2;
  for (const [i, l] of lines.entries()) ctx.fillText(l, x, 10 + size * 1.15 * (i + 0.5));
  const px = ctx.getImageData(0, 0, tw, th).data;
  const tmask = new Uint8Array(tw * th);
  for (let i = 0; i < tw * th; i++) tmask[i] = px[i * 4]! < 128 ? 1 : 0;
  const gw = 48;
  const gh = 12 * lines.length;
  const a = densityGrid(mask, w, h, gw, gh);
  const b = densityGrid(tmask, tw, th, gw, gh);
  return a && b ? correlation(a, b) : 0;
}
