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

const ImgRef = z.object({
  imgUrl: z.string().optional(),
  sourceLanguage: z.string().optional(),
  targetLanguage: z.string().optional(),
});
const TranslateBody = z.union([z.array(ImgRef).max(20), ImgRef]);

const Point = z.tuple([z.number(), z.number()]);
const OcrInput = z.looseObject({
  source: z.string(),
  target: z.string().default(''),
  font_size: z.union([z.number(), z.string()]).optional(),
  bounding_box: z.array(Point).length(4),
  align: z.enum(['left', 'center', 'right']).optional(),
  line_count: z.number().int().min(1).max(20).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});

const BatchQueryBody = z.union([
  z.array(z.string()).max(200),
  z.object({ requestIds: z.array(z.string()).max(200) }),
]);

const OcrBody = z.object({
  preRequestId: z.string().optional(),
  url: z.string().optional(),
  rmUrl: z.string().optional(),
  ocrData: z.union([z.array(OcrInput).max(500), z.string().max(1_000_000)]),
});

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
function parseOcrData(ocrData: z.infer<typeof OcrBody>['ocrData']): OcrItem[] {
  try {
    const items = typeof ocrData === 'string' ? z.array(OcrInput).parse(JSON.parse(ocrData)) : ocrData;
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
      app.post(path, { preHandler: requireAuth, schema: { body: TranslateBody } }, async (request) => {
        const refs = Array.isArray(request.body) ? request.body : [request.body];
        if (refs.length === 0 || refs.some((r) => !r.imgUrl?.trim())) {
          throw new AppError('image_url_missing', 'invalid', MESSAGES.imageUrlMissing);
        }
        const companyId = companyOf(request);
        const result = [];
        for (const ref of refs) {
          result.push(translateAnswer(await images.translate(companyId, request.session!.userId, ref)));
        }
        return { 요청결과: '성공', result };
      });
    }

    app.post(
      '/api/aiPage/getImageTranslateBatchQuery',
      { preHandler: requireAuth, schema: { body: BatchQueryBody } },
      async (request) => {
        const ids = Array.isArray(request.body) ? request.body : request.body.requestIds;
        if (ids.length === 0) throw new AppError('batch_query_failed', 'invalid', MESSAGES.batchQueryFailed);
        const stored = await images.stored(companyOf(request), ids);
        if (stored.length === 0)
          throw new AppError('ocr_data_not_found', 'not_found', MESSAGES.ocrDataInvalid);
        const Content: Record<string, unknown> = {};
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
        return { 요청결과: '성공', result: { Data: { Content } } };
      },
    );

    app.post(
      '/api/aiPage/getImageOCR',
      { preHandler: requireAuth, schema: { body: OcrBody } },
      async (request) => {
        const { ocrData, ...rest } = request.body;
        const r = await images.regenerate(companyOf(request), request.session!.userId, {
          ...rest,
          ocrData: parseOcrData(ocrData),
        });
        return { 요청결과: '성공', result: { RequestId: r.requestId, Data: { Url: r.url, SslUrl: r.url } } };
      },
    );
  };
