import { CoupangCategoryMetaRequest, CoupangSyncRequest } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoupangService } from '../../coupang/coupang-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Issue 23: 연결 확인, category data from Coupang, the approval status on demand. */
export const coupangRoutes =
  (coupang: CoupangService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.post('/api/coupang/check', auth, async (request) => {
      // A refused check is answered 200 { ok: false }: the seller's result, shown by the button.
      const result = await coupang.check(companyOf(request));
      const message = localize(request, result.message);
      return result.ok ? { ok: true as const, message } : { ok: false as const, code: result.code, message };
    });

    // The display-category tree, fetched again and cached as the company's list.
    app.post('/api/coupang/categories/refresh', auth, async (request) =>
      coupang.refreshCategoryTree(companyOf(request)),
    );

    app.post(
      '/api/coupang/categories/meta',
      { ...auth, schema: { body: CoupangCategoryMetaRequest } },
      async (request) => {
        const saved = await coupang.fetchCategoryMeta(
          companyOf(request),
          request.body.displayCategoryCode,
          request.body.categoryPath,
        );
        return { ...saved, schemaString: JSON.stringify(saved.jsonSchema), jsonSchema: undefined };
      },
    );

    app.post('/api/coupang/sync', { ...auth, schema: { body: CoupangSyncRequest } }, async (request) => ({
      products: await coupang.sync(companyOf(request), request.body.productIds),
    }));
  };
