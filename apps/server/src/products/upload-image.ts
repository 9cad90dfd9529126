import { buildUploadFileName, MESSAGES } from '@rr/domain';
import sharp from 'sharp';
import type { CompanyRepository } from '../companies/company-repository.ts';
import { badRequest } from '../errors/app-error.ts';
import { fitImage } from '../images/ops/fit.ts';
import type { FileStorage } from '../images/storage.ts';

// Upload of a base64 image (W §5 Images): the supplier-code file name, the fit rule, company storage.

/** Images with more pixels than this are refused before decoding (decompression bombs). */
export const MAX_UPLOAD_PIXELS = 100_000_000;
const FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

export const UPLOAD_MESSAGES = {
  notAnImage: {
    ko: '이미지 파일이 아닙니다 (JPG, PNG, GIF, WEBP).',
    en: 'Not an image file (JPG, PNG, GIF, WEBP).',
  },
  tooManyPixels: {
    ko: '이미지가 너무 큽니다 (최대 1억 픽셀).',
    en: 'The image is too large (at most 100 million pixels).',
  },
};

function decode(imageData: string): Buffer {
  const m = /^data:([\w/+.-]+)?(;[\w=-]+)*;base64,/i.exec(imageData);
  const base64 = (m ? imageData.slice(m[0].length) : imageData).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw badRequest(UPLOAD_MESSAGES.notAnImage, 'not_an_image');
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) throw badRequest(MESSAGES.imageDataMissing, 'image_data_missing');
  return data;
}

export async function uploadImage(
  /** The container's company repository: the company's supplier code names the file. */
  companies: Pick<CompanyRepository, 'supplierCodeOf'>,
  storage: FileStorage,
  companyId: string,
  input: { imageData: string; filename: string; type: string },
) {
  const data = decode(input.imageData);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // header only: the pixel count is checked below, before anything is decoded
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage, 'not_an_image');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw badRequest(UPLOAD_MESSAGES.notAnImage, 'not_an_image');
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS)
    throw badRequest(UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
  let fitted: Awaited<ReturnType<typeof fitImage>>;
  try {
    fitted = await fitImage(data);
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage, 'not_an_image');
  }
  let name = buildUploadFileName(
    input.filename || `${input.type}-image`,
    await companies.supplierCodeOf(companyId),
  );
  if (fitted.fitted) name = name.replace(/\.(png|gif|jpeg)$/i, '.jpg');
  const file = await storage.put(companyId, name, fitted.data);
  return {
    imageUrl: file.url,
    filename: name,
    width: fitted.width,
    height: fitted.height,
    filesize: file.size,
    fitted: fitted.fitted,
  };
}
