/**
 * The CPU work of the engine, run inside a pool worker (or directly, in one process):
 * - `analyze`: decode → OCR → OCR items → text removal → { items, removed image }.
 * - `render`: text-removed image + items with their Korean text → translated image.
 * Models (OCR sessions, fonts) load once per thread through `EngineCore.load()`; OpenCV.js at the
 * first textured background.
 */
import sharp from 'sharp';
import { boxOfPoints, toOcrItems } from './items.ts';
import { OcrModel } from './ocr.ts';
import { keptLineBoxes, type Layout, registerFonts, renderKorean, toRenderItems } from './render.ts';
import { loadOpenCv, removeText } from './text-removal.ts';
import type { OcrItem, OcrLine, Rect, SourceLanguage } from './types.ts';

/** Decoding limit: images above this many pixels are refused (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const JPEG_QUALITY = 90;
/**
 * The engine's JPEGs keep colour per pixel (4:4:4): with 4:2:0 the background's colour bleeds into
 * thin strokes (dark text on yellow turns brown) and around them (a tinted ghost where text was).
 */
const JPEG_OPTIONS = { quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' } as const;

export type AnalyzeResult = {
  width: number;
  height: number;
  lines: OcrLine[];
  items: OcrItem[];
  /** The text-removed image, JPEG. */
  removed: Buffer;
  ms: { decode: number; ocr: number; removal: number };
};

export type AnalyzeOptions = {
  /** Regions whose lines are never removed (text printed on the product, logos). */
  protect?: Rect[] | undefined;
  /** Remove every line, not only the source-language ones (the text clean-up tool). */
  removeAll?: boolean | undefined;
};

export type RenderResult = {
  image: Buffer;
  layouts: Layout[];
  /** The text-removed image with untranslated lines put back, when there were any. */
  removed?: Buffer;
};

export class EngineCore {
  /** OpenCV.js, loaded at the first textured background (most text sits on flat colour). */
  // biome-ignore lint/suspicious/noExplicitAny: OpenCV.js module.
  private cv: any;

  private constructor(private readonly ocr: OcrModel) {}

  static async load(opts: { threads?: number } = {}): Promise<EngineCore> {
    // libvips' operation cache keeps decoded images of every size seen; each image here is seen once.
    sharp.cache(false);
    const ocr = await OcrModel.load(opts);
    registerFonts();
    return new EngineCore(ocr);
  }

  async analyze(
    input: Uint8Array,
    sourceLanguage: SourceLanguage,
    opts: AnalyzeOptions = {},
  ): Promise<AnalyzeResult> {
    const protect = opts.protect ?? [];
    const t0 = performance.now();
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
      rgb[j] = data[i]!;
      rgb[j + 1] = data[i + 1]!;
      rgb[j + 2] = data[i + 2]!;
    }
    const t1 = performance.now();
    const lines = await this.ocr.read({ data: rgb, width, height });
    const items = toOcrItems(lines, width, sourceLanguage);
    for (const item of items) {
      if (opts.removeAll) item.translate = true;
      if (isProtected(boxOfPoints(item.bounding_box), protect)) {
        item.translate = false;
        item.protected = true;
      }
    }
    const t2 = performance.now();
    const rgba = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
    for (const item of items) {
      if (!item.translate) continue;
      const box = removalBox(item);
      let info = removeText(rgba, box, this.cv);
      if (info.needsOpenCv) {
        this.cv = (await loadOpenCv()).cv;
        info = removeText(rgba, box, this.cv);
      }
      item.color = info.color;
      item.bold = info.bold;
      if (info.inkHeight > 0) item.ink_height = info.inkHeight;
    }
    const removed = await sharp(data, { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .jpeg(JPEG_OPTIONS)
      .toBuffer();
    const t3 = performance.now();
    return { width, height, lines, items, removed, ms: { decode: t1 - t0, ocr: t2 - t1, removal: t3 - t2 } };
  }

  /** Draws `items` (their `target` text) onto the text-removed image. */
  async render(
    removedImage: Uint8Array,
    items: OcrItem[],
    sourceLanguage: SourceLanguage,
    original?: Uint8Array,
  ): Promise<RenderResult> {
    const { data, info } = await sharp(removedImage, { limitInputPixels: MAX_INPUT_PIXELS })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A removed line that got no translation is put back as it was: a line is never dropped.
    const untranslated = items.filter((i) => i.translate !== false && !i.target.trim());
    let restored = false;
    if (original && untranslated.length) {
      const src = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .flatten({ background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (src.info.width === info.width && src.info.height === info.height) {
        restored = true;
        for (const item of untranslated) {
          const [x0, y0, x1, y1] = removalBox(item).map(Math.round) as Rect;
          for (let y = Math.max(0, y0); y < Math.min(info.height, y1); y++) {
            const from = (y * info.width + Math.max(0, x0)) * 4;
            const to = (y * info.width + Math.min(info.width, x1)) * 4;
            src.data.copy(data, from, from, to);
          }
        }
      }
    }
    const removed = restored
      ? await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
          .removeAlpha()
          .jpeg(JPEG_OPTIONS)
          .toBuffer()
      : undefined;
    const renderItems = toRenderItems(items, sourceLanguage);
    const { rgba, layouts } = renderKorean(
      { data, width: info.width, height: info.height },
      renderItems,
      keptLineBoxes(items),
    );
    const image = await sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } })
      .removeAlpha()
      .jpeg(JPEG_OPTIONS)
      .toBuffer();
    return removed ? { image, layouts, removed } : { image, layouts };
  }

  async release(): Promise<void> {
    await this.ocr.release();
  }
}

/** The area cleaned for a line: the detector's box can stop just inside the outermost strokes, so it is padded. */
function removalBox(item: OcrItem): Rect {
  const [x0, y0, x1, y1] = boxOfPoints(item.bounding_box);
  const lineH = (y1 - y0) / Math.max(1, item.line_count);
  const px = Math.max(3, Math.round(0.15 * lineH));
  const py = Math.max(2, Math.round(0.1 * lineH));
  return [x0 - px, y0 - py, x1 + px, y1 + py];
}

/** A line is protected when at least half of its box lies inside the protected regions. */
export function isProtected(box: Rect, regions: readonly Rect[]): boolean {
  const area = Math.max(1, (box[2] - box[0]) * (box[3] - box[1]));
  let covered = 0;
  for (const r of regions) {
    const w = Math.min(box[2], r[2]) - Math.max(box[0], r[0]);
    const h = Math.min(box[3], r[3]) - Math.max(box[1], r[1]);
    if (w > 0 && h > 0) covered += w * h;
  }
  return covered / area >= 0.5;
}
