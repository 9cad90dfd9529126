/**
 * Image operations of the spec (§5 Images, §9 Images) with sharp.
 *
 *   await fitImage(bytes)  → { data, width, height, fitted }   // the fit rule below, JPEG 0.9 when fitted
 *   await toJpeg(bytes, 90) → Buffer
 *
 * Fit rule (the domain's `needsImageFit`): images under 400 px or over 8000 px on a side are fitted
 * (contain, centred) onto an 800×800 white canvas; otherwise they are kept as they are.
 */
import { IMAGE_LIMITS, needsImageFit } from '@rr/domain';
import sharp from 'sharp';

const FIT = {
  width: IMAGE_LIMITS.canvasWidth,
  height: IMAGE_LIMITS.canvasHeight,
  background: IMAGE_LIMITS.canvasBackground,
  jpegQuality: Math.round(IMAGE_LIMITS.jpegQuality * 100),
} as const;
const MAX_PIXELS = 100_000_000;

export async function fitImage(
  input: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number; fitted: boolean }> {
  const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!needsImageFit({ width, height })) return { data: Buffer.from(input), width, height, fitted: false };
  const data = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(FIT.width, FIT.height, { fit: 'contain', background: FIT.background })
    .flatten({ background: FIT.background })
    .jpeg({ quality: FIT.jpegQuality })
    .toBuffer();
  return { data, width: FIT.width, height: FIT.height, fitted: true };
}

export async function toJpeg(input: Uint8Array, quality: number = FIT.jpegQuality): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .flatten({ background: FIT.background })
    .jpeg({ quality })
    .toBuffer();
}
