import {
  SalesByItemQuery,
  SalesByItemResponse,
  SalesByProductQuery,
  SalesByProductResponse,
  SalesCostSettingsRequest,
  SalesCostSettingsResponse,
  SalesDailyQuery,
  SalesDailyResponse,
  SalesExportQuery,
  SalesInventoryQuery,
  SalesInventoryResponse,
  SalesLinesQuery,
  SalesLinesResponse,
  SalesLinkRequest,
  SalesLinkResponse,
  SalesManualResponse,
  SalesManualReturnRequest,
  SalesManualSaleRequest,
  SalesReturnsQuery,
  SalesReturnsResponse,
  SalesSettlementsResponse,
  SalesSyncRequest,
  SalesSyncResponse,
  SheetFileAnswer,
  XLSX_TYPE,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SalesService } from '../../sales/sales-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Issue 41: the sales screens' reads and the sync on demand; every call is the signed-in company's. */
export const salesRoutes =
  (sales: SalesService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.post(
      '/api/sales/sync',
      { ...auth, schema: { body: SalesSyncRequest, response: { 200: SalesSyncResponse } } },
      async (request) => {
        const { message, results } = await sales.sync(companyOf(request), request.body.streams);
        return { message: localize(request, message), results };
      },
    );

    app.get(
      '/api/sales/lines',
      { ...auth, schema: { querystring: SalesLinesQuery, response: { 200: SalesLinesResponse } } },
      async (request) => sales.lines(companyOf(request), request.query),
    );

    app.get(
      '/api/sales/daily',
      { ...auth, schema: { querystring: SalesDailyQuery, response: { 200: SalesDailyResponse } } },
      async (request) => sales.daily(companyOf(request), request.query),
    );

    app.get(
      '/api/sales/by-item',
      { ...auth, schema: { querystring: SalesByItemQuery, response: { 200: SalesByItemResponse } } },
      async (request) => sales.byItem(companyOf(request), request.query),
    );

    app.get(
      '/api/sales/by-product',
      { ...auth, schema: { querystring: SalesByProductQuery, response: { 200: SalesByProductResponse } } },
      async (request) => sales.byProduct(companyOf(request), request.query.days),
    );

    app.post(
      '/api/sales/manual',
      { ...auth, schema: { body: SalesManualSaleRequest, response: { 200: SalesManualResponse } } },
      async (request) => {
        const { message, key } = await sales.addManualSale(companyOf(request), request.body);
        return { message: localize(request, message), key };
      },
    );

    app.post(
      '/api/sales/manual-return',
      { ...auth, schema: { body: SalesManualReturnRequest, response: { 200: SalesManualResponse } } },
      async (request) => {
        const { message, key } = await sales.addManualReturn(companyOf(request), request.body);
        return { message: localize(request, message), key };
      },
    );

    app.post(
      '/api/sales/links',
      { ...auth, schema: { body: SalesLinkRequest, response: { 200: SalesLinkResponse } } },
      async (request) => {
        const { message, link } = await sales.linkManually(companyOf(request), request.body);
        return { message: localize(request, message), link };
      },
    );

    app.get(
      '/api/sales/cost-settings',
      { ...auth, schema: { response: { 200: SalesCostSettingsResponse } } },
      async (request) => sales.costSettings(companyOf(request)),
    );

    app.post(
      '/api/sales/cost-settings',
      { ...auth, schema: { body: SalesCostSettingsRequest, response: { 200: SalesCostSettingsResponse } } },
      async (request) => {
        const { settings, message } = await sales.saveCostSettings(companyOf(request), request.body);
        return { settings, message: localize(request, message) };
      },
    );

    app.get(
      '/api/sales/returns',
      { ...auth, schema: { querystring: SalesReturnsQuery, response: { 200: SalesReturnsResponse } } },
      async (request) => sales.returns(companyOf(request), request.query),
    );

    app.get(
      '/api/sales/inventory',
      { ...auth, schema: { querystring: SalesInventoryQuery, response: { 200: SalesInventoryResponse } } },
      async (request) => sales.inventory(companyOf(request), request.query),
    );

    app.get(
      '/api/sales/export',
      { ...auth, schema: { querystring: SalesExportQuery, response: { 200: SheetFileAnswer } } },
      async (request, reply) => {
        const { kind, ...query } = request.query;
        const buffer = await sales.sheet(companyOf(request), kind, query);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="sales-${kind}.xlsx"`)
          .send(buffer);
      },
    );

    app.get(
      '/api/sales/settlements',
      { ...auth, schema: { response: { 200: SalesSettlementsResponse } } },
      async (request) => sales.settlements(companyOf(request)),
    );
  };
