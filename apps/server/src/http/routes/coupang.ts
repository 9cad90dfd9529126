import {
  CoupangCategoryListResponse,
  CoupangCategoryMetaRequest,
  CoupangCategoryMetaResponse,
  CoupangCheckResponse,
  CoupangShippingPlacesResponse,
  CoupangSyncRequest,
  CoupangSyncResponse,
  RequiredDocumentDeleteQuery,
  RequiredDocumentsParams,
  RequiredDocumentsResponse,
  RequiredDocumentUploadRequest,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoupangService } from '../../coupang/coupang-service.ts';
import type { RequiredDocuments } from '../../coupang/required-documents.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Issue 23: 연결 확인, category data from Coupang, the approval status on demand. */
export const coupangRoutes =
  (coupang: CoupangService, documents: RequiredDocuments): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.post(
      '/api/coupang/check',
      { ...auth, schema: { response: { 200: CoupangCheckResponse } } },
      async (request) => {
        // A refused check is answered 200 { ok: false }: the seller's result, shown by the button.
        const result = await coupang.check(companyOf(request));
        const message = localize(request, result.message);
        return result.ok
          ? { ok: true as const, message }
          : { ok: false as const, code: result.code, message };
      },
    );

    // The display-category tree, fetched again and cached as the company's list.
    app.post(
      '/api/coupang/categories/refresh',
      { ...auth, schema: { response: { 200: CoupangCategoryListResponse } } },
      async (request) => coupang.refreshCategoryTree(companyOf(request)),
    );

    app.post(
      '/api/coupang/categories/meta',
      {
        ...auth,
        schema: { body: CoupangCategoryMetaRequest, response: { 200: CoupangCategoryMetaResponse } },
      },
      async (request) => {
        const saved = await coupang.fetchCategoryMeta(
          companyOf(request),
          request.body.displayCategoryCode,
          request.body.categoryPath,
        );
        return { ...saved, schemaString: JSON.stringify(saved.jsonSchema), jsonSchema: undefined };
      },
    );

    // Issue 37: the account's outbound places and return centres, for the export settings' lists.
    app.get(
      '/api/coupang/shipping-places',
      { ...auth, schema: { response: { 200: CoupangShippingPlacesResponse } } },
      async (request) => coupang.shippingPlaces(companyOf(request)),
    );

    // Issue 37: a product's required documents (the category's templates and what was uploaded).
    app.get(
      '/api/coupang/products/:id/documents',
      { ...auth, schema: { params: RequiredDocumentsParams, response: { 200: RequiredDocumentsResponse } } },
      async (request) => documents.list(companyOf(request), request.params.id),
    );
    app.post(
      '/api/coupang/products/:id/documents',
      {
        ...auth,
        bodyLimit: 15 * 1024 * 1024,
        schema: {
          params: RequiredDocumentsParams,
          body: RequiredDocumentUploadRequest,
          response: { 200: RequiredDocumentsResponse },
        },
      },
      async (request) => documents.upload(companyOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/coupang/products/:id/documents',
      {
        ...auth,
        schema: {
          params: RequiredDocumentsParams,
          querystring: RequiredDocumentDeleteQuery,
          response: { 200: RequiredDocumentsResponse },
        },
      },
      async (request) => documents.remove(companyOf(request), request.params.id, request.query.templateName),
    );

    app.post(
      '/api/coupang/sync',
      { ...auth, schema: { body: CoupangSyncRequest, response: { 200: CoupangSyncResponse } } },
      async (request) => ({ products: await coupang.sync(companyOf(request), request.body.productIds) }),
    );
  };
