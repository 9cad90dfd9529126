import {
  CategoryMetaRequest,
  CategorySchemaRequest,
  CategorySearchRequest,
  GetCategoryListRequest,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCategorySchema } from '../../categories/category-schemas.ts';
import { getCategoryList, searchCategories } from '../../categories/category-service.ts';
import {
  listCompanyCategorySchemas,
  saveCompanyCategoryMeta,
} from '../../categories/company-category-schemas.ts';
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
        return { items: await searchCategories(db, request.body, companyOf(request)) };
      },
    );

    app.post(
      '/api/category/schema',
      { preHandler: requireAuth, schema: { body: CategorySchemaRequest } },
      async (request) => {
        const code = request.body.displayCategoryCode;
        const stored = await getCategorySchema(db, code, companyOf(request));
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
          isCompany: stored.isCompany ?? false,
        };
      },
    );

    // Issue 15: a Coupang category-metadata answer becomes the company's schema of that category.
    app.post(
      '/api/category/meta',
      { preHandler: requireAuth, bodyLimit: 5 * 1024 * 1024, schema: { body: CategoryMetaRequest } },
      async (request) => {
        const saved = await saveCompanyCategoryMeta(db, companyOf(request), request.body);
        return { ...saved, schemaString: JSON.stringify(saved.jsonSchema), jsonSchema: undefined };
      },
    );

    app.post('/api/category/company-schemas', { preHandler: requireAuth }, async (request) => ({
      items: await listCompanyCategorySchemas(db, companyOf(request)),
    }));
  };
