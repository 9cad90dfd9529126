/**
 * W §4 Detail images / §9: the detail page as one image — the top image, the content images and the
 * bottom image stacked in order, each scaled to 800 px wide, as one JPEG at quality 0.95.
 *
 *   const { data, width, height } = await mergeDetailImages([top, ...contents, bottom]);
 *
 * Images are decoded one at a time into raw rows of the final canvas (peak memory ≈ the canvas plus
 * one image), then encoded once.
 */
import { IMAGE_LIMITS } from '@rr/domain';
import sharp from 'sharp';

/** JPEG's largest side; taller pages cannot be one image. */
const JPEG_MAX_SIDE = 65_500;
const MAX_INPUT_PIXELS = 40_000_000;

export class MergeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MergeError';
  }
}

export async function mergeDetailImages(
  images: readonly Uint8Array[],
  opts: { width?: number; quality?: number } = {},
): Promise<{ data: Buffer; width: number; height: number }> {
  const width = opts.width ?? IMAGE_LIMITS.mergedWidthPx;
  const quality = Math.round((opts.quality ?? IMAGE_LIMITS.mergedJpegQuality) * 100);
  if (images.length === 0) throw new MergeError('no images to merge');
  const parts: { data: Buffer; height: number }[] = [];
  for (const image of images) {
    try {
      const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, kernel: 'lanczos3' })
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.width !== width || info.channels !== 3) throw new MergeError('unexpected decoded shape');
      parts.push({ data, height: info.height });
    } catch (e) {
      throw e instanceof MergeError ? e : new MergeError('an image could not be decoded', { cause: e });
    }
  }
  const height = parts.reduce((sum, p) => sum + p.height, 0);
  if (height > JPEG_MAX_SIDE) throw new MergeError(`merged page too tall (${height} px)`);
  const canvas = Buffer.allocUnsafe(width * height * 3);
  let offset = 0;
  for (const p of parts) {
    p.data.copy(canvas, offset);
    offset += p.data.length;
  }
  parts.length = 0;
  const data = await sharp(canvas, { raw: { width, height, channels: 3 }, limitInputPixels: false })
    .jpeg({ quality, chromaSubsampling: '4:4:4', mozjpeg: false })
    .toBuffer();
  return { data, width, height };
}
