import {
  ImageBatchQueryRequest,
  ImageBatchQueryResponse,
  ImageOcrRequest,
  ImageOcrResponse,
  ImageTranslateRequest,
  ImageTranslateResponse,
  OcrInputItem,
} from '@rr/contracts';
import { MESSAGES } from '@rr/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { type FileStorage, fileRoutes } from '../../images/storage.ts';
import type { OcrItem } from '../../images/translate/types.ts';
import type {
  ImageTranslationService,
  TranslationResult,
} from '../../images/translation/image-translation-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/**
 * The spec's image calls (W §7), answered by the image-translation service: getImageTranslate /
 * getImageTranslateV2 (translate an image URL), getImageTranslateBatchQuery (OCR data by request
 * id), getImageOCR (regenerate from edited OCR data), in the spec's answer shapes. Also serves /files/*.
 */

/** W §7 getImageTranslate answer: RequestId and Data {Url, SslUrl, RmUrl, SslRmUrl, TranslateUrl, SslTranslateUrl}. */
const translateAnswer = (r: TranslationResult) => ({
  RequestId: r.requestId,
  Data: {
    Url: r.urls.translated,
    SslUrl: r.urls.translated,
    RmUrl: r.urls.removed,
    SslRmUrl: r.urls.removed,
    TranslateUrl: r.urls.translated,
    SslTranslateUrl: r.urls.translated,
    OriginUrl: r.urls.original,
  },
});

/** ocrData arrives as items or as their JSON text. */
function parseOcrData(ocrData: ImageOcrRequest['ocrData']): OcrItem[] {
  try {
    const items = typeof ocrData === 'string' ? z.array(OcrInputItem).parse(JSON.parse(ocrData)) : ocrData;
    return items as OcrItem[];
  } catch {
    throw new AppError('ocr_data_invalid', 'invalid', MESSAGES.ocrDataInvalid);
  }
}

export const imageTranslateRoutes =
  (images: ImageTranslationService, storage: FileStorage): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fileRoutes(storage));

    for (const path of ['/api/aiPage/getImageTranslate', '/api/aiPage/getImageTranslateV2']) {
      const schema = { body: ImageTranslateRequest, response: { 200: ImageTranslateResponse } };
      app.post(path, { preHandler: requireAuth, schema }, async (request) => {
        const refs = Array.isArray(request.body) ? request.body : [request.body];
        if (refs.length === 0 || refs.some((r) => !r.imgUrl?.trim())) {
          throw new AppError('image_url_missing', 'invalid', MESSAGES.imageUrlMissing);
        }
        const companyId = companyOf(request);
        const result = [];
        for (const ref of refs) {
          result.push(translateAnswer(await images.translate(companyId, request.session!.userId, ref)));
        }
        return { 요청결과: '성공' as const, result };
      });
    }

    app.post(
      '/api/aiPage/getImageTranslateBatchQuery',
      {
        preHandler: requireAuth,
        schema: { body: ImageBatchQueryRequest, response: { 200: ImageBatchQueryResponse } },
      },
      async (request) => {
        const ids = Array.isArray(request.body) ? request.body : request.body.requestIds;
        if (ids.length === 0) throw new AppError('batch_query_failed', 'invalid', MESSAGES.batchQueryFailed);
        const stored = await images.stored(companyOf(request), ids);
        if (stored.length === 0)
          throw new AppError('ocr_data_not_found', 'not_found', MESSAGES.ocrDataInvalid);
        const Content: ImageBatchQueryResponse['result']['Data']['Content'] = {};
        for (const s of stored) {
          Content[s.requestId] = {
            Orc: s.items,
            Url: s.translatedUrl,
            RmUrl: s.removedUrl,
            OriginUrl: s.originalUrl,
            SourceLanguage: s.sourceLanguage,
            Width: s.width,
            Height: s.height,
          };
        }
        return { 요청결과: '성공' as const, result: { Data: { Content } } };
      },
    );

    app.post(
      '/api/aiPage/getImageOCR',
      { preHandler: requireAuth, schema: { body: ImageOcrRequest, response: { 200: ImageOcrResponse } } },
      async (request) => {
        const { ocrData, ...rest } = request.body;
        const r = await images.regenerate(companyOf(request), request.session!.userId, {
          ...rest,
          ocrData: parseOcrData(ocrData),
        });
        return {
          요청결과: '성공' as const,
          result: { RequestId: r.requestId, Data: { Url: r.url, SslUrl: r.url } },
        };
      },
    );
  };
