import { randomUUID } from 'node:crypto';
import { MESSAGES as DOMAIN_MESSAGES } from '@rr/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { aiTranslateWork } from '../../ai/prompts/ai-translate.ts';
import type { AiImage } from '../../ai/providers/provider.ts';
import type { Container } from '../../container.ts';
import { fetchImage, ImageFetchError } from '../../images/fetch-image.ts';
import { type FileStorage, fileRoutes } from '../../images/storage.ts';
import type { ImageEngine } from '../../images/translate/engine.ts';
import { boxOfPoints, hasHan } from '../../images/translate/items.ts';
import type { OcrItem, SourceLanguage, TranslateFn } from '../../images/translate/types.ts';
import { getAiProviderConfig } from '../../settings/settings-service.ts';
import { AppError } from '../app-error.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/**
 * The spec's image calls (W §7), answered by the local engine:
 * getImageTranslate / getImageTranslateV2 (translate an image URL), getImageTranslateBatchQuery
 * (OCR data by request id), getImageOCR (regenerate from edited OCR data). Results are stored
 * (images in storage, OCR data in image_requests) for the signed-in company. Also serves /files/*.
 *
 * The OCR texts of an image are translated in one AI_TRANSLATE request through the shared AI
 * gateway, with the company's provider settings (offline by default: the replacement table); when
 * it fails the engine keeps the first machine translation with font size 40. `translate` replaces
 * the gateway (tests, tools).
 */
export type ImageRouteDeps = Container & { translate?: TranslateFn };

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

const M = DOMAIN_MESSAGES;
const fetchError = (e: ImageFetchError) => new AppError(e.code, e.status, e.userMessage);

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

export const imageTranslateRoutes =
  (deps: ImageRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage: FileStorage = deps.storage;
    const getEngine = (): ImageEngine => deps.images();
    await app.register(fileRoutes(storage));

    /**
     * One AI_TRANSLATE request per image through the gateway, answering the spec's AI translation
     * items, with the company's provider settings (read here, so a failure to read them falls back
     * to the table like any other failure); `used.provider` tells which provider answered.
     */
    const gatewayTranslate =
      (companyId: string, imgUrl: string, image: Uint8Array, used: { provider?: string }): TranslateFn =>
      async (texts) => {
        const provider = await getAiProviderConfig(deps.db, companyId, deps.config.appSecret);
        used.provider = provider.provider;
        const { gateway } = deps.ai;
        const answer = await gateway.run(
          provider,
          aiTranslateWork,
          { imgUrl, chArr: texts },
          { companyId, images: provider.provider === 'offline' ? [] : await aiImageOf(image) },
        );
        return answer.items;
      };

    const translateOne = async (
      companyId: string,
      userId: string,
      ref: z.infer<typeof ImgRef>,
    ): Promise<{ RequestId: string; Data: Record<string, string> }> => {
      const lang: SourceLanguage = ref.sourceLanguage?.toUpperCase() === 'ENG' ? 'ENG' : 'CHN';
      let img: Awaited<ReturnType<typeof fetchImage>>;
      try {
        img = await fetchImage(ref.imgUrl, { storage });
      } catch (e) {
        if (e instanceof ImageFetchError) throw fetchError(e);
        throw new AppError('image_translate_failed', 502, M.imageTranslateFailed, e);
      }
      const started = Date.now();
      let result: Awaited<ReturnType<ImageEngine['translateImage']>>;
      const used: { provider?: string } = {};
      try {
        const translate = deps.translate ?? gatewayTranslate(companyId, ref.imgUrl ?? '', img.data, used);
        result = await getEngine().translateImage(img.data, { sourceLanguage: lang, translate });
      } catch (e) {
        throw new AppError('image_translate_failed', 502, M.imageTranslateFailed, e);
      }
      const requestId = randomUUID().toUpperCase();
      const ext = img.format === 'jpeg' ? 'jpg' : img.format;
      const original = await storage.put(companyId, `${requestId}-src.${ext}`, img.data);
      const removed = await storage.put(companyId, `${requestId}-rm.jpg`, result.removed);
      const translated = await storage.put(companyId, `${requestId}-tr.jpg`, result.translated);
      await deps.db
        .insertInto('image_requests')
        .values({
          request_id: requestId,
          company_id: companyId,
          user_id: userId,
          kind: 'translate',
          pre_request_id: null,
          source_url: ref.imgUrl ?? null,
          source_language: lang,
          target_language: 'KOR',
          url: original.url,
          rm_url: removed.url,
          translate_url: translated.url,
          width: result.width,
          height: result.height,
          ocr: JSON.stringify(result.items),
          // 'ai' (a model's answer), 'offline' (the offline provider's table answer), 'fallback', 'none'.
          translation:
            result.translation === 'ai' && used.provider === 'offline' ? 'offline' : result.translation,
          status: 'success',
          error: null,
          duration_ms: Date.now() - started,
        })
        .execute();
      return {
        RequestId: requestId,
        Data: {
          Url: translated.url,
          SslUrl: translated.url,
          RmUrl: removed.url,
          SslRmUrl: removed.url,
          TranslateUrl: translated.url,
          SslTranslateUrl: translated.url,
          OriginUrl: original.url,
        },
      };
    };

    const translateHandler = async (request: {
      body: z.infer<typeof TranslateBody>;
      session?: { userId: string } | undefined;
    }) => {
      const refs = Array.isArray(request.body) ? request.body : [request.body];
      if (refs.length === 0 || refs.some((r) => !r.imgUrl?.trim())) {
        throw new AppError('image_url_missing', 400, M.imageUrlMissing);
      }
      const companyId = companyOf(request as never);
      const result = [];
      for (const ref of refs) result.push(await translateOne(companyId, request.session!.userId, ref));
      return { 요청결과: '성공', result };
    };

    app.post(
      '/api/aiPage/getImageTranslate',
      { preHandler: requireAuth, schema: { body: TranslateBody } },
      (req) => translateHandler(req),
    );
    app.post(
      '/api/aiPage/getImageTranslateV2',
      { preHandler: requireAuth, schema: { body: TranslateBody } },
      (req) => translateHandler(req),
    );

    app.post(
      '/api/aiPage/getImageTranslateBatchQuery',
      {
        preHandler: requireAuth,
        schema: {
          body: z.union([
            z.array(z.string()).max(200),
            z.object({ requestIds: z.array(z.string()).max(200) }),
          ]),
        },
      },
      async (request) => {
        const ids = Array.isArray(request.body) ? request.body : request.body.requestIds;
        if (ids.length === 0) throw new AppError('batch_query_failed', 400, M.batchQueryFailed);
        const rows = await deps.db
          .selectFrom('image_requests')
          .selectAll()
          .where('company_id', '=', companyOf(request))
          .where('request_id', 'in', ids)
          .execute();
        if (rows.length === 0) throw new AppError('ocr_data_not_found', 404, M.ocrDataInvalid);
        const Content: Record<string, unknown> = {};
        for (const r of rows) {
          Content[r.request_id] = {
            Orc: r.ocr,
            Url: r.translate_url,
            RmUrl: r.rm_url,
            OriginUrl: r.url,
            SourceLanguage: r.source_language,
            Width: r.width,
            Height: r.height,
          };
        }
        return { 요청결과: '성공', result: { Data: { Content } } };
      },
    );

    app.post(
      '/api/aiPage/getImageOCR',
      {
        preHandler: requireAuth,
        schema: {
          body: z.object({
            preRequestId: z.string().optional(),
            url: z.string().optional(),
            rmUrl: z.string().optional(),
            ocrData: z.union([z.array(OcrInput).max(500), z.string().max(1_000_000)]),
          }),
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const body = request.body;
        let ocrData: z.infer<typeof OcrInput>[];
        try {
          ocrData =
            typeof body.ocrData === 'string'
              ? z.array(OcrInput).parse(JSON.parse(body.ocrData))
              : body.ocrData;
        } catch {
          throw new AppError('ocr_data_invalid', 400, M.ocrDataInvalid);
        }
        const pre = body.preRequestId
          ? await deps.db
              .selectFrom('image_requests')
              .selectAll()
              .where('company_id', '=', companyId)
              .where('request_id', '=', body.preRequestId)
              .executeTakeFirst()
          : undefined;
        if (body.preRequestId && !pre) throw new AppError('ocr_data_not_found', 404, M.ocrDataInvalid);
        const rmUrl = body.rmUrl || pre?.rm_url;
        if (!rmUrl) throw new AppError('image_url_missing', 400, M.imageUrlMissing);
        let removed: Buffer;
        try {
          removed = (await fetchImage(rmUrl, { storage })).data;
        } catch (e) {
          if (e instanceof ImageFetchError) throw fetchError(e);
          throw e;
        }
        const lang: SourceLanguage = pre?.source_language === 'ENG' ? 'ENG' : 'CHN';
        const items = mergeWithStored(ocrData as OcrItem[], pre?.ocr ?? [], lang);
        const started = Date.now();
        let image: Buffer;
        try {
          image = (await getEngine().render(removed, items, lang)).image;
        } catch (e) {
          throw new AppError('ocr_image_failed', 502, M.ocrImageFailed, e);
        }
        const requestId = randomUUID().toUpperCase();
        const stored = await storage.put(companyId, `${requestId}-tr.jpg`, image);
        await deps.db
          .insertInto('image_requests')
          .values({
            request_id: requestId,
            company_id: companyId,
            user_id: request.session!.userId,
            kind: 'ocr',
            pre_request_id: pre?.request_id ?? null,
            source_url: body.url ?? pre?.source_url ?? null,
            source_language: lang,
            target_language: 'KOR',
            url: pre?.url ?? body.url ?? null,
            rm_url: rmUrl,
            translate_url: stored.url,
            width: pre?.width ?? null,
            height: pre?.height ?? null,
            ocr: JSON.stringify(items),
            translation: 'edited',
            status: 'success',
            error: null,
            duration_ms: Date.now() - started,
          })
          .execute();
        return {
          요청결과: '성공',
          result: { RequestId: requestId, Data: { Url: stored.url, SslUrl: stored.url } },
        };
      },
    );
  };

/**
 * Edited OCR items keep what the client may not send back (colour, weight, whether the line was
 * translated) from the stored item with the same box; lines without source-language text are not redrawn.
 */
function mergeWithStored(edited: OcrItem[], stored: OcrItem[], lang: SourceLanguage): OcrItem[] {
  return edited.map((e) => {
    const box = boxOfPoints(e.bounding_box);
    const s = stored.find((x) => {
      const b = boxOfPoints(x.bounding_box);
      return (
        Math.abs(b[0] - box[0]) +
          Math.abs(b[1] - box[1]) +
          Math.abs(b[2] - box[2]) +
          Math.abs(b[3] - box[3]) <
        8
      );
    });
    const translate = s?.translate ?? (lang === 'CHN' ? hasHan(e.source) : true);
    return {
      ...s,
      ...e,
      align: e.align ?? s?.align ?? 'center',
      line_count: e.line_count ?? s?.line_count ?? 1,
      font_size: Number(e.font_size ?? s?.font_size ?? 30) || 30,
      translate,
      ...((e.color ?? s?.color) ? { color: e.color ?? s?.color } : {}),
    };
  });
}
