/**
 * Image operations of the spec (§5 Images, §9 Images) with sharp.
 *
 *   await fitImage(bytes)  → { data, width, height, fitted }   // the fit rule below, JPEG 0.9 when fitted
 *   await toJpeg(bytes, 90) → Buffer
 *   uploadFileName('photo', 'SUP1') → 'SUP1_photo.jpg'
 *
 * Fit rule: images under 400 px or over 8000 px on a side are fitted (contain, centred) onto an
 * 800×800 white canvas; otherwise they are kept as they are.
 */
import sharp from 'sharp';

export const FIT = { min: 400, max: 8000, canvas: 800, jpegQuality: 90 } as const;
const MAX_PIXELS = 100_000_000;

export function needsFit(width: number, height: number): boolean {
  return Math.min(width, height) < FIT.min || Math.max(width, height) > FIT.max;
}

export async function fitImage(
  input: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number; fitted: boolean }> {
  const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!needsFit(width, height)) return { data: Buffer.from(input), width, height, fitted: false };
  const data = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(FIT.canvas, FIT.canvas, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: FIT.jpegQuality })
    .toBuffer();
  return { data, width: FIT.canvas, height: FIT.canvas, fitted: true };
}

export async function toJpeg(input: Uint8Array, quality: number = FIT.jpegQuality): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality })
    .toBuffer();
}

/** Upload names: an extension (jpg unless jpg, jpeg, png or gif) and the supplier code prefix. */
export function uploadFileName(name: string, supplierCode: string): string {
  const base = name.replace(/^.*[\\/]/, '') || 'image';
  const withExt = /\.(jpe?g|png|gif)$/i.test(base) ? base : `${base}.jpg`;
  return supplierCode && !withExt.startsWith(`${supplierCode}_`) ? `${supplierCode}_${withExt}` : withExt;
}
