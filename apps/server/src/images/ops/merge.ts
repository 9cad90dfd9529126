/**
 * W §4 Detail images / §9: the detail page as one image — the top image, the content images and the
 * bottom image stacked in order, each scaled to 800 px wide, as one JPEG at quality 0.95.
 *
 *   const { data, width, height } = await mergeDetailImages([top, ...contents, bottom]);
 *
 * Images are decoded one at a time into their rows of the final canvas (peak memory ≈ the canvas
 * plus one image), then encoded once, in a single pass.
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
  // Each image's height at the page width, from its header (orientation applied), so every image
  // is decoded straight into its rows of the canvas: peak memory ≈ the canvas plus one image.
  const heights: number[] = [];
  for (const image of images) {
    try {
      const meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const w = meta.autoOrient?.width ?? meta.width;
      const h = meta.autoOrient?.height ?? meta.height;
      if (!w || !h) throw new MergeError('an image has no size');
      if (w * h > MAX_INPUT_PIXELS) throw new MergeError('an image is too large');
      heights.push(Math.max(1, Math.round((h * width) / w)));
    } catch (e) {
      throw e instanceof MergeError ? e : new MergeError('an image could not be decoded', { cause: e });
    }
  }
  const height = heights.reduce((sum, h) => sum + h, 0);
  if (height > JPEG_MAX_SIDE) throw new MergeError(`merged page too tall (${height} px)`);
  const canvas = Buffer.allocUnsafe(width * height * 3);
  let offset = 0;
  for (const [k, image] of images.entries()) {
    const h = heights[k]!;
    try {
      const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, height: h, fit: 'fill', kernel: 'lanczos3' })
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.width !== width || info.height !== h || info.channels !== 3) {
        throw new MergeError('unexpected decoded shape');
      }
      data.copy(canvas, offset);
      offset += data.length;
    } catch (e) {
      throw e instanceof MergeError ? e : new MergeError('an image could not be decoded', { cause: e });
    }
  }
  // No Huffman optimisation: libjpeg then keeps every DCT coefficient of the page until the end
  // (≈250 MB and ≈3 s for 800×32400); one pass streams the rows, for a file ≈25% larger.
  const data = await sharp(canvas, { raw: { width, height, channels: 3 }, limitInputPixels: false })
    .jpeg({ quality, chromaSubsampling: '4:4:4', mozjpeg: false, optimiseCoding: false })
    .toBuffer();
  return { data, width, height };
}
