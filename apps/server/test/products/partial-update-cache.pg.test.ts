import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CategorySchema, checkCompleteness, type RegistrationDocument } from '@rr/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/app.ts';
import { createTestDb } from '../support/test-db.ts';
import { type Client, signUp } from './helpers.ts';

// updatePartial inside option documents is sent as one UPDATE when this process knows the product
// at the version it wrote last (issue 25). These tests write between two updatePartials from
// elsewhere (another process's task write, this process's own store, plain SQL) and check that the
// second one is made from the stored product, never from what this process remembered.

const { db } = await createTestDb();
const config = () =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-partial-cache-')),
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: 'false',
  });
const container = createContainer(config(), db, { log: false });
const app = await buildApp(container, { logger: false, closeContainer: false });
// Another server process on the same database (a worker running a task).
const worker = createContainer(config(), db, { log: false });
afterAll(() => app.close());

type Product = {
  _id: string;
  completeness: number | null;
  options: Record<string, unknown>[];
  fieldSources?: Record<string, string>;
  coupangDoc: { jsonDocument: RegistrationDocument[] };
  rocketRegInfo: { schemaInfo: CategorySchema };
};

async function registeredShoes(c: Client): Promise<Product> {
  const saved = await c.post('/api/rocketReg/saveItems', [
    { productName: '男女运动鞋', options: [{ sourceKey: '白色>40' }, { sourceKey: '黑色>41' }] },
  ]);
  expect(saved.status).toBe(200);
  const reg = await c.post('/api/rocketReg/regproduct', {
    productId: saved.body.savedItems[0]._id,
    displayCategoryCode: 68010,
  });
  expect(reg.status).toBe(200);
  return reg.body.product as Product;
}

async function stored(c: Client, id: string): Promise<Product> {
  const r = await c.post('/api/aiRocketReg/getlist', { ids: [id] });
  expect(r.body.products).toHaveLength(1);
  return r.body.products[0] as Product;
}

/** The rate the stored option documents have (mean of checkCompleteness, in percent). */
const rateOf = (p: Product) => {
  const rates = p.coupangDoc.jsonDocument.map((d) => {
    const r = checkCompleteness(d, p.rocketRegInfo.schemaInfo);
    return r.fulfilled / r.total;
  });
  return (rates.reduce((a, b) => a + b, 0) / rates.length) * 100;
};

const update = async (c: Client, productId: string, updateFields: Record<string, unknown>) => {
  const r = await c.post('/api/aiRocketReg/updatePartial', { productId, updateFields });
  expect(r.body).toMatchObject({ 요청결과: 'success' });
};

describe('updatePartial from what this process knows', () => {
  it('a task write from another process between two updatePartials is kept, and the rate is of the stored documents', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    // Twice, so this process knows the product at the version it wrote last.
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '하나',
      'options.0.korName': '흰색',
    });
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '둘',
      'options.0.korName': '흰색',
    });

    // The worker's task fills the second document's brand (the rate moves) and renames option 0.
    const task = await worker.productStore.writeFields(
      { companyId: a.companyId, productId: p._id },
      { 'coupangDoc.jsonDocument.1.productPage.brand': '작업브랜드', 'options.0.korName': '작업이름' },
    );
    expect(task.skipped).not.toContain('coupangDoc.jsonDocument.1.productPage.brand');
    const afterTask = await stored(a, p._id);
    expect(afterTask.options[0]!.korName).toBe('흰색'); // the seller's edit is kept by the task
    expect(afterTask.coupangDoc.jsonDocument[1]!.productPage?.brand).toBe('작업브랜드');

    // The seller writes option 0's name back to what this process last wrote, and the first brand.
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '셋',
      'options.0.korName': '흰색',
    });
    const after = await stored(a, p._id);
    expect(after.coupangDoc.jsonDocument[0]!.productPage?.brand).toBe('셋');
    expect(after.coupangDoc.jsonDocument[1]!.productPage?.brand).toBe('작업브랜드');
    expect(after.completeness).toBeCloseTo(rateOf(after), 1);
  });

  it('a write by plain SQL (any other writer) between two updatePartials: the seller mark and the rate follow the stored product', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '하나',
      'options.1.korName': '검정',
    });
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '둘',
      'options.1.korName': '검정',
    });
    // Someone else changes option 1's name and its seller mark, and the second document's brand.
    await db
      .updateTable('products')
      .set((eb) => ({
        doc: eb.fn('jsonb_set', [
          eb.fn('jsonb_set', [
            eb.fn('jsonb_set', [
              eb.ref('doc'),
              eb.val('{options,1,korName}'),
              eb.val(JSON.stringify('다른이름')),
            ]),
            eb.val('{fieldSources}'),
            eb.val(JSON.stringify({ 'options.1.korName': 'ai' })),
          ]),
          eb.val('{coupangDoc,jsonDocument,1,productPage,brand}'),
          eb.val(JSON.stringify('남의브랜드')),
        ]),
      }))
      .where('id', '=', p._id)
      .execute();

    // The seller sets option 1's name to what this process remembers it to be: against the stored
    // value it is a change, so it is the seller's again.
    await update(a, p._id, {
      'coupangDoc.jsonDocument.0.productPage.brand': '셋',
      'options.1.korName': '검정',
    });
    const after = await stored(a, p._id);
    expect(after.options[1]!.korName).toBe('검정');
    expect(after.fieldSources?.['options.1.korName']).toBe('seller');
    expect(after.coupangDoc.jsonDocument[1]!.productPage?.brand).toBe('남의브랜드');
    expect(after.completeness).toBeCloseTo(rateOf(after), 1);
  });

  it("this process's own store write between two updatePartials is kept", async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    await update(a, p._id, { 'coupangDoc.jsonDocument.0.productPage.brand': '하나' });
    await update(a, p._id, { 'coupangDoc.jsonDocument.0.productPage.brand': '둘' });
    await container.productStore.write(
      { companyId: a.companyId, productId: p._id },
      { set: { 'coupangDoc.jsonDocument.1.productPage.brand': '같은프로세스' } },
    );
    await update(a, p._id, { 'coupangDoc.jsonDocument.0.productPage.brand': '셋' });
    const after = await stored(a, p._id);
    expect(after.coupangDoc.jsonDocument[1]!.productPage?.brand).toBe('같은프로세스');
    expect(after.coupangDoc.jsonDocument[0]!.productPage?.brand).toBe('셋');
    expect(after.completeness).toBeCloseTo(rateOf(after), 1);
  });

  it("never answers or writes another company's product, however well this process knows it", async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    const p = await registeredShoes(a);
    await update(a, p._id, { 'coupangDoc.jsonDocument.0.productPage.brand': '에이' });
    await update(a, p._id, { 'coupangDoc.jsonDocument.0.productPage.brand': '에이' });
    const other = await b.post('/api/aiRocketReg/updatePartial', {
      productId: p._id,
      updateFields: { 'coupangDoc.jsonDocument.0.productPage.brand': '비', 'options.0.korName': '비' },
    });
    expect(other.status).toBe(404);
    const after = await stored(a, p._id);
    expect(after.coupangDoc.jsonDocument[0]!.productPage?.brand).toBe('에이');
    expect(after.options[0]!.korName).not.toBe('비');
  });
});
