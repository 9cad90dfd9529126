import {
  messageOf,
  queryOcr,
  regenerateImage,
  type SourceLanguage,
  translateImage,
  uploadImage,
} from './api';
import type { Job } from './image-translate-state';
import { withRegenerated } from './image-translate-state';
import type { OcrItem } from './ocr-logic';

/** The screen's three calls, as the mutations in `use-image-translate.ts` run them. */

export type Source = { file: File } | { url: string };
export type TranslateStep = 'uploading' | 'translating' | 'loadingOcr';

/** Upload (for a file) → translate → OCR data by request id. A missing OCR keeps the translation-only result. */
export async function translateSource(
  source: Source,
  lang: SourceLanguage,
  step: (stage: TranslateStep) => void,
): Promise<Job> {
  let imgUrl: string;
  if ('file' in source) {
    step('uploading');
    imgUrl = await uploadImage(source.file);
  } else imgUrl = source.url.trim();
  step('translating');
  const refs = await translateImage(imgUrl, lang);
  step('loadingOcr');
  let items: OcrItem[] = [];
  let ocrError: string | null = null;
  let originUrl = refs.originUrl;
  try {
    const entry = await queryOcr(refs.requestId);
    items = entry.items;
    originUrl ??= entry.originUrl;
  } catch (e) {
    ocrError = messageOf(e);
  }
  return {
    sourceUrl: imgUrl,
    originUrl: originUrl ?? imgUrl,
    rmUrl: refs.rmUrl,
    versions: [{ requestId: refs.requestId, url: refs.url }],
    items,
    ocrError,
  };
}

/** Opens an earlier translation by its request id (getImageTranslateBatchQuery). */
export async function loadRequest(requestId: string, loadFailed: string): Promise<Job> {
  const entry = await queryOcr(requestId);
  if (!entry.url || !entry.rmUrl) throw new Error(loadFailed);
  return {
    sourceUrl: entry.originUrl ?? entry.url,
    originUrl: entry.originUrl ?? entry.url,
    rmUrl: entry.rmUrl,
    versions: [{ requestId, url: entry.url }],
    items: entry.items,
    ocrError: null,
  };
}

/** A new version drawn from the seller's items, on top of the job's latest one. */
export async function regenerateJob(job: Job, items: OcrItem[]): Promise<{ next: Job; requestId: string }> {
  const latest = job.versions[job.versions.length - 1]!;
  const res = await regenerateImage({
    preRequestId: latest.requestId,
    url: job.sourceUrl,
    rmUrl: job.rmUrl,
    items,
  });
  return { next: withRegenerated(job, items, res), requestId: res.requestId };
}
