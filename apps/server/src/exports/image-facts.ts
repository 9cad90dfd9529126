import type { DetailImageFacts, MainImageFacts } from '@rr/domain';
import sharp from 'sharp';
import { fetchImage } from '../images/fetch-image.ts';
import { type FileStorage, ownsKey } from '../images/storage.ts';
import type { ImageEngine } from '../images/translate/engine.ts';

// What the pre-flight measures on images: size and bytes, how white the border is, watermark-like
// corners (pixels) and the text left on a representative image (the OCR engine, as the company's turn
// in its queue). Answers are cached by company and URL on the object that made them (one per app),
// since OCR takes ~0.5 s an image; stored files are read only for their own company.

const GRID = 200;
const NEAR_WHITE = 235;
type Corner = MainImageFacts['markedCorners'][number];

export type ImageFactsReader = {
  mainImage(url: string, companyId: string): Promise<MainImageFacts | null>;
  detailImage(url: string, companyId: string): Promise<DetailImageFacts>;
};

/** Share of near-white pixels in the outer ring, and corners holding a small dark mark. */
export async function measurePixels(
  data: Uint8Array,
): Promise<{ whiteBorderRatio: number; markedCorners: Corner[] }> {
  const { data: px } = await sharp(data, { limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(GRID, GRID, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const white = (x: number, y: number) => {
    const i = (y * GRID + x) * 3;
    return px[i]! >= NEAR_WHITE && px[i + 1]! >= NEAR_WHITE && px[i + 2]! >= NEAR_WHITE;
  };
  const ring = Math.round(GRID * 0.03);
  let total = 0;
  let whites = 0;
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++) {
      if (x >= ring && x < GRID - ring && y >= ring && y < GRID - ring) continue;
      total++;
      if (white(x, y)) whites++;
    }
  const whiteBorderRatio = total ? whites / total : 0;
  // A corner square (15%) on a white background that holds a small mark (2–30% non-white pixels) while
  // the band between the corners of that side stays plain: a logo or watermark, not the product.
  const size = Math.round(GRID * 0.15);
  const share = (x0: number, y0: number, w: number, h: number) => {
    let n = 0;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (!white(x, y)) n++;
    return n / (w * h);
  };
  const markedCorners: Corner[] = [];
  if (whiteBorderRatio >= 0.8) {
    const corners: [Corner, number, number][] = [
      ['topLeft', 0, 0],
      ['topRight', GRID - size, 0],
      ['bottomLeft', 0, GRID - size],
      ['bottomRight', GRID - size, GRID - size],
    ];
    for (const [name, x, y] of corners) {
      const mark = share(x, y, size, size);
      const middle = share(size, y, GRID - 2 * size, size);
      if (mark >= 0.02 && mark <= 0.3 && middle < 0.01) markedCorners.push(name);
    }
  }
  return { whiteBorderRatio, markedCorners };
}

/**
 * Image bodies the pre-flight holds at once (all companies of this process): a product listing one
 * stored 20 MB PNG 25 times (`?n=0..24`) made 25 reads at once (+508 MB).
 */
export const MAX_IMAGE_READS_AT_ONCE = 2;
/** A stored file larger than this is not read for facts (its size alone answers; Coupang takes ≤ 10 MB). */
export const MAX_FACT_IMAGE_BYTES = 20 * 1024 * 1024;

export function createImageFactsReader(deps: {
  storage: FileStorage;
  images: () => ImageEngine;
}): ImageFactsReader {
  const mainCache = new Map<string, Promise<MainImageFacts | null>>();
  const detailCache = new Map<string, Promise<DetailImageFacts>>();
  const remember = <T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
    let p = cache.get(key);
    if (!p) {
      p = make();
      if (cache.size > 500) cache.delete(cache.keys().next().value!);
      cache.set(key, p);
      // A failure is not remembered: the next pre-flight tries again.
      p.catch(() => cache.delete(key));
    }
    return p;
  };
  // Reads take turns: at most MAX_IMAGE_READS_AT_ONCE image bodies in memory at a time.
  let reading = 0;
  const turns: (() => void)[] = [];
  const oneAtATime = async <T>(read: () => Promise<T>): Promise<T> => {
    if (reading >= MAX_IMAGE_READS_AT_ONCE) await new Promise<void>((go) => turns.push(go));
    else reading++;
    try {
      return await read();
    } finally {
      const next = turns.shift();
      if (next) next();
      else reading--;
    }
  };
  /**
   * The cache key of an image: a stored file by its storage key (the query string does not make
   * another file: `?n=1` and `?n=2` are read once), any other URL as it is.
   */
  const keyOf = (url: string) => {
    const trimmed = url.trim();
    const stored = deps.storage.isOwnUrl(trimmed) ? deps.storage.keyOf(trimmed) : undefined;
    return stored === undefined ? `url:${trimmed}` : `file:${stored}`;
  };
  /** A stored file's size when it is over MAX_FACT_IMAGE_BYTES (not read then), else undefined. */
  const oversized = async (url: string, companyId: string): Promise<number | undefined> => {
    const trimmed = url.trim();
    if (!deps.storage.isOwnUrl(trimmed)) return undefined;
    const key = deps.storage.keyOf(trimmed);
    // Another company's file is not even measured (the read answers not found).
    const size =
      key === undefined || !ownsKey(companyId, key) ? undefined : (await deps.storage.stat(key))?.size;
    return size !== undefined && size > MAX_FACT_IMAGE_BYTES ? size : undefined;
  };
  return {
    async mainImage(url, companyId) {
      const facts = await remember(mainCache, `${companyId} ${keyOf(url)}`, async () => {
        if ((await oversized(url, companyId)) !== undefined) return null;
        // The body stays in memory through the pixel measure and the OCR: all of it takes one turn.
        return oneAtATime(async () => {
          let img: Awaited<ReturnType<typeof fetchImage>>;
          try {
            img = await fetchImage(url, {
              storage: deps.storage,
              company: companyId,
              maxBytes: MAX_FACT_IMAGE_BYTES,
            });
          } catch {
            return null;
          }
          const pixels = await measurePixels(img.data);
          const bytes = img.data.byteLength;
          // The body is not read again: handed over to the engine's thread, not copied.
          const analysis = await deps
            .images()
            .analyze(img.data, 'CHN', { company: companyId, handOver: true });
          return {
            url,
            width: img.width,
            height: img.height,
            bytes,
            ...pixels,
            texts: analysis.lines.map((l) => ({ text: l.text, confidence: l.confidence })),
          };
        });
      });
      return facts && { ...facts, url };
    },
    async detailImage(url, companyId) {
      const facts = await remember(detailCache, `${companyId} ${keyOf(url)}`, async () => {
        const size = await oversized(url, companyId);
        if (size !== undefined) return { url, width: null, height: null, bytes: size };
        try {
          const img = await oneAtATime(() =>
            fetchImage(url, {
              storage: deps.storage,
              company: companyId,
              maxPixels: 100_000_000,
              maxBytes: MAX_FACT_IMAGE_BYTES,
            }),
          );
          return { url, width: img.width, height: img.height, bytes: img.data.byteLength };
        } catch {
          return { url, width: null, height: null, bytes: null };
        }
      });
      return { ...facts, url };
    },
  };
}
