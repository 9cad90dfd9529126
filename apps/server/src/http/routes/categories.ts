import { CategorySchemaRequest, CategorySearchRequest, GetCategoryListRequest } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCategorySchema } from '../../categories/category-schemas.ts';
import { getCategoryList, searchCategories } from '../../categories/category-service.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors/app-error.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/** Coupang categories: the cached tree, a leaf search for the picker, and category schemas. */
export const categoryRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/category/getcategorylist',
      { preHandler: requireAuth, schema: { body: GetCategoryListRequest.optional() } },
      async (request) => getCategoryList(db, companyOf(request), request.body?.force ?? false),
    );

    app.post(
      '/api/category/search',
      { preHandler: requireAuth, schema: { body: CategorySearchRequest } },
      async (request) => {
        companyOf(request);
        return { items: await searchCategories(db, request.body) };
      },
    );

    app.post(
      '/api/category/schema',
      { preHandler: requireAuth, schema: { body: CategorySchemaRequest } },
      async (request) => {
        companyOf(request);
        const code = request.body.displayCategoryCode;
        const stored = await getCategorySchema(db, code);
        if (!stored) {
          throw notFound(
            { ko: `카테고리를 찾을 수 없습니다: ${code}`, en: `Category not found: ${code}` },
            'category_not_found',
          );
        }
        return {
          displayCategoryCode: stored.displayCategoryCode,
          categoryPath: stored.categoryPath,
          schema: stored.schema,
          schemaString: JSON.stringify(stored.jsonSchema),
          isGeneric: stored.isGeneric,
        };
      },
    );
  };
