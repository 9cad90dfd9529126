import { containsCjk } from '@rr/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { waitForRun, workflowApp } from './support.ts';

// Issue 20, the result a seller came for: a full run over the demo products, driven through the HTTP
// API as the screen drives it, ends with option documents Coupang accepts — valid against the
// category schema, 100 % complete, free of Chinese — and both Coupang exports pass the pre-flight.
// Real tasks, the offline AI provider, the local image engine.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

type Product = {
  _id: string;
  registrationId: string;
  completeness: number | null;
  seo?: { productName?: string };
  coupangDoc: { productName?: string; jsonDocument: { startPage?: { productName?: string } }[] };
  quotation?: Record<string, unknown>;
  sizeChart?: { fromCategoryDefault?: boolean; confirmed?: boolean } | null;
};

describe('a full run over the demo products (issue 20)', () => {
  it('ends registrable: every document valid, complete, Korean, and both exports pass', async () => {
    // Images reach Coupang by public URL: the shop's address (PUBLIC_URL) makes stored files absolute.
    const { client, container } = await workflowApp(t.db, t.url, {
      concurrency: 2,
      env: { PUBLIC_URL: 'https://shop.example.com' },
    });
    const saved = await client.post('/api/savesetting', {
      settings: [
        { defaultSettings: { brand: '데모상점', manufacturer: '데모상점 협력공장', importer: '데모상점' } },
      ],
    });
    expect(saved.status).toBe(200);
    await seedDemoProducts(container.demoProducts, client.companyId, container.storage);
    const before = await client.post('/api/aiRocketReg/getlist', { view: 'full' });
    const ids = (before.body.products as Product[]).map((p) => p._id);
    expect(ids.length).toBeGreaterThanOrEqual(6);

    const started = await client.post('/api/workflow/runs', { productIds: ids });
    expect(started.status).toBe(200);
    const run = await waitForRun(client, started.body.runId, 600_000);
    expect(run.status).toBe('completed');

    const after = await client.post('/api/aiRocketReg/getlist', { view: 'full' });
    const products = after.body.products as Product[];
    expect(products.length).toBeGreaterThan(ids.length); // the colliding demo products split
    for (const p of products) {
      const where = `${p.registrationId}`;
      const validation = await client.post('/api/aiRocketReg/validate', { productId: p._id });
      expect(validation.status, where).toBe(200);
      expect(validation.body.valid, `${where} ${JSON.stringify(validation.body.documents)}`).toBe(true);
      expect(p.completeness, where).toBe(100);
      expect(containsCjk(JSON.stringify(p.coupangDoc)), where).toBe(false);
      // the SEO name is every document's name, with no option text
      const seoName = p.seo?.productName ?? '';
      expect(seoName, where).not.toBe('');
      expect(p.coupangDoc.productName, where).toBe(seoName);
      for (const d of p.coupangDoc.jsonDocument) expect(d.startPage?.productName, where).toBe(seoName);
      // the quotation summary holds every W §3 field
      expect(p.quotation, where).toMatchObject({
        productName: seoName,
        brand: '데모상점',
        manufacturer: '데모상점 협력공장',
        taxationType: '과세',
        businessType: '기타 도소매업자',
        importType: '수입대상아님',
        barcode: '바코드 없음(쿠팡 바코드 생성 요청)',
        totalSkusInBox: 24,
      });
      for (const key of [
        'purchasePrice',
        'salePrice',
        'msrp',
        'categoryPath',
        'displayCategoryCode',
        'validUntil',
      ])
        expect(p.quotation?.[key], `${where} ${key}`).toBeDefined();
    }

    // Issue 37: what the create needs beyond the documents: the seller's Coupang details, and the
    // documents a category requires (the demo spatulas' 80388 requires one).
    await client.post('/api/export/settings', {
      seller: { vendorId: 'A00000000', vendorUserId: 'demo-wing' },
    });
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    for (const p of products) {
      const docs = await client.get(`/api/coupang/products/${p._id}/documents`);
      for (const r of docs.body.required.filter((d: { mandatory: boolean }) => d.mandatory)) {
        const up = await client.post(`/api/coupang/products/${p._id}/documents`, {
          templateName: r.templateName,
          fileName: 'declaration.png',
          dataBase64: png,
        });
        expect(up.status).toBe(200);
      }
    }

    // Issue 42: a size chart made from the category default (not read from the images) needs the
    // seller's look before it is exported; the seller confirms each (the size chart tab's button).
    const defaults = products.filter(
      (p) => p.sizeChart?.fromCategoryDefault === true && p.sizeChart.confirmed !== true,
    );
    for (const p of defaults) {
      const confirmed = await client.post('/api/aiRocketReg/updatePartial', {
        productId: p._id,
        updateFields: { 'sizeChart.confirmed': true },
      });
      expect(confirmed.status, p.registrationId).toBe(200);
    }

    const all = products.map((p) => p._id);
    for (const url of ['/api/export/supplier-hub', '/api/export/rocket-growth']) {
      const r = await client.post(url, { productIds: all });
      const errors = (r.body?.preflight ?? []).flatMap((p: { registrationId: string; findings: unknown[] }) =>
        (p.findings as { severity: string; rule: string; message: { ko: string } }[])
          .filter((f) => f.severity === 'error')
          .map((f) => `${p.registrationId} ${f.rule} ${f.message.ko}`),
      );
      expect(errors, url).toEqual([]);
      expect(r.status, url).toBe(200);
    }
  }, 900_000);
});
