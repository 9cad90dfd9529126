import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { saveProducts, workflowApp } from '../workflow/support.ts';

// Issue 37 through the HTTP API: the account's codes fetched with the seller's keys and chosen from
// a list (the return centre's address filling the return block), inflow-status before a run that
// registers, and a product's required documents.

let t: TestDb;
let fake: FakeCoupang;
beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeCoupang({ rateLimitPerSecond: Number.POSITIVE_INFINITY });
});
afterAll(async () => fake.close());

const harness = () => workflowApp(t.db, t.url, { env: { COUPANG_API_BASE_URL: fake.url } });
// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('the seller account on Coupang', () => {
  it('outbound places and return centres come from the account; choosing a centre fills the return block', async () => {
    const { client } = await harness();
    const noKeys = await client.get('/api/coupang/shipping-places');
    expect(noKeys.status).toBe(422);

    await client.post('/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } });
    const places = await client.get('/api/coupang/shipping-places');
    expect(places.status).toBe(200);
    expect(places.body.outbound.length).toBeGreaterThan(0);
    expect(places.body.returnCenters[0]).toMatchObject({
      code: expect.any(String),
      zipCode: expect.stringMatching(/^\d{5}$/),
    });
    expect(places.body.rocketGrowthCategoryCount).toBeGreaterThan(0);
    const centre = places.body.returnCenters[0];

    const saved = await client.post('/api/export/settings', {
      seller: {
        channel: 'hybrid',
        outboundShippingPlaceCode: places.body.outbound[0].code,
        returnCenterCode: centre.code,
        deliveryChargeOnReturn: 3000,
        returnCharge: 3500,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.seller).toMatchObject({
      channel: 'hybrid',
      returnCenterCode: centre.code,
      returnZipCode: centre.zipCode,
      returnChargeName: centre.name,
      returnCharge: 3500,
    });
    expect(centre.address.startsWith(saved.body.seller.returnAddress)).toBe(true);
    expect(saved.body.accountCodesFetchedAt).toEqual(expect.any(String));

    const wrongChannel = await client.post('/api/export/settings', { seller: { channel: 'rocket' } });
    expect(wrongChannel.status).toBe(400);
    const negativeFee = await client.post('/api/export/settings', { seller: { returnCharge: -1 } });
    expect(negativeFee.status).toBe(400);
  });

  it('a run that registers is refused before anything is queued when the account is restricted', async () => {
    const { client } = await harness();
    await client.post('/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } });
    const [id] = await saveProducts(client, 1);
    fake.setBehaviour({ restricted: true });
    try {
      const before = fake.requests.filter((r) => r.method === 'POST').length;
      const run = await client.post('/api/workflow/runs', { productIds: [id], tasks: ['register'] });
      expect(run.status).toBe(422);
      expect(run.body.message).toContain('제한');
      expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(before);
    } finally {
      fake.setBehaviour({ restricted: false });
    }
    fake.setBehaviour({ permittedCount: fake.products.size });
    try {
      const over = await client.post('/api/workflow/runs', { productIds: [id], tasks: ['register'] });
      expect(over.status).toBe(422);
      expect(over.body.message).toContain('남은 등록 가능 수 0개');
    } finally {
      fake.setBehaviour({ permittedCount: 100000 });
    }
  });

  it('required documents are uploaded per product: checked by content and size, listed, removed', async () => {
    const { client, container, app } = await harness();
    await seedDemoProducts(container.demoProducts, client.companyId, container.storage);
    const list = await client.post('/api/aiRocketReg/getlist', { view: 'summary', pageSize: 100 });
    const id = list.body.products[0]._id as string;
    const docs = await client.get(`/api/coupang/products/${id}/documents`);
    expect(docs.status).toBe(200);
    const template = docs.body.required[0].templateName as string;
    expect(docs.body.documents).toEqual([]);

    const up = await client.post(`/api/coupang/products/${id}/documents`, {
      templateName: template,
      fileName: 'scan.png',
      dataBase64: PNG,
    });
    expect(up.status).toBe(200);
    expect(up.body.documents).toMatchObject([{ templateName: template, fileName: 'scan.png' }]);
    expect(up.body.documents[0].vendorDocumentPath).toMatch(/\.png$/);

    const notAFile = await client.post(`/api/coupang/products/${id}/documents`, {
      templateName: template,
      fileName: 'x.exe',
      dataBase64: Buffer.from('MZ not a document').toString('base64'),
    });
    expect(notAFile.status).toBe(400);
    expect(notAFile.body.message).toContain('JPG, PNG 또는 PDF');
    const unknown = await client.post(`/api/coupang/products/${id}/documents`, {
      templateName: '없는 서류',
      fileName: 'scan.png',
      dataBase64: PNG,
    });
    expect(unknown.status).toBe(400);
    const tooBig = await client.post(`/api/coupang/products/${id}/documents`, {
      templateName: template,
      fileName: 'big.png',
      dataBase64: 'A'.repeat(13_990_000),
    });
    expect(tooBig.status).toBe(413);
    // Nothing a refused upload sent was kept.
    expect((await client.get(`/api/coupang/products/${id}/documents`)).body.documents).toHaveLength(1);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/coupang/products/${id}/documents?templateName=${encodeURIComponent(template)}`,
      headers: { cookie: client.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(JSON.parse(removed.body).documents).toEqual([]);
    // The client cannot write the server's field through a partial update.
    const sneaky = await client.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: {
        coupangDocuments: [{ templateName: template, vendorDocumentPath: 'https://evil.test/x.png' }],
      },
    });
    expect(sneaky.status).toBe(400);
  });
});
