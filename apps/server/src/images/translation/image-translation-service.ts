/**
 * Image translation as a service (W §4 "Image translation steps", §7 image calls): one image URL →
 * OCR, text removal, Korean rendering, three stored images and an image_requests row; edited OCR
 * items → a regenerated image. The HTTP routes (`/api/aiPage/*`) and the workflow's image tasks
 * both call it; it knows nothing of HTTP.
 *
 *   const images = createImageTranslationService(container);
 *   const r = await images.translate(companyId, userId, { imgUrl }, { productId, signal });
 *   r.requestId · r.urls.translated · r.items (OCR items) · r.translatedLines (0: nothing to translate)
 *   const again = await images.regenerate(companyId, userId, { preRequestId: r.requestId, ocrData });
 *
 * Failures are thrown as AppErrors: `ImageFetchError` when the image cannot be loaded (download step),
 * AppError `image_translate_failed` (engine), `image_upload_failed` (storage), `ocr_data_not_found`,
 * `image_url_missing`, `ocr_image_failed`. The AI step never fails the translation: the engine keeps
 * the first machine translation with font size 40 (W §8 Recoveries).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rr/domain';
import sharp from 'sharp';
import type { AiGateway } from '../../ai/gateway.ts';
import { aiTranslateWork } from '../../ai/prompts/ai-translate.ts';
import type { AiImage } from '../../ai/providers/provider.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SettingsReader } from '../../settings/settings-reader.ts';
import {
  type FetchedImage,
  fetchImage,
  ImageFetchError,
  type ImageFetchRules,
  inspectImage,
} from '../fetch-image.ts';
import type { FileStorage, StoredFile } from '../storage.ts';
import type { ImageEngine, TranslatedImage } from '../translate/engine.ts';
import { EngineBusyError } from '../translate/fair-queue.ts';
import type { OcrItem, Rect, SourceLanguage, TranslateFn } from '../translate/types.ts';
import type { ImageRequestRepository, ImageRequestRow } from './image-request-repository.ts';
import { type EditedOcrItem, mergeEditedItems } from './merge-edited-items.ts';

export type ImageTranslationDeps = {
  /** The company's AI provider, from the settings reader the container builds. */
  readonly settings: Pick<SettingsReader, 'aiProvider'>;
  /** The image request log (image-request-repository.ts on PostgreSQL; a test keeps it in memory). */
  readonly requests: ImageRequestRepository;
  readonly storage: FileStorage;
  readonly ai: { readonly gateway: AiGateway };
  images(): ImageEngine;
  /** What images may be fetched from beyond global addresses: a test server's stand-in hosts only (config.testImageHosts). */
  readonly fetchRules?: ImageFetchRules | undefined;
};

export type ImageRef = { imgUrl?: string | undefined; sourceLanguage?: string | undefined };

/** How the lines were translated: a model, the offline provider's table, the fallback table, nothing to do. */
export type TranslationSource = 'ai' | 'offline' | 'fallback' | 'none';

export type TranslationResult = {
  requestId: string;
  sourceLanguage: SourceLanguage;
  urls: { original: string; removed: string; translated: string };
  width: number;
  height: number;
  /** Byte size of the translated image. */
  filesize: number;
  items: OcrItem[];
  /** Lines in the source language that were removed and redrawn in Korean (0: kept as it is). */
  translatedLines: number;
  translation: TranslationSource;
};

export type RegenerateInput = {
  preRequestId?: string | undefined;
  url?: string | undefined;
  rmUrl?: string | undefined;
  ocrData: EditedOcrItem[];
};

export type RegenerateResult = { requestId: string; url: string; filesize: number; items: OcrItem[] };

/** What the batch query answers per request id (W §7 getImageTranslateBatchQuery). */
export type StoredTranslation = {
  requestId: string;
  items: OcrItem[];
  translatedUrl: string | null;
  removedUrl: string | null;
  originalUrl: string | null;
  sourceLanguage: string;
  width: number | null;
  height: number | null;
};

/** The image sent along with the texts (the prompt asks the model to look at positions and sizes). */
const AI_IMAGE_MAX_SIDE = 1600;

async function aiImageOf(data: Uint8Array): Promise<AiImage[]> {
  try {
    const jpeg = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({
        width: AI_IMAGE_MAX_SIDE,
        height: AI_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return [{ base64: jpeg.toString('base64'), mimeType: 'image/jpeg' }];
  } catch {
    return [];
  }
}

export const sourceLanguageOf = (value: string | undefined | null): SourceLanguage =>
  value?.toUpperCase() === 'ENG' ? 'ENG' : 'CHN';

/** The engine's own refusals (its queue is full: 429) reach the seller as they are. */
const translateFailed = (cause: unknown) =>
  cause instanceof EngineBusyError
    ? cause
    : new AppError('image_translate_failed', 'upstream', MESSAGES.imageTranslateFailed, cause);
const uploadFailed = (cause: unknown) =>
  new AppError('image_upload_failed', 'upstream', MESSAGES.storageUploadFailed, cause);
const ocrNotFound = () => new AppError('ocr_data_not_found', 'not_found', MESSAGES.ocrDataInvalid);
const urlMissing = () => new AppError('image_url_missing', 'invalid', MESSAGES.imageUrlMissing);

/**
 * Built from the container's storage, engine, AI gateway, image request log and the company's settings. `translate`
 * replaces the AI step (tests, tools).
 */
export function createImageTranslationService(
  deps: ImageTranslationDeps,
  opts: { translate?: TranslateFn } = {},
) {
  const requests = deps.requests;

  /**
   * One AI_TRANSLATE request per image through the gateway, with the company's provider settings
   * (read here, so a failure to read them falls back to the table like any other failure).
   */
  const gatewayTranslate =
    (
      companyId: string,
      imgUrl: string,
      image: Uint8Array,
      used: { provider?: string },
      context: { productId?: string | undefined; signal?: AbortSignal | undefined },
    ): TranslateFn =>
    async (texts) => {
      const provider = await deps.settings.aiProvider(companyId);
      used.provider = provider.provider;
      const answer = await deps.ai.gateway.run(
        provider,
        aiTranslateWork,
        { imgUrl, chArr: texts, ...(context.productId ? { productId: context.productId } : {}) },
        {
          companyId,
          productId: context.productId ?? null,
          signal: context.signal,
          images: provider.provider === 'offline' ? [] : await aiImageOf(image),
        },
      );
      return answer.items;
    };

  const put = async (companyId: string, name: string, data: Uint8Array): Promise<StoredFile> => {
    try {
      return await deps.storage.put(companyId, name, data);
    } catch (e) {
      // Over the company's storage quota: the seller sees that, not an upload failure.
      if (e instanceof AppError && e.code === 'storage_quota_exceeded') throw e;
      throw uploadFailed(e);
    }
  };

  const checkBytes = async (data: Buffer): Promise<FetchedImage> => {
    try {
      return await inspectImage(data);
    } catch (e) {
      if (e instanceof ImageFetchError) throw e;
      throw translateFailed(e);
    }
  };

  const load = async (companyId: string, url: string): Promise<FetchedImage> => {
    try {
      return await fetchImage(url, { ...deps.fetchRules, storage: deps.storage, company: companyId });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw translateFailed(e);
    }
  };

  return {
    /** Translates one image (W §4 translate step) and stores the original, removed and translated images. */
    async translate(
      companyId: string,
      userId: string | null,
      ref: ImageRef,
      context: {
        productId?: string | undefined;
        signal?: AbortSignal | undefined;
        /** Regions never removed or redrawn (text printed on the product, logos). */
        protect?: Rect[] | undefined;
      } = {},
    ): Promise<TranslationResult> {
      const imgUrl = ref.imgUrl?.trim();
      if (!imgUrl) throw urlMissing();
      const lang = sourceLanguageOf(ref.sourceLanguage);
      const img = await load(companyId, imgUrl);
      const started = Date.now();
      const used: { provider?: string } = {};
      let result: TranslatedImage;
      try {
        const translate = opts.translate ?? gatewayTranslate(companyId, imgUrl, img.data, used, context);
        result = await deps.images().translateImage(img.data, {
          sourceLanguage: lang,
          translate,
          protect: context.protect,
          company: companyId,
        });
      } catch (e) {
        throw translateFailed(e);
      }
      const requestId = randomUUID().toUpperCase();
      const ext = img.format === 'jpeg' ? 'jpg' : img.format;
      const original = await put(companyId, `${requestId}-src.${ext}`, img.data);
      const removed = await put(companyId, `${requestId}-rm.jpg`, result.removed);
      const translated = await put(companyId, `${requestId}-tr.jpg`, result.translated);
      const translation: TranslationSource =
        result.translation === 'ai' && used.provider === 'offline' ? 'offline' : result.translation;
      await requests.insert({
        request_id: requestId,
        company_id: companyId,
        user_id: userId,
        kind: 'translate',
        pre_request_id: null,
        source_url: imgUrl,
        source_language: lang,
        target_language: 'KOR',
        url: original.url,
        rm_url: removed.url,
        translate_url: translated.url,
        width: result.width,
        height: result.height,
        ocr: JSON.stringify(result.items),
        translation,
        status: 'success',
        error: null,
        duration_ms: Date.now() - started,
      });
      return {
        requestId,
        sourceLanguage: lang,
        urls: { original: original.url, removed: removed.url, translated: translated.url },
        width: result.width,
        height: result.height,
        filesize: translated.size,
        items: result.items,
        translatedLines: result.items.filter((i) => i.translate).length,
        translation,
      };
    },

    /**
     * The text clean-up tool: every text line removed (not redrawn), from an image URL or uploaded
     * bytes; the original and the clean image are stored.
     */
    async removeText(
      companyId: string,
      userId: string | null,
      input: { imgUrl?: string | undefined; data?: Buffer | undefined },
    ): Promise<{
      requestId: string;
      url: string;
      originalUrl: string;
      width: number;
      height: number;
      lines: number;
    }> {
      const source = input.data ? undefined : input.imgUrl?.trim();
      if (!input.data && !source) throw urlMissing();
      const img = input.data ? await checkBytes(input.data) : await load(companyId, source!);
      const started = Date.now();
      let analyzed: Awaited<ReturnType<ImageEngine['analyze']>>;
      try {
        analyzed = await deps.images().analyze(img.data, 'CHN', { removeAll: true, company: companyId });
      } catch (e) {
        throw translateFailed(e);
      }
      const requestId = randomUUID().toUpperCase();
      const ext = img.format === 'jpeg' ? 'jpg' : img.format;
      const original = await put(companyId, `${requestId}-src.${ext}`, img.data);
      const removed = await put(companyId, `${requestId}-clean.jpg`, analyzed.removed);
      await requests.insert({
        request_id: requestId,
        company_id: companyId,
        user_id: userId,
        kind: 'cleanup',
        pre_request_id: null,
        source_url: source ?? null,
        source_language: 'CHN',
        target_language: 'KOR',
        url: original.url,
        rm_url: removed.url,
        translate_url: null,
        width: analyzed.width,
        height: analyzed.height,
        ocr: JSON.stringify(analyzed.items),
        translation: 'none',
        status: 'success',
        error: null,
        duration_ms: Date.now() - started,
      });
      return {
        requestId,
        url: removed.url,
        originalUrl: original.url,
        width: analyzed.width,
        height: analyzed.height,
        lines: analyzed.items.length,
      };
    },

    /** OCR data of earlier requests (W §4 "fetch OCR info by request id"); not-found ids are left out. */
    async stored(companyId: string, requestIds: readonly string[]): Promise<StoredTranslation[]> {
      const rows = await requests.findMany(companyId, requestIds);
      return rows.map(toStoredTranslation);
    },

    /**
     * Redraws an image from edited OCR items (W §4 "regenerate the image") on the text-removed image
     * of `preRequestId` (or `rmUrl`), and stores it as a new request that points to the earlier one.
     */
    async regenerate(
      companyId: string,
      userId: string | null,
      input: RegenerateInput,
    ): Promise<RegenerateResult> {
      const pre = input.preRequestId ? await requests.findOne(companyId, input.preRequestId) : undefined;
      if (input.preRequestId && !pre) throw ocrNotFound();
      const rmUrl = input.rmUrl || pre?.rm_url;
      if (!rmUrl) throw urlMissing();
      const removed = (await load(companyId, rmUrl)).data;
      const lang = sourceLanguageOf(pre?.source_language);
      const items = mergeEditedItems(input.ocrData, pre?.ocr ?? [], lang);
      const started = Date.now();
      let image: Buffer;
      try {
        image = (await deps.images().render(removed, items, lang, companyId)).image;
      } catch (e) {
        if (e instanceof EngineBusyError) throw e;
        throw new AppError('ocr_image_failed', 'upstream', MESSAGES.ocrImageFailed, e);
      }
      const requestId = randomUUID().toUpperCase();
      const stored = await put(companyId, `${requestId}-tr.jpg`, image);
      await requests.insert({
        request_id: requestId,
        company_id: companyId,
        user_id: userId,
        kind: 'ocr',
        pre_request_id: pre?.request_id ?? null,
        source_url: input.url ?? pre?.source_url ?? null,
        source_language: lang,
        target_language: 'KOR',
        url: pre?.url ?? input.url ?? null,
        rm_url: rmUrl,
        translate_url: stored.url,
        width: pre?.width ?? null,
        height: pre?.height ?? null,
        ocr: JSON.stringify(items),
        translation: 'edited',
        status: 'success',
        error: null,
        duration_ms: Date.now() - started,
      });
      return { requestId, url: stored.url, filesize: stored.size, items };
    },
  };
}

export type ImageTranslationService = ReturnType<typeof createImageTranslationService>;

function toStoredTranslation(r: ImageRequestRow): StoredTranslation {
  return {
    requestId: r.request_id,
    items: r.ocr,
    translatedUrl: r.translate_url,
    removedUrl: r.rm_url,
    originalUrl: r.url,
    sourceLanguage: r.source_language,
    width: r.width,
    height: r.height,
  };
}
