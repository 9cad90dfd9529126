import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { productStatus, saveProducts, waitForRun, workflowApp } from '../workflow/support.ts';
import { rocketGrowthPayload } from './fake/payloads.ts';

// Issue 23 through the HTTP API, against the fake Coupang gateway: keys saved sealed and answered
// masked, 연결 확인, the category tree and a category's metadata fetched with the keys, the register
// task refusing a product the pre-flight stops (nothing sent), and the approval sync on demand.

let t: TestDb;
let fake: FakeCoupang;
beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeCoupang();
});
afterAll(async () => fake.close());

const harness = () => workflowApp(t.db, t.url, { env: { COUPANG_API_BASE_URL: fake.url } });

describe('Coupang Open API through the app', () => {
  it('keys are sealed, answered masked, and checked with 연결 확인', async () => {
    const { client } = await harness();
    const noKeys = await client.post('/api/coupang/check');
    expect(noKeys.status).toBe(422);
    expect(noKeys.body.message).toContain('Access Key');

    const saved = await client.post('/api/export/settings', {
      seller: {
        vendorId: DEMO_COUPANG_KEYS.vendorId,
        accessKey: DEMO_COUPANG_KEYS.accessKey,
        secretKey: 'wrong-secret-key',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.seller).toMatchObject({ vendorId: 'A00000000', hasCoupangKeys: true });
    expect(saved.body.seller.secretKey).not.toContain('wrong');
    expect(saved.body.seller.secretKey).toMatch(/•/);
    const stored = await sql<{
      seller: Record<string, string>;
    }>`select seller from export_settings where company_id = ${client.companyId}`.execute(t.db);
    expect(JSON.stringify(stored.rows[0]!.seller)).not.toContain('wrong-secret-key');

    // Wrong keys are the check's result, not a server failure: 200 { ok: false } with the reason.
    const refused = await client.post('/api/coupang/check');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      ok: false,
      code: 'coupang_keys_refused',
      message:
        '쿠팡이 API 키를 받아들이지 않았습니다(401). 업체코드와 Access/Secret Key가 WING에서 발급한 값과 같은지, 이 서버의 시계가 맞는지 확인해주세요.',
    });

    // A masked value sent back keeps the key; a new one replaces it.
    await client.post('/api/export/settings', {
      seller: { accessKey: saved.body.seller.accessKey, secretKey: DEMO_COUPANG_KEYS.secretKey },
    });
    const ok = await client.post('/api/coupang/check');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true });
    expect(ok.body.message).toContain('연결을 확인했습니다');
  });

  it("fetches the category tree and a category's metadata with the keys", async () => {
    const { client } = await harness();
    await client.post('/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } });
    const tree = await client.post('/api/coupang/categories/refresh');
    expect(tree.status).toBe(200);
    expect(tree.body.source).toBe('coupang');
    expect(tree.body.category.map((n: { name: string }) => n.name)).toContain('패션의류잡화');
    const list = await client.post('/api/category/getcategorylist', {});
    expect(list.body.date).toBe(tree.body.date);

    const meta = await client.post('/api/coupang/categories/meta', { displayCategoryCode: 77426 });
    expect(meta.status).toBe(200);
    expect(meta.body.displayCategoryCode).toBe(77426);
    const schemas = await client.post('/api/category/company-schemas');
    expect(schemas.body.items.map((s: { displayCategoryCode: number }) => s.displayCategoryCode)).toContain(
      77426,
    );

    const missing = await client.post('/api/coupang/categories/meta', { displayCategoryCode: 999999 });
    expect(missing.status).toBe(502);
    expect(missing.body.message).toContain('999999');
  });

  it('the register task sends nothing for a product the pre-flight stops', async () => {
    const { client } = await harness();
    await client.post('/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } });
    const [id] = await saveProducts(client, 1);
    const posts = () => fake.requests.filter((r) => r.method !== 'GET').length;
    const before = posts();
    const run = await client.post('/api/workflow/runs', { productIds: [id], tasks: ['register'] });
    expect(run.status).toBe(200);
    const done = await waitForRun(client, run.body.runId);
    expect(done.status).toBe('completed');
    expect(await productStatus(t.db, id!, 'registerStatus')).toBe('error');
    // The run panel shows the register chip as the product has it (error), not "pending".
    expect(done.products[0].statuses.register).toBe('error');
    expect(done.counts).toMatchObject({ error: 1 });
    // …and the product says why it was not sent.
    const list = await client.post('/api/aiRocketReg/getlist', { view: 'full' });
    const product = list.body.products.find((p: { _id: string }) => p._id === id);
    expect(product.coupangRegistration).toMatchObject({ status: 'failed', sellerProductId: null });
    expect(product.coupangRegistration.refusal.message.length).toBeGreaterThan(0);
    expect(posts()).toBe(before);
  });

  it('a run without a task list does not register', async () => {
    const { client } = await harness();
    const [id] = await saveProducts(client, 1);
    const run = await client.post('/api/workflow/runs', { productIds: [id] });
    expect(run.status).toBe(200);
    const view = await client.get(`/api/workflow/runs/${run.body.runId}`);
    expect(view.body.tasks).not.toContain('register');
    await client.post(`/api/workflow/runs/${run.body.runId}/cancel`);
  });

  it('POST /api/coupang/sync brings a denial with its reason next to the field', async () => {
    const { client } = await harness();
    await client.post('/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } });
    const [id] = await saveProducts(client, 1);
    // A product Coupang has under review (created straight at the fake).
    fake.setBehaviour({ decision: 'deny', reason: '상품명에 브랜드와 무관한 키워드가 포함되어 있습니다.' });
    const { createCoupangClient } = await import('../../src/coupang/coupang-client.ts');
    const sellerProductId = await createCoupangClient({ baseUrl: fake.url }).createProduct(
      DEMO_COUPANG_KEYS,
      {
        ...rocketGrowthPayload('X'),
        requested: true,
      },
    );
    const registration = {
      status: 'requested',
      sellerProductId,
      statusName: '',
      reasons: [],
      requestedAt: new Date().toISOString(),
      checkedAt: null,
      attempts: [],
    };
    await sql`update products set doc = jsonb_set(doc, '{coupangRegistration}', ${JSON.stringify(registration)}::jsonb) where id = ${id}`.execute(
      t.db,
    );

    const synced = await client.post('/api/coupang/sync', { productIds: [id] });
    expect(synced.status).toBe(200);
    expect(synced.body.products[0].registration).toMatchObject({
      status: 'denied',
      statusName: '승인반려',
      reasons: [{ text: '상품명에 브랜드와 무관한 키워드가 포함되어 있습니다.', field: 'name' }],
    });
    // The product as the screens read it carries the registration.
    const list = await client.post('/api/aiRocketReg/getlist', { ids: [id], view: 'full' });
    expect(list.body.products[0].coupangRegistration).toMatchObject({ status: 'denied', sellerProductId });

    // The registration table's column and filter.
    const denied = await client.post('/api/aiRocketReg/getlist', {
      view: 'summary',
      coupangStatus: 'denied',
    });
    expect(denied.body.products.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect(denied.body.products[0].coupang).toEqual({
      status: 'denied',
      sellerProductId,
      statusName: '승인반려',
    });
    const none = await client.post('/api/aiRocketReg/getlist', { view: 'summary', coupangStatus: 'none' });
    expect(none.body.products.map((p: { _id: string }) => p._id)).not.toContain(id);

    const bad = await client.post('/api/coupang/sync', { productIds: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
  });
});
