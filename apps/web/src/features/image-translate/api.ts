import { ImageTranslateAnswer, UploadImageResponse } from '@rr/contracts';
import { formatMessage, type MessageKey } from '@rr/domain';
import { HttpError, http } from '../../app/http';
import { i18n } from '../../app/i18n';
import {
  type BatchEntry,
  ImageCallError,
  type OcrItem,
  readBatchAnswer,
  readOcrAnswer,
  readTranslateAnswer,
  type TranslatedRefs,
  toOcrPayload,
} from './ocr-logic';

export const SOURCE_LANGUAGES = ['CHN', 'ENG'] as const;
export type SourceLanguage = (typeof SOURCE_LANGUAGES)[number];

/** Spec §8 image messages from the domain's catalogue, in the shell's language. */
const msg = (key: MessageKey) => formatMessage(key, {}, i18n.language === 'en' ? 'en' : 'ko');

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new ImageCallError(msg('imageDataMissing')));
    reader.onerror = () => reject(new ImageCallError(msg('imageDataMissing')));
    reader.readAsDataURL(file);
  });
}

/** POST /api/rocket-registration/upload-image: our file URL for a local image. */
export async function uploadImage(file: File): Promise<string> {
  const imageData = await readFileAsDataUrl(file);
  if (!imageData.startsWith('data:image/')) throw new ImageCallError(msg('imageDataMissing'));
  const res = await http.post('/api/rocket-registration/upload-image', UploadImageResponse, {
    imageData,
    filename: file.name || 'image.png',
    type: 'detail',
  });
  return res.imageUrl;
}

/** POST /api/aiPage/getImageTranslateV2 ([{imgUrl}]; English sources say so). */
export async function translateImage(imgUrl: string, lang: SourceLanguage): Promise<TranslatedRefs> {
  const ref = lang === 'ENG' ? { sourceLanguage: 'ENG', targetLanguage: 'KOR', imgUrl } : { imgUrl };
  const res = await http.post('/api/aiPage/getImageTranslateV2', ImageTranslateAnswer, [ref]);
  return readTranslateAnswer(res, msg('imageTranslateApiFailed'));
}

/** POST /api/aiPage/getImageTranslateBatchQuery ([requestId]): the OCR items of one request. */
export async function queryOcr(requestId: string): Promise<BatchEntry> {
  const res = await http.post('/api/aiPage/getImageTranslateBatchQuery', ImageTranslateAnswer, [requestId]);
  return readBatchAnswer(res, requestId, msg('ocrDataInvalid'));
}

/** POST /api/aiPage/getImageOCR: a new image from edited OCR data. */
export async function regenerateImage(args: {
  preRequestId: string;
  url: string;
  rmUrl: string;
  items: OcrItem[];
}): Promise<{ requestId: string; url: string }> {
  const res = await http.post('/api/aiPage/getImageOCR', ImageTranslateAnswer, {
    preRequestId: args.preRequestId,
    url: args.url,
    rmUrl: args.rmUrl,
    ocrData: toOcrPayload(args.items),
  });
  return readOcrAnswer(res, msg('ocrImageFailed'));
}

export function messageOf(err: unknown): string {
  if (err instanceof HttpError || err instanceof ImageCallError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return msg('imageTranslateApiFailed');
}
