import {
  ArrangeDetailPageRequest,
  CleanupImageRequest,
  CleanupImageResponse,
  EditImageTextRequest,
  ImageActionResponse,
  ProductImageParams as Params,
  ProtectRegionsRequest,
  RetranslateImagesRequest,
} from '@rr/contracts';
import { MESSAGES } from '@rr/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.ts';
import type { ImageTranslationService } from '../../images/translation/image-translation-service.ts';
import type { ImageActionScope, ProductImageActions } from '../../tasks/images/product-image-actions.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { IMAGE_BODY_TOKENS } from '../json-body.ts';
import { localize } from '../request-language.ts';

const DONE = {
  edited: {
    ko: '수정한 문구로 이미지를 다시 만들었습니다.',
    en: 'The image was regenerated with your text.',
  },
  retranslated: { ko: '이미지를 다시 번역했습니다.', en: 'The images were translated again.' },
  protected: {
    ko: '보호 영역을 저장하고 이미지를 다시 번역했습니다.',
    en: 'The protected regions were saved and the image translated again.',
  },
  arranged: { ko: '상세페이지를 다시 합쳤습니다.', en: 'The detail page was merged again.' },
  cleaned: { ko: '이미지의 글자를 지웠습니다.', en: 'The text was removed from the image.' },
};

/** Every image action answers `{ 요청결과, message, url? }`. */
const answers = { 200: ImageActionResponse };

function decodeImageData(imageData: string): Buffer {
  const m = /^data:([\w/+.-]+)?(;[\w=-]+)*;base64,/i.exec(imageData);
  const data = Buffer.from((m ? imageData.slice(m[0].length) : imageData).replace(/\s+/g, ''), 'base64');
  if (data.length === 0) throw badRequest(MESSAGES.imageDataMissing, 'image_data_missing');
  return data;
}

/**
 * The seller's image actions on one product (product page image tabs, AI 상세페이지), and the text
 * clean-up tool (이미지 글자 지우기). Each answers once the product is written.
 */
export const productImageRoutes =
  (actions: ProductImageActions, translation: ImageTranslationService): FastifyPluginAsyncZod =>
  async (app) => {
    const scopeOf = (request: FastifyRequest & { params: { productId: string } }): ImageActionScope => ({
      companyId: companyOf(request),
      productId: request.params.productId,
      userId: request.session?.userId ?? null,
    });

    app.post(
      '/api/product-images/:productId/edit-text',
      { preHandler: requireAuth, schema: { params: Params, body: EditImageTextRequest, response: answers } },
      async (request) => {
        const { url } = await actions.editText(scopeOf(request), request.body);
        return { 요청결과: 'success' as const, message: localize(request, DONE.edited), url };
      },
    );
    app.post(
      '/api/product-images/:productId/retranslate',
      {
        preHandler: requireAuth,
        schema: { params: Params, body: RetranslateImagesRequest, response: answers },
      },
      async (request) => {
        await actions.retranslate(scopeOf(request), request.body);
        return { 요청결과: 'success' as const, message: localize(request, DONE.retranslated) };
      },
    );
    app.post(
      '/api/product-images/:productId/protect',
      { preHandler: requireAuth, schema: { params: Params, body: ProtectRegionsRequest, response: answers } },
      async (request) => {
        await actions.protect(scopeOf(request), request.body);
        return { 요청결과: 'success' as const, message: localize(request, DONE.protected) };
      },
    );
    app.post(
      '/api/product-images/:productId/detail-page',
      {
        preHandler: requireAuth,
        schema: { params: Params, body: ArrangeDetailPageRequest, response: answers },
      },
      async (request) => {
        const scope = scopeOf(request);
        if (request.body.order.length === 0) await actions.remergeDetailPage(scope);
        else await actions.arrangeDetailPage(scope, request.body);
        return { 요청결과: 'success' as const, message: localize(request, DONE.arranged) };
      },
    );

    app.post(
      '/api/images/cleanup',
      {
        preHandler: requireAuth,
        bodyLimit: 30 * 1024 * 1024,
        // One base64 string: parsed on the loop at memory speed (a pool turn would make a seller's
        // parallel uploads wait for or be refused by the pool's per-company turns); a body of many
        // values still goes to the pool.
        config: { jsonInWorkPool: { loopUpToTokens: IMAGE_BODY_TOKENS } },
        schema: { body: CleanupImageRequest, response: { 200: CleanupImageResponse } },
      },
      async (request) => {
        const { imgUrl, imageData } = request.body;
        if (!imageData && !imgUrl?.trim()) throw badRequest(MESSAGES.imageUrlMissing, 'image_url_missing');
        const r = await translation.removeText(companyOf(request), request.session?.userId ?? null, {
          imgUrl,
          data: imageData ? decodeImageData(imageData) : undefined,
        });
        return { 요청결과: 'success' as const, message: localize(request, DONE.cleaned), ...r };
      },
    );
  };
