import { Readable } from 'node:stream';
import {
  DeleteItemRequest,
  DeleteItemResponse,
  GetListRequest,
  GetListResponse,
  GetProductInfoRequest,
  GetProductInfoResponse,
  Import1688Request,
  Import1688Response,
  ImportHistoryRequest,
  ImportHistoryResponse,
  RegProductRequest,
  RegProductResponse,
  SaveItemsRequest,
  SaveItemsResponse,
  UpdateFeatureRequest,
  UpdateFeatureResponse,
  UpdatePartialRequest,
  UpdatePartialResponse,
  UpdateProductRequest,
  UpdateProductResponse,
  ValidateDocumentsRequest,
  ValidateDocumentsResponse,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { PRODUCT_MESSAGES } from '../../products/product-messages.ts';
import type { ProductService } from '../../products/product-service.ts';
import { answeredAsStored, describedOnly } from '../answered-as-stored.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { chargeWrittenBytes } from '../company-gate.ts';
import { partsInPieces } from '../large-answers.ts';
import { localize } from '../request-language.ts';

/** The spec's product calls (W §7) and the 1688 import. Every query is scoped to the session's company. */
/**
 * saveItems' body: one product document at the 10 MB cap with room for its JSON (docs/security.md).
 * Real documents are 10–300 KB (a 1688 import of 10 SKUs: 13 KB, ~450 bytes an option; a registered
 * product with its category schema a few hundred KB), so 20 MB only doubled what one request could make
 * the request loop stringify, store and answer (a 9 MB document: ~100 ms of it on the loaded machine).
 */
export const SAVE_ITEMS_BODY_BYTES = 12 * 1024 * 1024;

/**
 * For a body the service checks itself (so the spec's own messages answer bad input): the route
 * declares its contract for the API's description, and the body reaches the service as it came.
 */
const checkedByTheService = { validatorCompiler: () => (value: unknown) => ({ value }) };

export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.post(
      '/api/aiRocketReg/getlist',
      // The service answers the JSON text itself (documents as stored): the schema describes it.
      {
        ...auth,
        schema: { body: GetListRequest.optional(), response: { 200: describedOnly(GetListResponse) } },
      },
      async (request, reply) => {
        const json = await products.list(companyOf(request), request.body ?? GetListRequest.parse({}));
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );

    // Bodies of these three are checked by the service, so the spec's own messages answer bad input.
    app.post(
      '/api/aiRocketReg/updatePartial',
      {
        ...auth,
        ...checkedByTheService,
        schema: { body: UpdatePartialRequest, response: { 200: UpdatePartialResponse } },
      },
      async (request) => {
        const body: unknown = request.body;
        const { updatedAt, normalized, docBytes } = await products.updatePartial(companyOf(request), body);
        chargeWrittenBytes(request, docBytes);
        return { 요청결과: 'success' as const, updatedAt, ...(normalized ? { normalized } : {}) };
      },
    );

    app.post(
      '/api/aiRocketReg/update',
      {
        ...auth,
        ...checkedByTheService,
        ...answeredAsStored,
        schema: { body: UpdateProductRequest, response: { 200: describedOnly(UpdateProductResponse) } },
      },
      async (request) => {
        const body: unknown = request.body;
        return { product: await products.update(companyOf(request), body) };
      },
    );

    app.post(
      '/api/rocketReg/updateFeature',
      {
        ...auth,
        ...checkedByTheService,
        ...answeredAsStored,
        schema: { body: UpdateFeatureRequest, response: { 200: describedOnly(UpdateFeatureResponse) } },
      },
      async (request) => {
        const body: unknown = request.body;
        const { label, product } = await products.updateFeature(companyOf(request), body);
        return {
          res: 'success' as const,
          alert: localize(request, PRODUCT_MESSAGES.featureSaved(label)),
          updatedProduct: product,
        };
      },
    );

    app.post(
      '/api/rocketReg/saveItems',
      {
        ...auth,
        bodyLimit: SAVE_ITEMS_BODY_BYTES,
        // The service reads and checks the body against SaveItemsRequest (in the work pool when
        // large) and answers the JSON text in pieces; the schemas are here for the API's description.
        config: { rawJsonBody: true },
        schema: { body: SaveItemsRequest, response: { 200: describedOnly(SaveItemsResponse) } },
        ...checkedByTheService,
      },
      async (request, reply) => {
        // Only a JSON body arrives as chunks (json-body.ts); any other content type is not products.
        const body: unknown = request.body;
        if (!Array.isArray(body))
          throw new AppError('invalid_request', 'invalid', ERROR_MESSAGES.invalidRequest);
        const saved = await products.saveItems(companyOf(request), body as Buffer[]);
        const message = localize(request, PRODUCT_MESSAGES.itemsSaved(saved.count));
        const parts = saved.answer(message);
        const length = parts.reduce((n, p) => n + p.byteLength, 0);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-length', length)
          .send(Readable.from(partsInPieces(parts), { objectMode: false }));
      },
    );

    app.post(
      '/api/rocketReg/deleteItem',
      { ...auth, schema: { body: DeleteItemRequest, response: { 200: DeleteItemResponse } } },
      async (request) => {
        const deletedCount = await products.deleteItems(companyOf(request), request.body);
        return {
          res: 'success' as const,
          message: localize(request, PRODUCT_MESSAGES.itemsDeleted(deletedCount)),
          deletedCount,
        };
      },
    );

    app.post(
      '/api/aiPage/getProductInfo',
      { ...auth, schema: { body: GetProductInfoRequest, response: { 200: GetProductInfoResponse } } },
      async (request) =>
        products.info(
          companyOf(request),
          request.body.map((b) => b.productId),
        ),
    );

    app.post(
      '/api/rocketReg/regproduct',
      {
        ...auth,
        ...answeredAsStored,
        schema: { body: RegProductRequest, response: { 200: describedOnly(RegProductResponse) } },
      },
      async (request) => {
        const { message, product } = await products.register(companyOf(request), request.body);
        return { res: 'success' as const, message: localize(request, message), product };
      },
    );

    app.post(
      '/api/aiRocketReg/validate',
      { ...auth, schema: { body: ValidateDocumentsRequest, response: { 200: ValidateDocumentsResponse } } },
      async (request) => products.validateDocuments(companyOf(request), request.body.productId),
    );

    app.post(
      '/api/import1688',
      {
        ...auth,
        // The browser extension sends captures with a personal access token (issue 24).
        // A large body (captures) is parsed in the work pool, not on the event loop (issue 21).
        config: { accessToken: 'capture', jsonInWorkPool: { check: 'captures' } },
        bodyLimit: 20 * 1024 * 1024,
        schema: { body: Import1688Request, response: { 200: Import1688Response } },
      },
      async (request) => products.importOffers(companyOf(request), request.body),
    );

    app.post(
      '/api/import1688/history',
      {
        ...auth,
        schema: { body: ImportHistoryRequest.optional(), response: { 200: ImportHistoryResponse } },
      },
      async (request) => ({
        items: await products.importHistory(companyOf(request), request.body?.limit ?? 50),
      }),
    );
  };
