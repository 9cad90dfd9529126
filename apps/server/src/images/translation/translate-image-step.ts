/**
 * One image through the spec's image translation steps (W §4 "Image translation steps", §8
 * Recoveries), for the main, additional and detail image tasks:
 *
 *   1. the source answers a HEAD request (3 s)          — no: the image itself failed (processType error)
 *   2. translate: OCR, text removal, AI text, rendering  — fails: the original is kept (original)
 *      (an image without source-language text, e.g. already Korean, is kept as it is)
 *   3. store it as the task's image type (main: the fit rule) — fails: the engine's URL is kept with uploadError
 *   4. the final URL answers a HEAD request (3 s)       — no: the original is kept (original)
 *
 * Every failing step falls back to the earlier result; nothing here throws for an image's failure.
 */
import { buildUploadFileName, type CatalogueMessage, MESSAGES, type ProcessType } from '@rr/domain';
import sharp from 'sharp';
import { ImageFetchError, isImageReachable, type TestImageHosts } from '../fetch-image.ts';
import { fitImage } from '../ops/fit.ts';
import { type FileStorage, ownsKey } from '../storage.ts';
import type { OcrItem, Rect } from '../translate/types.ts';
import type { ImageTranslationService, TranslationResult } from './image-translation-service.ts';

export type ImageStepDeps = {
  companyId: string;
  productId: string;
  signal: AbortSignal;
  storage: FileStorage;
  translation: ImageTranslationService;
  /** For the HEAD checks (tests with a local image server). */
  allowPrivateOrigins?: string[] | undefined;
  /** For the HEAD checks: hosts a test server stands in for (TEST_IMAGE_HOSTS; never in production). */
  hosts?: TestImageHosts | undefined;
};

export type ImageStepResult = {
  /** The URL to publish: the translated image, or the original after a failure. */
  url: string;
  originalUrl: string;
  requestId: string | null;
  processType: ProcessType;
  /** Text was removed and redrawn in Korean. */
  textRemoved: boolean;
  isTranslated: boolean;
  dimensions?: { width: number; height: number } | undefined;
  filesize?: number | undefined;
  uploadError?: string | undefined;
  /** Why a step fell back (logs and the task's message), Korean and English. */
  failure?: {
    step: 'reachability' | 'download' | 'translate' | 'upload' | 'final_check';
    message: CatalogueMessage;
  };
  items?: OcrItem[] | undefined;
  sourceLanguage?: string | undefined;
};

export type StoreAs = {
  /** W §7 upload-image type. `main` applies the fit rule (W §5). */
  type: 'main' | 'detail';
  /** File name before the supplier-code prefix and extension rule. */
  name: string;
  supplierCode: string;
};

const unreachable: CatalogueMessage = {
  ko: '이미지에 연결할 수 없습니다 (3초)',
  en: 'The image did not answer within 3 s',
};

/**
 * How the text is handled: `translate` (the spec's steps: removed and redrawn in Korean) or
 * `removeAll` (every line removed, nothing drawn: Coupang refuses text on a representative image).
 */
export type TextMode = 'translate' | 'removeAll';

export async function translateImageStep(
  deps: ImageStepDeps,
  originalUrl: string,
  storeAs?: StoreAs,
  protect?: Rect[],
  mode: TextMode = 'translate',
): Promise<ImageStepResult> {
  const kept = keptOriginal(originalUrl);
  const head = {
    storage: deps.storage,
    company: deps.companyId,
    allowPrivateOrigins: deps.allowPrivateOrigins,
    hosts: deps.hosts,
  };

  if (!(await isImageReachable(originalUrl, head))) {
    return kept('error', { step: 'reachability', message: unreachable });
  }

  const translated = await translateOrKeep(deps, originalUrl, protect, mode, kept);
  if ('kept' in translated) return translated.kept;
  const { result } = translated;
  const common = {
    originalUrl,
    requestId: result.requestId,
    items: result.items,
    sourceLanguage: result.sourceLanguage,
    dimensions: { width: result.width, height: result.height },
  };

  // Nothing in the source language (already Korean, no text): the image is kept as it is.
  if (result.translatedLines === 0) {
    return { ...common, url: originalUrl, processType: 'original', textRemoved: false, isTranslated: false };
  }

  const { url, dimensions, filesize, uploadError } = storeAs
    ? await storedCopy(deps, result, storeAs, common.dimensions)
    : {
        url: result.urls.translated,
        dimensions: common.dimensions,
        filesize: result.filesize,
        uploadError: undefined,
      };

  if (!(await isImageReachable(url, head))) {
    return kept(
      'original',
      { step: 'final_check', message: unreachable },
      { ...common, requestId: result.requestId },
    );
  }
  return {
    ...common,
    url,
    processType: 'translated',
    textRemoved: true,
    isTranslated: true,
    dimensions,
    filesize,
    ...(uploadError
      ? { uploadError, failure: { step: 'upload' as const, message: MESSAGES.uploadError } }
      : {}),
  };
}

type Translated = Awaited<ReturnType<ImageTranslationService['translate']>>;

/** The step's answer that keeps the original image (`processType` says how, `failure` why). */
function keptOriginal(originalUrl: string) {
  return (
    processType: ProcessType,
    failure: ImageStepResult['failure'],
    extra: Partial<ImageStepResult> = {},
  ) => ({
    url: originalUrl,
    originalUrl,
    requestId: null,
    processType,
    textRemoved: false,
    isTranslated: false,
    failure,
    ...extra,
  });
}

/** The translation (or the clean-up), or the kept original with the step that failed. */
async function translateOrKeep(
  deps: ImageStepDeps,
  originalUrl: string,
  protect: Rect[] | undefined,
  mode: TextMode,
  kept: ReturnType<typeof keptOriginal>,
): Promise<{ result: Translated } | { kept: ImageStepResult }> {
  try {
    return {
      result:
        mode === 'removeAll'
          ? await removeAllText(deps, originalUrl)
          : await deps.translation.translate(
              deps.companyId,
              null,
              { imgUrl: originalUrl },
              { productId: deps.productId, signal: deps.signal, protect },
            ),
    };
  } catch (e) {
    if (e instanceof ImageFetchError)
      return { kept: kept('error', { step: 'download', message: e.userMessage }) };
    const upload = (e as { code?: string }).code === 'image_upload_failed';
    const message = upload ? MESSAGES.uploadError : MESSAGES.imageTranslateFailed;
    return {
      kept: kept(
        'original',
        { step: upload ? 'upload' : 'translate', message },
        upload ? { uploadError: message.ko } : {},
      ),
    };
  }
}

/** The translated image stored as the task asks (`storeAs`); the translation's own file when that fails. */
async function storedCopy(
  deps: ImageStepDeps,
  result: Translated,
  storeAs: StoreAs,
  dimensions: { width: number; height: number },
): Promise<{
  url: string;
  dimensions: { width: number; height: number };
  filesize: number | undefined;
  uploadError: string | undefined;
}> {
  try {
    const stored = await storeTaskImage(deps, result.urls.translated, storeAs);
    return {
      url: stored.url,
      dimensions: stored.dimensions,
      filesize: stored.filesize,
      uploadError: undefined,
    };
  } catch {
    return {
      url: result.urls.translated,
      dimensions,
      filesize: result.filesize,
      uploadError: MESSAGES.uploadError.ko,
    };
  }
}

/** The clean-up tool's answer in the shape of a translation (every line removed, none drawn). */
async function removeAllText(deps: ImageStepDeps, originalUrl: string): Promise<TranslationResult> {
  deps.signal.throwIfAborted();
  const r = await deps.translation.removeText(deps.companyId, null, { imgUrl: originalUrl });
  return {
    requestId: r.requestId,
    urls: { original: r.originalUrl, removed: r.url, translated: r.url },
    width: r.width,
    height: r.height,
    translatedLines: r.lines,
    items: [],
    sourceLanguage: 'CHN',
    filesize: 0, // measured when stored (storeTaskImage)
    translation: 'none',
  };
}

/** Stores the translated image under the upload rules (W §5: supplier-code name; main: the fit rule). */
export async function storeTaskImage(
  deps: Pick<ImageStepDeps, 'storage' | 'companyId'>,
  translatedUrl: string,
  storeAs: StoreAs,
): Promise<{ url: string; dimensions: { width: number; height: number }; filesize: number }> {
  const key = deps.storage.keyOf(translatedUrl);
  const file = key && ownsKey(deps.companyId, key) ? await deps.storage.read(key) : undefined;
  if (!file) throw new Error('translated image missing from storage');
  const fitted = storeAs.type === 'main' ? await fitImage(file.data) : undefined;
  const data = fitted?.data ?? file.data;
  const name = buildUploadFileName(`${storeAs.name}.jpg`, storeAs.supplierCode);
  const stored = await deps.storage.put(deps.companyId, name, data);
  const dimensions = fitted ? { width: fitted.width, height: fitted.height } : await sizeOf(data);
  return { url: stored.url, dimensions, filesize: stored.size };
}

async function sizeOf(data: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(data).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
