import {
  CategoryMetaRequest,
  CategoryMetaResponse,
  CategorySchemaRequest,
  CategorySchemaResponse,
  CategorySearchRequest,
  CategorySearchResponse,
  CompanySchemasResponse,
  GetCategoryListRequest,
  GetCategoryListResponse,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CategoryService } from '../../categories/category-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/** From this size a category-meta body is parsed and counted in the work pool (real answers: ≤ 26 KB). */
export const CATEGORY_META_POOL_BYTES = 64 * 1024;

/** Coupang categories: the cached tree, a leaf search for the picker, and category schemas. */
export const categoryRoutes =
  (categories: CategoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/category/getcategorylist',
      {
        preHandler: requireAuth,
        schema: { body: GetCategoryListRequest.optional(), response: { 200: GetCategoryListResponse } },
      },
      async (request) => categories.list(companyOf(request), request.body?.force ?? false),
    );

    app.post(
      '/api/category/search',
      {
        preHandler: requireAuth,
        schema: { body: CategorySearchRequest, response: { 200: CategorySearchResponse } },
      },
      async (request) => {
        return { items: await categories.search(companyOf(request), request.body) };
      },
    );

    app.post(
      '/api/category/schema',
      {
        preHandler: requireAuth,
        schema: { body: CategorySchemaRequest, response: { 200: CategorySchemaResponse } },
      },
      async (request) => {
        const stored = await categories.schema(companyOf(request), request.body.displayCategoryCode);
        return {
          displayCategoryCode: stored.displayCategoryCode,
          categoryPath: stored.categoryPath,
          schema: stored.schema,
          schemaString: JSON.stringify(stored.jsonSchema),
          isGeneric: stored.isGeneric,
          isCompany: stored.isCompany ?? false,
        };
      },
    );

    // Issue 15: a Coupang category-metadata answer becomes the company's schema of that category.
    app.post(
      '/api/category/meta',
      {
        preHandler: requireAuth,
        bodyLimit: 2 * 1024 * 1024,
        // A body larger than any real answer (the largest we hold is 26 KB) is parsed and counted in
        // the work pool: 2,000 attributes are refused there, never parsed on the request loop.
        config: { jsonInWorkPool: { minBytes: CATEGORY_META_POOL_BYTES, check: 'categoryMeta' } },
        schema: { body: CategoryMetaRequest, response: { 200: CategoryMetaResponse } },
      },
      async (request) => {
        const saved = await categories.saveMeta(companyOf(request), request.body);
        return { ...saved, schemaString: JSON.stringify(saved.jsonSchema), jsonSchema: undefined };
      },
    );

    app.post(
      '/api/category/company-schemas',
      { preHandler: requireAuth, schema: { response: { 200: CompanySchemasResponse } } },
      async (request) => ({ items: await categories.companySchemas(companyOf(request)) }),
    );
  };
