import type { ProductFields } from '@rr/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProductRepository } from '../../src/products/product-data-repository.ts';
import { applyPartialUpdate } from '../../src/products/product-writes.ts';
import { writeTaskFields } from '../../src/workflow/write-task-fields.ts';
import { createTaskEnv, signUp } from './task-env.ts';

const env = await createTaskEnv();
const { app, db } = env;

async function rawDoc(id: string) {
  const row = await db.selectFrom('products').select(['doc']).where('id', '=', id).executeTakeFirstOrThrow();
  // biome-ignore lint/suspicious/noExplicitAny: the stored document is read loosely, as a client would.
  return row.doc as Record<string, any>;
}

/** Waits until some statement of this database waits for a row lock. */
async function waitForLockWait() {
  for (let i = 0; i < 200; i++) {
    const r = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (r.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement waited for the lock');
}

async function newProduct(doc: Record<string, unknown>, provider: 'gemini' | 'offline' = 'gemini') {
  const client = await signUp(app, db);
  // A model's answers are the AI's; the offline demo provider's are marked `offline` (issue 20).
  if (provider === 'gemini') {
    const saved = await client.post('/api/savesetting', {
      settings: [{ aiProvider: 'gemini', geminiAPIKey: 'AIza-test-key-0123456789' }],
    });
    expect(saved.status).toBe(200);
  }
  const r = await client.post('/api/rocketReg/saveItems', [doc]);
  expect(r.status).toBe(200);
  const product = r.body.savedItems[0] as { _id: string; registrationId: string } & Record<string, unknown>;
  return { client, product, ctx: env.context(client, product._id) };
}

describe('writeTaskFields', () => {
  it('marks what the offline demo provider wrote as offline, not as a model’s (issue 20)', async () => {
    const { product, ctx } = await newProduct({ productName: '纯棉T恤', options: [] }, 'offline');
    await writeTaskFields(ctx, { 'seo.productName': '순면 티셔츠' });
    await writeTaskFields(ctx, { 'pricing.info': { exchangeRate: 200 } }, { source: 'source' });
    expect((await rawDoc(product._id)).fieldSources).toEqual({
      'seo.productName': 'offline',
      'pricing.info': 'source',
    });
  });

  it('writes dotted paths and records each value as the AI’s (or the source’s)', async () => {
    const { product, ctx } = await newProduct({
      productName: '纯棉T恤',
      options: [{ optionNumber: 'A001' }, { optionNumber: 'A002' }],
    });
    const r = await writeTaskFields(ctx, { 'seo.productName': '순면 티셔츠', 'options.1.korName': '파랑' });
    expect(r).toEqual({ written: ['seo.productName', 'options.1.korName'], skipped: [] });
    await writeTaskFields(ctx, { 'pricing.info': { exchangeRate: 200 } }, { source: 'source' });
    const doc = await rawDoc(product._id);
    expect(doc.seo.productName).toBe('순면 티셔츠');
    expect(doc.options[1]).toEqual({ optionNumber: 'A002', korName: '파랑' });
    expect(doc.fieldSources).toEqual({
      'seo.productName': 'ai',
      'options.1.korName': 'ai',
      'pricing.info': 'source',
    });
  });

  it('never overwrites what the seller edited through updatePartial, and says so; re-running is safe', async () => {
    const { client, product, ctx } = await newProduct({
      productName: '纯棉T恤',
      options: [{ optionNumber: 'A001' }],
    });
    await writeTaskFields(ctx, { 'seo.productName': 'AI 이름', 'seo.keywords': ['a'] });
    const edit = await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'seo.productName': '셀러 이름' },
    });
    expect(edit.status).toBe(200);
    expect((await rawDoc(product._id)).fieldSources).toEqual({
      'seo.productName': 'seller',
      'seo.keywords': 'ai',
    });
    for (let run = 0; run < 2; run++) {
      const r = await writeTaskFields(ctx, { 'seo.productName': 'AI 새 이름', 'seo.keywords': ['b'] });
      expect(r).toEqual({ written: ['seo.keywords'], skipped: ['seo.productName'] });
    }
    // A whole block written by a task keeps the seller's part inside it.
    const whole = await writeTaskFields(ctx, {
      seo: { productName: 'AI', keywords: ['c'], features: ['f'] },
    });
    expect(whole).toEqual({ written: ['seo'], skipped: ['seo.productName'] });
    const doc = await rawDoc(product._id);
    expect(doc.seo).toEqual({ productName: '셀러 이름', keywords: ['c'], features: ['f'] });
    expect(doc.fieldSources).toEqual({ 'seo.productName': 'seller', seo: 'ai' });
  });

  it('an unchanged value saved by the seller is no edit; a status is never one', async () => {
    const { client, product, ctx } = await newProduct({ productName: 'x', options: [] });
    await writeTaskFields(ctx, { 'seo.productName': 'AI 이름' });
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'seo.productName': 'AI 이름' },
    });
    // A status is not the seller's to write at all (issue 40): refused, nothing marked.
    const status = await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { pricingStatus: 'pending' },
    });
    expect(status.status).toBe(400);
    expect((await rawDoc(product._id)).fieldSources).toEqual({ 'seo.productName': 'ai' });
  });

  it('an empty value the seller left is filled by the next run', async () => {
    const { client, product, ctx } = await newProduct({ productName: 'x', options: [] });
    await writeTaskFields(ctx, { 'seo.features': ['통기성'] });
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'seo.features': [] },
    });
    expect((await rawDoc(product._id)).fieldSources).toEqual({ 'seo.features': 'seller' });
    const r = await writeTaskFields(ctx, { 'seo.features': ['흡습성'] });
    expect(r.written).toEqual(['seo.features']);
  });

  it('whole-document update, updateFeature and saveItems mark the values they change as the seller’s', async () => {
    const { client, product, ctx } = await newProduct({
      productName: '原',
      options: [{ optionNumber: 'A001', korName: '빨강' }],
    });
    await writeTaskFields(ctx, {
      'seo.productName': 'AI 이름',
      'seo.keywords': ['k'],
      'options.0.korName': 'AI 빨강',
    });
    const current = (await client.post('/api/aiRocketReg/getlist', {})).body.products[0];
    const updated = await client.post('/api/aiRocketReg/update', {
      ...current,
      seo: { ...current.seo, keywords: ['셀러 키워드'] },
      seoStatus: 'completed',
    });
    expect(updated.status).toBe(200);
    // The client cannot write fieldSources itself.
    const resent = await client.post('/api/aiRocketReg/update', {
      ...updated.body.product,
      fieldSources: {},
    });
    expect((await rawDoc(product._id)).fieldSources).toEqual({
      'seo.productName': 'ai',
      'seo.keywords': 'ai',
      'seo.keywords.0': 'seller',
      'options.0.korName': 'ai',
    });
    const feature = await client.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: resent.body.product.updatedAt,
      product: {
        registrationId: product.registrationId,
        seo: { productName: '셀러 이름', keywords: ['셀러 키워드'] },
      },
    });
    expect(feature.status).toBe(200);
    const saved = await client.post('/api/rocketReg/saveItems', [
      { ...feature.body.updatedProduct, options: [{ optionNumber: 'A001', korName: '셀러 빨강' }] },
    ]);
    expect(saved.status).toBe(200);
    const doc = await rawDoc(product._id);
    expect(doc.fieldSources).toEqual({
      'seo.productName': 'seller',
      'seo.keywords': 'ai',
      'seo.keywords.0': 'seller',
      'options.0.korName': 'seller',
    });
    const r = await writeTaskFields(ctx, {
      'seo.productName': 'AI',
      'seo.keywords': ['AI'],
      'options.0.korName': 'AI',
      'seo.metaDescription': '설명',
    });
    expect(r).toEqual({
      written: ['seo.keywords', 'seo.metaDescription'],
      skipped: ['seo.productName', 'seo.keywords.0', 'options.0.korName'],
    });
    expect((await rawDoc(product._id)).seo.keywords).toEqual(['셀러 키워드']);
  });

  it('a seller edit landing between the read and the write is kept (xmin check)', async () => {
    const { product, ctx } = await newProduct({ productName: 'x', options: [] });
    await writeTaskFields(ctx, { 'seo.productName': 'AI 1' });
    let pending: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      // The seller's edit holds the row (uncommitted) while the task reads the older version …
      await applyPartialUpdate(
        createProductRepository(trx),
        ctx.companyId,
        product._id,
        [{ segments: ['seo', 'productName'], value: '셀러' }],
        {
          sellerPaths: ['seo.productName'],
        },
      );
      pending = writeTaskFields(ctx, { 'seo.productName': 'AI 2', 'seo.keywords': ['k'] });
      await waitForLockWait();
    });
    // … and its planned write, made for that older version, is re-planned: the seller's value stays.
    expect(await pending).toEqual({ written: ['seo.keywords'], skipped: ['seo.productName'] });
    const doc = await rawDoc(product._id);
    expect(doc.seo).toEqual({ productName: '셀러', keywords: ['k'] });
    expect(doc.fieldSources).toEqual({ 'seo.productName': 'seller', 'seo.keywords': 'ai' });
  });

  it('writes under coupangDoc recompute the completeness rate; a missing product throws', async () => {
    const { product, ctx } = await newProduct({ productName: 'x', options: [] });
    await writeTaskFields(ctx, { 'coupangDoc.jsonDocument.0.productPage.brand': '브랜드' });
    expect((await rawDoc(product._id)).coupangDoc.jsonDocument[0].productPage.brand).toBe('브랜드');
    await expect(
      writeTaskFields(
        { ...ctx, productId: '00000000-0000-4000-8000-000000000000' },
        { 'seo.productName': 'a' },
      ),
    ).rejects.toThrow(/not found/);
    // A field the entity does not declare does not compile (productPath); one that got past the
    // type check (a cast) is still refused when written.
    const computed = { 'no such field': 1 } as ProductFields;
    await expect(writeTaskFields(ctx, computed)).rejects.toThrow(/invalid task update/);
  });
});
