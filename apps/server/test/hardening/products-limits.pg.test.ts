import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentValidator } from '../../src/categories/validate-document.ts';
import { buildTestApp, type Client, signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

/** A pattern that backtracks exponentially: 29 letters take seconds, 40 take hours. */
const EVIL_SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    productPage: { type: 'object', properties: { brand: { type: 'string', pattern: '^(a|a)*$' } } },
  },
});
const EVIL_VALUE = `${'a'.repeat(29)}b`;

async function registered(c: Client) {
  const saved = await c.post('/api/rocketReg/saveItems', [
    { productName: '男女运动鞋', options: [{ sourceKey: '白色>40' }, { sourceKey: '黑色>41' }] },
  ]);
  const p = saved.body.savedItems[0];
  const r = await c.post('/api/rocketReg/regproduct', { productId: p._id, displayCategoryCode: 68010 });
  expect(r.status).toBe(200);
  return r.body.product;
}

async function stored(id: string) {
  return db
    .selectFrom('products')
    .select(['doc', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('no schema from the client', () => {
  it('keeps rocketRegInfo the server wrote when a client sends another one (update, saveItems, updatePartial)', async () => {
    const a = await signUp(app, db);
    const product = await registered(a);
    const schemaBefore = (await stored(product._id)).doc.rocketRegInfo;
    const evilInfo = { ...product.rocketRegInfo, schemaString: EVIL_SCHEMA };

    const doc = structuredClone(product);
    doc.rocketRegInfo = evilInfo;
    doc.coupangDoc.jsonDocument[0].productPage.brand = EVIL_VALUE;
    const updated = await a.post('/api/aiRocketReg/update', doc);
    expect(updated.status).toBe(200);
    expect((await stored(product._id)).doc.rocketRegInfo).toEqual(schemaBefore);

    const current = await a.post('/api/aiRocketReg/getlist', { ids: [product._id] });
    const again = { ...current.body.products[0], rocketRegInfo: evilInfo };
    const saved = await a.post('/api/rocketReg/saveItems', [again]);
    expect(saved.status).toBe(200);
    expect((await stored(product._id)).doc.rocketRegInfo).toEqual(schemaBefore);

    const partial = await a.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'rocketRegInfo.schemaString': EVIL_SCHEMA },
    });
    expect(partial.status).toBe(400);
    expect((await stored(product._id)).doc.rocketRegInfo).toEqual(schemaBefore);
  });

  it("validates against the stored category schema of the document's displayCategoryCode, never the product's copy", async () => {
    const a = await signUp(app, db);
    const product = await registered(a);
    // A copy tampered with before this fix (or by hand): validation must not even read it.
    await sql`update products set doc = jsonb_set(jsonb_set(doc, '{rocketRegInfo,schemaString}', to_jsonb(${EVIL_SCHEMA}::text)),
      '{coupangDoc,jsonDocument,0,productPage,brand}', to_jsonb(${EVIL_VALUE}::text)) where id = ${product._id}`.execute(
      db,
    );
    // (Validation runs in the work pool, whose thread takes a few seconds to start on a busy machine:
    // no time is asserted; the evil pattern would have answered 413 work_too_long, not 200.)
    const r = await a.post('/api/aiRocketReg/validate', { productId: product._id });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    // The category's own rules answer (the evil schema has no required fields).
    expect(r.body.documents[0].errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/필수/);
  });

  it('a new product cannot bring its own rocketRegInfo; a split group inherits its base product', async () => {
    const a = await signUp(app, db);
    const base = await registered(a);
    const made = await a.post('/api/rocketReg/saveItems', [
      {
        productName: 'x',
        options: [],
        rocketRegInfo: { displayCategoryCode: 68010, schemaString: EVIL_SCHEMA },
      },
      {
        registrationId: `${base.registrationId}_2`,
        productName: '분할',
        options: [],
        rocketRegInfo: { schemaString: EVIL_SCHEMA },
      },
    ]);
    expect(made.status).toBe(200);
    const [plain, split] = made.body.savedItems;
    expect((await stored(plain._id)).doc.rocketRegInfo).toBeUndefined();
    expect((await stored(split._id)).doc.rocketRegInfo).toEqual((await stored(base._id)).doc.rocketRegInfo);
  });
});

describe('compiled schemas', () => {
  it("keeps Ajv's cache bounded however many schemas pass through", () => {
    const validator = createDocumentValidator();
    for (let i = 0; i < 150; i++) {
      const schema = JSON.stringify({
        type: 'object',
        properties: { [`f${i}`]: { type: 'string' } },
        required: [`f${i}`],
      });
      expect(validator.validate(schema, {}).valid).toBe(false);
    }
    const counts = validator.compiledCounts();
    expect(counts.validators).toBeLessThanOrEqual(64);
    expect(counts.ajv).toBeLessThanOrEqual(64 + 1); // + Ajv's own meta-schema
  });
});

describe('getlist schema texts', () => {
  it('names each schema by a SHA-256 of exactly the text it splices, and answers each company its own', async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    const pa = await registered(a);
    const pb = await registered(b);
    const rows = await sql<{ digest: string; text: string }>`
      select schema_digest as digest, '"schemaString":' || (doc #> '{rocketRegInfo,schemaString}')::text
        || ',"schemaInfo":' || (doc #> '{rocketRegInfo,schemaInfo}')::text as text
      from products where id = any(${[pa._id, pb._id]}::uuid[])`.execute(db);
    for (const r of rows.rows) expect(r.digest).toBe(createHash('sha256').update(r.text).digest('hex'));
    for (const [c, p] of [
      [a, pa],
      [b, pb],
    ] as const) {
      const list = await c.post('/api/aiRocketReg/getlist', { ids: [p._id] });
      expect(list.body.products[0].rocketRegInfo).toEqual((await stored(p._id)).doc.rocketRegInfo);
    }
  });
});

describe('bounded writes', () => {
  it('refuses an array index past the end instead of padding, at once', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [
      { productName: 'p', options: [{ sourceKey: 'a' }] },
    ]);
    const id = saved.body.savedItems[0]._id;
    const before = await stored(id);
    const far = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { 'options.3.korName': '멀리' },
    });
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('array_index_out_of_range');
    expect((await stored(id)).doc).toEqual(before.doc);
    // Up to length + 1 still works (the gap is one null).
    const next = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { 'options.2.korName': '셋째' },
    });
    expect(next.status).toBe(200);
    expect((await stored(id)).doc.options).toEqual([{ sourceKey: 'a' }, null, { korName: '셋째' }]);

    // The worst case the old limits allowed (500 fields, depth 32, index 5000) answers in well under 2 s.
    const fields: Record<string, string> = {};
    for (let i = 0; i < 500; i++)
      fields[`attributes.k${i}.${Array.from({ length: 30 }, () => '5000').join('.')}`] = 'x';
    const started = Date.now();
    const worst = await a.post('/api/aiRocketReg/updatePartial', { productId: id, updateFields: fields });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(worst.status).toBe(400);
  });

  it('sets statement and idle-in-transaction timeouts on every pooled connection', async () => {
    const r = await sql<{ s: string; i: string }>`select current_setting('statement_timeout') as s,
      current_setting('idle_in_transaction_session_timeout') as i`.execute(db);
    expect(r.rows[0]).toEqual({ s: '30s', i: '1min' });
  });

  it('caps full getlist pages at 100 documents (summaries may be longer)', async () => {
    const a = await signUp(app, db);
    const full = await a.post('/api/aiRocketReg/getlist', { pageSize: 101 });
    expect(full.status).toBe(400);
    expect((await a.post('/api/aiRocketReg/getlist', { pageSize: 100 })).status).toBe(200);
    expect((await a.post('/api/aiRocketReg/getlist', { pageSize: 10_000, view: 'summary' })).status).toBe(
      200,
    );
  });

  it('refuses a product document over 10 MB with 413 and stores nothing', async () => {
    const a = await signUp(app, db);
    const big = 'ㄱ'.repeat(1_800_000); // 5.4 MB of UTF-8 per field
    const r = await a.post('/api/rocketReg/saveItems', [
      { productName: 'big', options: [], description: big, detailHtml: big },
    ]);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('document_too_large');
    const count = await db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', a.companyId)
      .execute();
    expect(count).toHaveLength(0);
  });
});

describe('lost edits', () => {
  it('answers 409 to a whole-document update made from a stale read, and changes nothing', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [{ productName: '원본', options: [] }]);
    const read = saved.body.savedItems[0];
    // A task (or another tab) writes in between.
    const task = await a.post('/api/aiRocketReg/updatePartial', {
      productId: read._id,
      updateFields: { 'seo.keywords': ['다른 탭'] },
    });
    expect(task.status).toBe(200);
    const stale = await a.post('/api/aiRocketReg/update', { ...read, productName: '탭에서 고침' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(stale.body.message).toMatch(/다른 곳에서 먼저 변경/);
    const now = (await stored(read._id)).doc;
    expect(now).toMatchObject({ productName: '원본', seo: { keywords: ['다른 탭'] } });

    const fresh = (await a.post('/api/aiRocketReg/getlist', { ids: [read._id] })).body.products[0];
    const ok = await a.post('/api/aiRocketReg/update', { ...fresh, productName: '탭에서 고침' });
    expect(ok.status).toBe(200);
    expect((await stored(read._id)).doc).toMatchObject({
      productName: '탭에서 고침',
      seo: { keywords: ['다른 탭'] },
    });
  });

  it('answers 409 to saveItems replacing a product changed since it was read', async () => {
    const a = await signUp(app, db);
    const read = (await a.post('/api/rocketReg/saveItems', [{ productName: '원본', options: [] }])).body
      .savedItems[0];
    await a.post('/api/aiRocketReg/updatePartial', {
      productId: read._id,
      updateFields: { 'seo.keywords': ['다른 탭'] },
    });
    const stale = await a.post('/api/rocketReg/saveItems', [{ ...read, productName: '덮어씀' }]);
    expect(stale.status).toBe(409);
    expect((await stored(read._id)).doc).toMatchObject({
      productName: '원본',
      seo: { keywords: ['다른 탭'] },
    });
    const noVersion = await a.post('/api/rocketReg/saveItems', [
      { registrationId: read.registrationId, productName: '버전 없음', options: [] },
    ]);
    expect(noVersion.status).toBe(409);
  });

  it('answers 409 to regproduct when the client read an older version', async () => {
    const a = await signUp(app, db);
    const read = (
      await a.post('/api/rocketReg/saveItems', [{ productName: '신발', options: [{ sourceKey: 'a' }] }])
    ).body.savedItems[0];
    await a.post('/api/aiRocketReg/updatePartial', {
      productId: read._id,
      updateFields: { 'seo.keywords': ['다른 탭'] },
    });
    const r = await a.post('/api/rocketReg/regproduct', {
      productId: read._id,
      displayCategoryCode: 68010,
      version: read.updatedAt,
    });
    expect(r.status).toBe(409);
    expect((await stored(read._id)).doc.rocketRegInfo).toBeUndefined();
  });
});
