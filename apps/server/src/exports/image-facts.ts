import type { DetailImageFacts, MainImageFacts } from '@rr/domain';
import sharp from 'sharp';
import { fetchImage } from '../images/fetch-image.ts';
import type { FileStorage } from '../images/storage.ts';
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
  return {
    mainImage(url, companyId) {
      return remember(mainCache, `${companyId} ${url}`, async () => {
        let img: Awaited<ReturnType<typeof fetchImage>>;
        try {
          img = await fetchImage(url, { storage: deps.storage, company: companyId });
        } catch {
          return null;
        }
        const pixels = await measurePixels(img.data);
        const analysis = await deps.images().analyze(img.data, 'CHN', { company: companyId });
        return {
          url,
          width: img.width,
          height: img.height,
          bytes: img.data.byteLength,
          ...pixels,
          texts: analysis.lines.map((l) => ({ text: l.text, confidence: l.confidence })),
        };
      });
    },
    detailImage(url, companyId) {
      return remember(detailCache, `${companyId} ${url}`, async () => {
        try {
          const img = await fetchImage(url, {
            storage: deps.storage,
            company: companyId,
            maxPixels: 100_000_000,
            maxBytes: 50 * 1024 * 1024,
          });
          return { url, width: img.width, height: img.height, bytes: img.data.byteLength };
        } catch {
          return { url, width: null, height: null, bytes: null };
        }
      });
    },
  };
}
