import { readFileSync } from 'node:fs';
import {
  AiMonitorFailuresResponse,
  AiMonitorLiveResponse,
  AuthMessageResponse,
  AuthResponse,
  CategoryMetaResponse,
  CategorySchemaResponse,
  CategorySearchResponse,
  CompanySchemasResponse,
  CreateAccessTokenResponse,
  DashboardSummary,
  DeleteAccessTokenResponse,
  DeleteItemResponse,
  DemoAccountResponse,
  ExportSettingsResponse,
  GetCategoryListResponse,
  GetFullListResponse,
  GetSettingsResponse,
  GetSummaryListResponse,
  Import1688Response,
  ListAccessTokensResponse,
  LoginStatusResponse,
  ManualSeoResponse,
  PreflightResponse,
  RegProductResponse,
  RepriceAllResponse,
  RunList,
  RunView,
  SaveSettingResponse,
  StartRunResponse,
  UpdatePartialResponse,
  ValidateDocumentsResponse,
} from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import puzzle from '../../../../packages/domain/test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import { SESSION_CACHE_MS } from '../../src/auth/auth-service.ts';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { createTestDb } from '../support/test-db.ts';
import { importedTshirt } from '../tasks/support.ts';
import { waitForRun, workflowApp } from '../workflow/support.ts';
import { createTaskEnv, newCompany, newProduct } from '../workflow/task-env.ts';

// The web parses every answer with the route's response schema from @rr/contracts (app/http.ts):
// an answer that does not fit is an error on the seller's screen. These are the server's real
// answers, on a real database, checked against the schemas the web passes.

const env = await createTaskEnv();
/**
 * The run's tasks: the AI text tasks and the quotation (offline AI), which fill most of a product in
 * seconds. (Every default task, images included, fits too, but takes about a minute on two cores.)
 */
const RUN_TASKS = ['seo', 'pricing', 'koreanLabel', 'quotation'] as const;
const pcText = readFileSync('/work/shared/reference/1688_offer_943009939489_window_context.json', 'utf8');

/** The schema's complaints about the answer (none when it fits), readable in a failure. */
function misfits(schema: z.ZodType, answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = schema.safeParse(answer.body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the answers the web reads fit the response schemas it parses them with', () => {
  it('session: sign-up, login status, demo account, lock, unlock, logout', async () => {
    const email = `answers${Date.now()}@example.com`;
    const signup = await env.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { companyName: '응답 상점', name: '셀러', email, password: 'password-1234!' },
    });
    expect(misfits(AuthResponse, { status: signup.statusCode, body: signup.json() })).toEqual([]);
    const sid = signup.cookies.find((c) => c.name === 'sid')?.value;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await env.app.inject({ method, url, headers: { cookie: `sid=${sid}` }, payload });
      return { status: r.statusCode, body: r.json() };
    };
    const signedIn = await call('POST', '/api/loginstatus');
    expect(signedIn.body.loginstatus).toBe('Login success');
    expect(misfits(LoginStatusResponse, signedIn)).toEqual([]);
    expect(misfits(DemoAccountResponse, await call('GET', '/api/auth/demo'))).toEqual([]);
    expect(misfits(AuthMessageResponse, await call('POST', '/api/auth/lock'))).toEqual([]);
    const locked = await call('POST', '/api/loginstatus');
    expect(locked.body.locked).toBe(true);
    expect(misfits(LoginStatusResponse, locked)).toEqual([]);
    const unlock = await call('POST', '/api/auth/unlock', { password: 'password-1234!' });
    expect(misfits(AuthMessageResponse, unlock)).toEqual([]);
    expect(misfits(AuthMessageResponse, await call('POST', '/api/auth/logout'))).toEqual([]);
    expect(misfits(LoginStatusResponse, await call('POST', '/api/loginstatus'))).toEqual([]);
  });

  it('products, categories, settings, exports, tokens', async () => {
    const client = await newCompany(env, 'offline');
    const imported = await client.post('/api/import1688', { inputs: [{ text: pcText, name: 'pc.json' }] });
    expect(misfits(Import1688Response, imported)).toEqual([]);
    const product = await newProduct(client, importedTshirt(), 79382);
    const importedId: string = imported.body.results[0].productId;
    const reg = await client.post('/api/rocketReg/regproduct', {
      productId: importedId,
      displayCategoryCode: 79382,
    });
    expect(misfits(RegProductResponse, reg)).toEqual([]);

    const summaries = await client.post('/api/aiRocketReg/getlist', { view: 'summary' });
    expect(summaries.body.products).toHaveLength(2);
    expect(misfits(GetSummaryListResponse, summaries)).toEqual([]);
    for (const id of [importedId, product._id]) {
      const full = await client.post('/api/aiRocketReg/getlist', { ids: [id], view: 'full' });
      expect(full.body.products).toHaveLength(1);
      expect(misfits(GetFullListResponse, full)).toEqual([]);
    }
    const validate = await client.post('/api/aiRocketReg/validate', { productId: importedId });
    expect(misfits(ValidateDocumentsResponse, validate)).toEqual([]);
    const partial = await client.post('/api/aiRocketReg/updatePartial', {
      productId: importedId,
      updateFields: { 'options.0.korName': '블랙 XL' },
    });
    expect(misfits(UpdatePartialResponse, partial)).toEqual([]);
    const seo = await client.post('/api/workflow/manual-seo', {
      productId: product._id,
      seo: { productName: '여름 순면 반팔 티셔츠' },
    });
    expect(misfits(ManualSeoResponse, seo)).toEqual([]);

    expect(misfits(GetCategoryListResponse, await client.post('/api/category/getcategorylist', {}))).toEqual(
      [],
    );
    const search = await client.post('/api/category/search', {
      q: '티셔츠',
      withSchemaOnly: false,
      limit: 5,
    });
    expect(misfits(CategorySearchResponse, search)).toEqual([]);
    const schema = await client.post('/api/category/schema', { displayCategoryCode: 79382 });
    expect(misfits(CategorySchemaResponse, schema)).toEqual([]);
    const meta = await client.post('/api/category/meta', { displayCategoryCode: 77426, meta: puzzle });
    expect(misfits(CategoryMetaResponse, meta)).toEqual([]);
    const companySchema = await client.post('/api/category/schema', { displayCategoryCode: 77426 });
    expect(companySchema.body.isCompany).toBe(true);
    expect(misfits(CategorySchemaResponse, companySchema)).toEqual([]);
    const companySchemas = await client.post('/api/category/company-schemas', {});
    expect(companySchemas.body.items).toHaveLength(1);
    expect(misfits(CompanySchemasResponse, companySchemas)).toEqual([]);

    expect(misfits(GetSettingsResponse, await client.get('/api/settings'))).toEqual([]);
    const saved = await client.post('/api/savesetting', { settings: [{ aiProvider: 'offline' }] });
    expect(misfits(SaveSettingResponse, saved)).toEqual([]);
    expect(misfits(RepriceAllResponse, await client.post('/api/workflow/reprice-all', {}))).toEqual([]);

    const preflight = await client.post('/api/export/preflight', { productIds: [importedId, product._id] });
    expect(misfits(PreflightResponse, preflight)).toEqual([]);
    expect(misfits(ExportSettingsResponse, await client.get('/api/export/settings'))).toEqual([]);
    const words = await client.post('/api/export/settings', { bannedWords: ['최고'] });
    expect(misfits(ExportSettingsResponse, words)).toEqual([]);

    const made = await client.post('/api/tokens', { name: '확장 프로그램' });
    expect(misfits(CreateAccessTokenResponse, made)).toEqual([]);
    expect(misfits(ListAccessTokensResponse, await client.get('/api/tokens'))).toEqual([]);
    const revoked = await env.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${made.body.id}`,
      headers: { cookie: client.cookie },
    });
    expect(misfits(DeleteAccessTokenResponse, { status: revoked.statusCode, body: revoked.json() })).toEqual(
      [],
    );

    const deleted = await client.post('/api/rocketReg/deleteItem', { ids: [product._id] });
    expect(misfits(DeleteItemResponse, deleted)).toEqual([]);
  });

  it('a run over the demo products: the run, the list, the products it wrote, the dashboard, the AI monitor', async () => {
    const t = await createTestDb();
    const { client, container } = await workflowApp(t.db, t.url);
    await seedDemoProducts(container.demoProducts, client.companyId, container.storage);
    const before = await client.post('/api/aiRocketReg/getlist', { view: 'summary', pageSize: 100 });
    const ids: string[] = before.body.products.map((p: { _id: string }) => p._id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    const started = await client.post('/api/workflow/runs', { productIds: ids, tasks: [...RUN_TASKS] });
    expect(misfits(StartRunResponse, started)).toEqual([]);
    expect((await waitForRun(client, started.body.runId, 120_000)).status).toBe('completed');
    expect(misfits(RunView, await client.get(`/api/workflow/runs/${started.body.runId}`))).toEqual([]);
    expect(misfits(RunList, await client.get('/api/workflow/runs?limit=10'))).toEqual([]);
    expect(misfits(DashboardSummary, await client.get('/api/dashboard/summary'))).toEqual([]);

    const summaries = await client.post('/api/aiRocketReg/getlist', { view: 'summary', pageSize: 100 });
    expect(misfits(GetSummaryListResponse, summaries)).toEqual([]);
    const full = await client.post('/api/aiRocketReg/getlist', { view: 'full', pageSize: 100 });
    expect(full.body.products.length).toBeGreaterThanOrEqual(ids.length);
    expect(full.body.products.some((p: { seoStatus?: string }) => p.seoStatus === 'completed')).toBe(true);
    expect(misfits(GetFullListResponse, full)).toEqual([]);

    await t.db
      .updateTable('users')
      .set({ auth: JSON.stringify({ showproduct: true, showdeveloper: true }) })
      .where('company_id', '=', client.companyId)
      .execute();
    // A flag changed behind the server's back reaches a cached session within its bound.
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    const live = await client.get('/api/ai-monitor/live');
    expect(live.body.requests.length).toBeGreaterThan(0);
    expect(misfits(AiMonitorLiveResponse, live)).toEqual([]);
    const failures = await client.get('/api/ai-monitor/failures?limit=5');
    expect(misfits(AiMonitorFailuresResponse, failures)).toEqual([]);
  });
});
