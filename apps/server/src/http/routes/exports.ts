import {
  ExportFixRequest,
  ExportFixResponse,
  ExportRequest,
  ExportSettingsRequest,
  ExportSettingsResponse,
  PreflightResponse,
  RocketGrowthExportResponse,
  SheetFileAnswer,
  SheetImportResponse,
  SupplierHubExportResponse,
  XLSX_TYPE,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.ts';
import type { ExportService } from '../../exports/create-export-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/**
 * Issue 15: pre-flight, Supplier Hub / Rocket Growth / Excel exports, the sheet's import, settings,
 * fixes. An export the pre-flight stopped, and a refused sheet, are AppErrors with their findings as
 * the error's answer (422 `unprocessable`, 409, 413: the one error handler answers them).
 */
export const exportRoutes =
  (exports: ExportService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    // The sheet comes back as the file's bytes (the browser posts the File as it is).
    app.addContentTypeParser(
      [XLSX_TYPE, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.post(
      '/api/export/preflight',
      { ...auth, schema: { body: ExportRequest, response: { 200: PreflightResponse } } },
      async (request) => exports.preflight(companyOf(request), request.body.productIds),
    );

    app.post(
      '/api/export/supplier-hub',
      { ...auth, schema: { body: ExportRequest, response: { 200: SupplierHubExportResponse } } },
      async (request) => exports.supplierHub(companyOf(request), request.body.productIds),
    );

    app.post(
      '/api/export/rocket-growth',
      { ...auth, schema: { body: ExportRequest, response: { 200: RocketGrowthExportResponse } } },
      async (request) => exports.rocketGrowth(companyOf(request), request.body.productIds),
    );

    app.post(
      '/api/export/xlsx',
      { ...auth, schema: { body: ExportRequest, response: { 200: SheetFileAnswer } } },
      async (request, reply) => {
        const { buffer, stamp } = await exports.sheet(companyOf(request), request.body.productIds);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="rocket-export-${stamp}.xlsx"`)
          .send(buffer);
      },
    );

    // A refused sheet answers 4xx with this same body (`applied: false`), through the error handler.
    app.post(
      '/api/import/xlsx',
      { ...auth, bodyLimit: 20 * 1024 * 1024, schema: { response: { 200: SheetImportResponse } } },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.byteLength === 0)
          throw badRequest(
            { ko: '엑셀 파일(.xlsx)을 올려주세요.', en: 'Upload an Excel file (.xlsx).' },
            'sheet_missing',
          );
        return exports.importSheet(companyOf(request), request.body);
      },
    );

    app.get(
      '/api/export/settings',
      { ...auth, schema: { response: { 200: ExportSettingsResponse } } },
      async (request) => exports.settings(companyOf(request)),
    );

    app.post(
      '/api/export/settings',
      { ...auth, schema: { body: ExportSettingsRequest, response: { 200: ExportSettingsResponse } } },
      async (request) => exports.saveSettings(companyOf(request), request.body),
    );

    app.post(
      '/api/export/fix',
      { ...auth, schema: { body: ExportFixRequest, response: { 200: ExportFixResponse } } },
      async (request) => exports.squareMainImage(companyOf(request), request.body),
    );
  };
