import { UploadImageBody, UploadImageResponse } from '@rr/contracts';
import { MESSAGES } from '@rr/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.ts';
import type { ProductService } from '../../products/product-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { IMAGE_BODY_TOKENS } from '../json-body.ts';
import { localize } from '../request-language.ts';

const UPLOADED = { ko: '이미지를 업로드했습니다.', en: 'Image uploaded.' };

/** POST /api/rocket-registration/upload-image (W §7): base64 data URL in, our file URL out. */
export const uploadRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/rocket-registration/upload-image',
      {
        preHandler: requireAuth,
        bodyLimit: 30 * 1024 * 1024,
        // One base64 string: parsed on the loop at memory speed (a pool turn would make a seller's
        // parallel uploads wait for or be refused by the pool's per-company turns); a body of many
        // values still goes to the pool.
        config: { jsonInWorkPool: { loopUpToTokens: IMAGE_BODY_TOKENS } },
        schema: { body: UploadImageBody, response: { 200: UploadImageResponse } },
      },
      async (request) => {
        const { imageData, filename, type } = request.body;
        if (!imageData) throw badRequest(MESSAGES.imageDataMissing, 'image_data_missing');
        const stored = await products.uploadImage(companyOf(request), { imageData, filename, type });
        return { 요청결과: 'success' as const, message: localize(request, UPLOADED), ...stored };
      },
    );
  };
