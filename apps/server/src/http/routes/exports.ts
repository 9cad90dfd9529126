import { ExportFixRequest, ExportRequest, ExportSettingsRequest } from '@rr/contracts';
import { DEFAULT_BANNED_WORDS, DEFAULT_BRAND_WORDS } from '@rr/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.ts';
import { badRequest } from '../../errors/app-error.ts';
import {
  exportRocketGrowth,
  exportSupplierHub,
  exportXlsx,
  importXlsx,
  PreflightFailed,
  preflightProducts,
  SheetImportRefused,
} from '../../exports/export-service.ts';
import {
  readCoupangKeysView,
  readExportSettings,
  saveExportSettings,
} from '../../exports/export-settings.ts';
import { squareMainImage } from '../../exports/fix-service.ts';
import { createImageFactsReader } from '../../exports/image-facts.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { httpStatusOf } from '../error-status.ts';
import { localize } from '../request-language.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 15: pre-flight, Supplier Hub / Rocket Growth / Excel exports, the sheet's import, settings, fixes. */
export const exportRoutes =
  (deps: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const facts = createImageFactsReader({ storage: deps.storage, images: () => deps.images() });
    const ctx = {
      db: deps.db,
      products: deps.productStore,
      categories: deps.categories.caches,
      facts,
      now: () => new Date(),
      validateDocuments: deps.products.validateDocuments,
    };
    const auth = { preHandler: requireAuth };

    // The sheet comes back as the file's bytes (the browser posts the File as it is).
    app.addContentTypeParser(
      [XLSX_TYPE, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    // An export the pre-flight stopped answers 422 with every product's findings.
    app.setErrorHandler((err, request, reply) => {
      if (err instanceof PreflightFailed) {
        const message = localize(request, err.userMessage);
        return reply.status(422).send({ code: err.code, message, error: message, preflight: err.preflight });
      }
      // A refused sheet: nothing saved; the body says which cells were refused and what was held back.
      if (err instanceof SheetImportRefused) {
        const message = localize(request, err.userMessage);
        const status = err.kind === 'invalid' ? 422 : httpStatusOf(err.kind);
        return reply.status(status).send({ code: err.code, message, error: message, ...err.answer });
      }
      throw err;
    });

    app.post('/api/export/preflight', { ...auth, schema: { body: ExportRequest } }, async (request) => {
      const { preflight } = await preflightProducts(ctx, companyOf(request), request.body.productIds);
      return { products: preflight };
    });

    app.post('/api/export/supplier-hub', { ...auth, schema: { body: ExportRequest } }, async (request) =>
      exportSupplierHub(ctx, companyOf(request), request.body.productIds),
    );

    app.post('/api/export/rocket-growth', { ...auth, schema: { body: ExportRequest } }, async (request) =>
      exportRocketGrowth(ctx, companyOf(request), request.body.productIds),
    );

    app.post('/api/export/xlsx', { ...auth, schema: { body: ExportRequest } }, async (request, reply) => {
      const { buffer } = await exportXlsx(ctx, companyOf(request), request.body.productIds);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="rocket-export-${stamp}.xlsx"`)
        .send(buffer);
    });

    app.post('/api/import/xlsx', { ...auth, bodyLimit: 20 * 1024 * 1024 }, async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.byteLength === 0)
        throw badRequest(
          { ko: '엑셀 파일(.xlsx)을 올려주세요.', en: 'Upload an Excel file (.xlsx).' },
          'sheet_missing',
        );
      const companyId = companyOf(request);
      // Read in the work pool (memory and time bound, archive checked first): never on this loop.
      return importXlsx(ctx, companyId, request.body, (data, sheetName) =>
        deps.work.run(companyId, 'xlsx', { data, sheetName }),
      );
    });

    const settingsAnswer = async (
      companyId: string,
      settings: Awaited<ReturnType<typeof readExportSettings>>,
    ) => ({
      ...settings,
      seller: {
        ...settings.seller,
        ...(await readCoupangKeysView(deps.db, companyId, deps.config.appSecret)),
      },
      defaultBannedWords: [...DEFAULT_BANNED_WORDS],
      defaultBrandWords: [...DEFAULT_BRAND_WORDS],
    });

    app.get('/api/export/settings', auth, async (request) =>
      settingsAnswer(companyOf(request), await readExportSettings(deps.db, companyOf(request))),
    );

    app.post('/api/export/settings', { ...auth, schema: { body: ExportSettingsRequest } }, async (request) =>
      settingsAnswer(
        companyOf(request),
        await saveExportSettings(deps.db, companyOf(request), request.body, deps.config.appSecret),
      ),
    );

    app.post('/api/export/fix', { ...auth, schema: { body: ExportFixRequest } }, async (request) =>
      squareMainImage(
        { products: deps.productStore, storage: deps.storage },
        companyOf(request),
        request.body,
      ),
    );
  };
