import { HttpError, http } from '../../app/http';
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

export type SourceLanguage = 'CHN' | 'ENG';

/** Spec §8 image messages, shown when the server's answer has no message of its own. */
export const MSG = {
  noImageData: '이미지 데이터가 없습니다',
  noImageUrl: '이미지 URL을 받지 못했습니다',
  uploadFailed: '업로드 중 오류가 발생했습니다',
  translateFailed: '이미지 번역 API 응답 실패',
  ocrMissing: 'OCR 데이터 조회 결과가 없거나 유효하지 않습니다',
  ocrImageFailed: 'OCR 이미지 생성 실패',
} as const;

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(MSG.noImageData));
    reader.onerror = () => reject(new ImageCallError(MSG.noImageData));
    reader.readAsDataURL(file);
  });
}

/** POST /api/rocket-registration/upload-image: our file URL for a local image. */
export async function uploadImage(file: File): Promise<string> {
  const imageData = await readFileAsDataUrl(file);
  if (!imageData.startsWith('data:image/')) throw new ImageCallError(MSG.noImageData);
  const res = await http.post<{ 요청결과?: string; imageUrl?: string; message?: string }>(
    '/api/rocket-registration/upload-image',
    { imageData, filename: file.name || 'image.png', type: 'detail' },
  );
  if (res?.요청결과 !== 'success') throw new ImageCallError(res?.message ?? MSG.uploadFailed);
  if (!res.imageUrl) throw new ImageCallError(MSG.noImageUrl);
  return res.imageUrl;
}

/** POST /api/aiPage/getImageTranslateV2 ([{imgUrl}]; English sources say so). */
export async function translateImage(imgUrl: string, lang: SourceLanguage): Promise<TranslatedRefs> {
  const ref = lang === 'ENG' ? { sourceLanguage: 'ENG', targetLanguage: 'KOR', imgUrl } : { imgUrl };
  const res = await http.post<unknown>('/api/aiPage/getImageTranslateV2', [ref]);
  return readTranslateAnswer(res, MSG.translateFailed);
}

/** POST /api/aiPage/getImageTranslateBatchQuery ([requestId]): the OCR items of one request. */
export async function queryOcr(requestId: string): Promise<BatchEntry> {
  const res = await http.post<unknown>('/api/aiPage/getImageTranslateBatchQuery', [requestId]);
  return readBatchAnswer(res, requestId, MSG.ocrMissing);
}

/** POST /api/aiPage/getImageOCR: a new image from edited OCR data. */
export async function regenerateImage(args: {
  preRequestId: string;
  url: string;
  rmUrl: string;
  items: OcrItem[];
}): Promise<{ requestId: string; url: string }> {
  const res = await http.post<unknown>('/api/aiPage/getImageOCR', {
    preRequestId: args.preRequestId,
    url: args.url,
    rmUrl: args.rmUrl,
    ocrData: toOcrPayload(args.items),
  });
  return readOcrAnswer(res, MSG.ocrImageFailed);
}

export function messageOf(err: unknown): string {
  if (err instanceof HttpError || err instanceof ImageCallError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return MSG.translateFailed;
}
