import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../../src/products/product-messages.ts';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, type Client, signUp } from './helpers.ts';

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

async function saveOne(c: Client, doc: Record<string, unknown>) {
  const r = await c.post('/api/rocketReg/saveItems', [doc]);
  expect(r.status).toBe(200);
  return r.body.savedItems[0] as { _id: string; registrationId: string } & Record<string, unknown>;
}

async function rawDoc(id: string) {
  const row = await db
    .selectFrom('products')
    .select(['doc', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('saveItems / getlist', () => {
  it('saves products with registrationIds and lists them with filters, paging and sort', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [
      {
        productName: '女士纯棉T恤',
        productNameTrans: '여성 면 티셔츠',
        seoStatus: 'completed',
        options: [{ sourceKey: '白色>M' }],
      },
      { productName: '儿童拼图', seoStatus: 'error', options: [] },
      { productName: '厨房锅铲', options: [] },
    ]);
    expect(saved.body).toMatchObject({ res: 'success', message: '상품 3개를 저장했습니다.' });
    expect(saved.body.savedItems.map((p: { registrationId: string }) => p.registrationId)).toEqual([
      expect.stringMatching(/-000001$/),
      expect.stringMatching(/-000002$/),
      expect.stringMatching(/-000003$/),
    ]);
    const all = await a.post('/api/aiRocketReg/getlist', {});
    expect(all.body.total).toBe(3);
    const text = await a.post('/api/aiRocketReg/getlist', { text: '티셔츠' });
    expect(text.body.products.map((p: { productName: string }) => p.productName)).toEqual(['女士纯棉T恤']);
    const byStatus = await a.post('/api/aiRocketReg/getlist', { statuses: { seoStatus: 'error' } });
    expect(byStatus.body.products.map((p: { productName: string }) => p.productName)).toEqual(['儿童拼图']);
    const pending = await a.post('/api/aiRocketReg/getlist', { statuses: { seoStatus: 'pending' } });
    expect(pending.body.products.map((p: { productName: string }) => p.productName)).toEqual(['厨房锅铲']);
    const paged = await a.post('/api/aiRocketReg/getlist', {
      page: 2,
      pageSize: 2,
      sort: 'registrationId',
      order: 'asc',
    });
    expect(paged.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.products[0].registrationId).toMatch(/-000003$/);
    const summary = await a.post('/api/aiRocketReg/getlist', { view: 'summary', text: '티셔츠' });
    expect(summary.body.products[0]).toMatchObject({
      korName: '여성 면 티셔츠',
      optionCount: 1,
      statuses: { seoStatus: 'completed' },
    });
    const future = await a.post('/api/aiRocketReg/getlist', { dateFrom: '2999-01-01' });
    expect(future.body.total).toBe(0);
    const bad = await a.post('/api/aiRocketReg/getlist', { page: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', message: '요청 형식이 올바르지 않습니다.' });
  });

  it('a split group {base}_{n} keeps its own registrationId and the same name replaces instead of duplicating', async () => {
    const a = await signUp(app, db);
    const base = await saveOne(a, { productName: '原品', options: [] });
    const split = await saveOne(a, {
      registrationId: `${base.registrationId}_2`,
      productName: '分组2',
      options: [],
    });
    expect(split.registrationId).toBe(`${base.registrationId}_2`);
    const again = await saveOne(a, {
      registrationId: `${base.registrationId}_2`,
      productName: '分组2 수정',
      options: [],
      updatedAt: split.updatedAt, // the version read: a replacement of a changed product is refused
    });
    expect(again._id).toBe(split._id);
    expect((await a.post('/api/aiRocketReg/getlist', {})).body.total).toBe(2);
  });
});

describe('updatePartial', () => {
  it('answers 요청결과 success and writes nested paths, creating missing objects and array slots up to length + 1', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '测试', options: [{ sourceKey: 'a' }] });
    const r = await a.post('/api/aiRocketReg/updatePartial', {
      productId: p._id,
      updateFields: {
        'options.0.korName': '빨강',
        'coupangDoc.jsonDocument.1.productPage.brand': '브랜드',
        'seo.keywords': ['컵'],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ 요청결과: 'success' });
    const { doc } = await rawDoc(p._id);
    expect(doc.options).toEqual([{ sourceKey: 'a', korName: '빨강' }]);
    expect(doc.coupangDoc).toEqual({ jsonDocument: [null, { productPage: { brand: '브랜드' } }] });
    expect(doc.seo).toEqual({ keywords: ['컵'] });
  });

  it('refuses task statuses from a client (the runner owns them): 400, nothing written (issue 40)', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '测试', options: [{ sourceKey: 'a' }] });
    const before = await rawDoc(p._id);
    for (const updateFields of [
      { seoStatus: 'completed' },
      { 'options.0.mainImageStatus': { status: 'completed' } },
      { detailImageStatusObj: { status: 'completed' } },
      { 'seo.keywords': ['컵'], registerStatus: 'completed' },
    ]) {
      const r = await a.post('/api/aiRocketReg/updatePartial', { productId: p._id, updateFields });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_update_path');
    }
    expect((await rawDoc(p._id)).doc).toEqual(before.doc);
  });

  it('refuses a missing id or fields with the spec message, and bad paths with 400, changing nothing', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '测试', options: [] });
    const before = await rawDoc(p._id);
    const noId = await a.post('/api/aiRocketReg/updatePartial', { updateFields: { seoStatus: 'completed' } });
    expect(noId.status).toBe(400);
    expect(noId.body).toMatchObject({
      code: 'invalid_partial_update',
      error: '상품 ID와 변경할 항목이 하나 이상 필요합니다.',
    });
    const noFields = await a.post('/api/aiRocketReg/updatePartial', { productId: p._id, updateFields: {} });
    expect(noFields.body.error).toBe('상품 ID와 변경할 항목이 하나 이상 필요합니다.');
    for (const path of [
      '__proto__.polluted',
      'options.__proto__.x',
      'options.constructor',
      'coupangDoc.prototype.x',
      'options..x',
      'unknownField',
      '_id',
      'registrationId',
      'source.offerId',
      'options.-1.x',
      'options.99999999.x',
      'seo.name-with-dash',
    ]) {
      const r = await a.post('/api/aiRocketReg/updatePartial', {
        productId: p._id,
        updateFields: { seoStatus: 'completed', [path]: 1 },
      });
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe('invalid_update_path');
      expect(r.body.error, path).toMatch(/^변경할 수 없는 항목입니다: /);
    }
    const wrongType = await a.post('/api/aiRocketReg/updatePartial', { productId: 5, updateFields: 'x' });
    expect(wrongType.status).toBe(400);
    const after = await rawDoc(p._id);
    expect(after.doc).toEqual(before.doc);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("the Coupang registration is the server's: refused in updatePartial, ignored in saveItems and update", async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '登录', options: [] });
    const registration = {
      status: 'denied',
      sellerProductId: '1500000001',
      statusName: '승인반려',
      reasons: [{ text: '대표 이미지에 워터마크가 있습니다.', field: 'image' }],
      requestedAt: '2026-11-01T00:00:00.000Z',
      checkedAt: '2026-11-02T00:00:00.000Z',
      attempts: [],
    };
    const { doc: initial } = await rawDoc(p._id);
    await db
      .updateTable('products')
      .set({ doc: JSON.stringify({ ...initial, coupangRegistration: registration }) })
      .where('id', '=', p._id)
      .execute();
    const before = await rawDoc(p._id);
    for (const path of ['coupangRegistration', 'coupangRegistration.status']) {
      const r = await a.post('/api/aiRocketReg/updatePartial', {
        productId: p._id,
        updateFields: { productNameTrans: '바뀜', [path]: path.endsWith('status') ? 'approved' : null },
      });
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe('invalid_update_path');
      expect(r.body.error, path).toBe(`변경할 수 없는 항목입니다: ${path}`);
    }
    expect((await rawDoc(p._id)).doc).toEqual(before.doc);
    // whole documents: a forged registration is dropped and the stored one kept, also when omitted
    const forged = { ...registration, status: 'approved', statusName: '승인완료', reasons: [] };
    const saved = await a.post('/api/rocketReg/saveItems', [
      { _id: p._id, productName: '登录', coupangRegistration: forged, options: [], updatedAt: p.updatedAt },
    ]);
    expect(saved.status).toBe(200);
    expect((await rawDoc(p._id)).doc.coupangRegistration).toEqual(registration);
    const replaced = await a.post('/api/aiRocketReg/update', {
      _id: p._id,
      productName: '新',
      options: [],
      updatedAt: saved.body.savedItems[0].updatedAt,
    });
    expect(replaced.status).toBe(200);
    expect((await rawDoc(p._id)).doc).toMatchObject({ productName: '新', coupangRegistration: registration });
    const fresh = await a.post('/api/rocketReg/saveItems', [
      { productName: '新品', coupangRegistration: forged, options: [] },
    ]);
    expect((await rawDoc(fresh.body.savedItems[0]._id)).doc.coupangRegistration).toBeUndefined();
  });

  it('keeps all 100 concurrent updates to different paths of one product', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '并发', options: [] });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        a.post('/api/aiRocketReg/updatePartial', {
          productId: p._id,
          updateFields: {
            // (array slots further than length + 1 are refused, so concurrent writers use keys)
            [`defaultSettings.byWorker.w${i}`]: { status: 'completed', n: i },
            [`seo.featureByWorker.f${i}`]: `f${i}`,
          },
        }),
      ),
    ).then((rs) => {
      for (const r of rs) expect(r.body).toMatchObject({ 요청결과: 'success' });
    });
    const { doc } = await rawDoc(p._id);
    const byWorker = (doc.defaultSettings as { byWorker: Record<string, { n: number }> }).byWorker;
    expect(Object.keys(byWorker)).toHaveLength(100);
    for (let i = 0; i < 100; i++) expect(byWorker[`w${i}`]!.n).toBe(i);
    const features = (doc.seo as { featureByWorker: Record<string, string> }).featureByWorker;
    for (let i = 0; i < 100; i++) expect(features[`f${i}`]).toBe(`f${i}`);
  });

  it('refuses a huge body with 413 and changes nothing', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '大', options: [] });
    const r = await a.post('/api/aiRocketReg/updatePartial', {
      productId: p._id,
      updateFields: { description: 'x'.repeat(3_000_000) },
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('body_too_large');
    expect((await rawDoc(p._id)).doc.description).toBeUndefined();
  });
});

describe('update / updateFeature / deleteItem / getProductInfo', () => {
  it('update needs an _id (invalid product information) and replaces the document, keeping server fields', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '原', options: [] });
    const noId = await a.post('/api/aiRocketReg/update', { productName: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.error).toBe('상품 정보가 올바르지 않습니다.');
    const r = await a.post('/api/aiRocketReg/update', {
      ...p,
      productName: '新',
      registrationId: 'HACK',
      createdAt: '2000-01-01',
    });
    expect(r.status).toBe(200);
    expect(r.body.product).toMatchObject({ _id: p._id, productName: '新', registrationId: p.registrationId });
    const wrapped = await a.post('/api/aiRocketReg/update', {
      product: { _id: p._id, productName: '再', updatedAt: r.body.product.updatedAt },
    });
    expect(wrapped.body.product.productName).toBe('再');
  });

  it('updateFeature writes the feature by registrationId; without it answers the spec message', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, { productName: '功能', options: [] });
    const missing = await a.post('/api/rocketReg/updateFeature', { feature: 'seo', product: { seo: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('올바른 정보가 없습니다. registrationId와 기능 데이터를 확인해주세요.');
    const noData = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      product: { registrationId: p.registrationId },
    });
    expect(noData.body.error).toBe('올바른 정보가 없습니다. registrationId와 기능 데이터를 확인해주세요.');
    // A status that is no task status is refused, and nothing is written (issue 40: the status goes
    // through the store's status method, which takes the task statuses only).
    const badStatus = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: p.updatedAt,
      product: { registrationId: p.registrationId, seo: { productName: '안 저장됨' }, seoStatus: 'done' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.code).toBe('invalid_task_status');
    expect((await rawDoc(p._id)).doc.seo).toBeUndefined();
    const r = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: p.updatedAt,
      product: {
        registrationId: p.registrationId,
        seo: { productName: '여성 티셔츠', keywords: ['티셔츠'] },
        seoStatus: 'completed',
        productName: 'ignored',
      },
    });
    expect(r.body).toMatchObject({ res: 'success', alert: 'SEO 정보를 저장했습니다.' });
    expect(r.body.updatedProduct).toMatchObject({
      seo: { productName: '여성 티셔츠' },
      seoStatus: 'completed',
      productName: '功能',
    });
  });

  it('updateFeature from a stale read answers 409 and leaves the options (image task statuses) as they are', async () => {
    const a = await signUp(app, db);
    const p = await saveOne(a, {
      productName: '옵션',
      options: [
        { korName: '빨강', mainImageStatus: 'pending' },
        { korName: '파랑', mainImageStatus: 'pending' },
      ],
    });
    // A task writes image statuses after the client read the product (the runner's write, not a client's).
    await sql`update products set doc = jsonb_set(jsonb_set(doc, '{options,0,mainImageStatus}', '"completed"'),
      '{options,1,mainImageStatus}', '"error"'), updated_at = now() where id = ${p._id}`.execute(db);
    const before = await rawDoc(p._id);
    const stale = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: p.updatedAt,
      product: {
        registrationId: p.registrationId,
        seo: { productName: '오래된 SEO' },
        options: [
          { korName: '빨강 새이름', mainImageStatus: 'pending' },
          { korName: '파랑', mainImageStatus: 'pending' },
        ],
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(stale.body.message).toBe(PRODUCT_MESSAGES.versionConflict.ko);
    const after = await rawDoc(p._id);
    expect(after.doc).toEqual(before.doc);
    expect(after.updated_at).toEqual(before.updated_at);

    // Without any version: the same conflict, nothing written.
    const unversioned = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      product: { registrationId: p.registrationId, seo: { productName: 'x' } },
    });
    expect(unversioned.status).toBe(409);

    // From the current version: the feature and the option names it owns, nothing else of the options.
    const fresh = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: (before.updated_at as Date).toISOString(),
      product: {
        registrationId: p.registrationId,
        seo: { productName: '새 SEO' },
        options: [
          { korName: '빨강 새이름', mainImageStatus: 'pending' },
          { korName: '파랑', mainImageStatus: 'pending', extra: 'ignored' },
        ],
      },
    });
    expect(fresh.status).toBe(200);
    const doc = (await rawDoc(p._id)).doc as { seo: unknown; options: Record<string, unknown>[] };
    expect(doc.seo).toEqual({ productName: '새 SEO' });
    expect(doc.options.map((o) => [o.korName, o.mainImageStatus, o.extra])).toEqual([
      ['빨강 새이름', 'completed', undefined],
      ['파랑', 'error', undefined],
    ]);
  });

  it('deleteItem deletes all or nothing; getProductInfo answers result[0].result.result', async () => {
    const a = await signUp(app, db);
    const p1 = await saveOne(a, { productName: '一', options: [] });
    const p2 = await saveOne(a, { productName: '二', options: [] });
    const bad = await a.post('/api/rocketReg/deleteItem', {
      ids: [p1._id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.status).toBe(404);
    expect((await a.post('/api/aiRocketReg/getlist', {})).body.total).toBe(2);
    const info = await a.post('/api/aiPage/getProductInfo', [{ productId: p1._id }]);
    expect(info.body.result[0].result).toMatchObject({
      success: true,
      result: { productId: p1._id, registrationId: p1.registrationId },
    });
    const ok = await a.post('/api/rocketReg/deleteItem', { _id: p2._id });
    expect(ok.body).toMatchObject({ res: 'success', message: '상품 1개를 삭제했습니다.', deletedCount: 1 });
    expect((await a.post('/api/aiRocketReg/getlist', {})).body.total).toBe(1);
  });
});

describe('cross-tenant', () => {
  it('another company cannot read, change or delete the products (404, nothing changed)', async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    const p = await saveOne(a, { productName: '秘密', options: [{ sourceKey: 'a' }] });
    const before = await rawDoc(p._id);
    expect((await b.post('/api/aiRocketReg/getlist', {})).body.total).toBe(0);
    expect((await b.post('/api/aiRocketReg/getlist', { ids: [p._id] })).body.total).toBe(0);
    const calls: [string, unknown][] = [
      ['/api/aiRocketReg/updatePartial', { productId: p._id, updateFields: { 'seo.keywords': ['x'] } }],
      ['/api/aiRocketReg/update', { _id: p._id, productName: 'stolen' }],
      [
        '/api/rocketReg/updateFeature',
        { feature: 'seo', product: { registrationId: p.registrationId, seo: { productName: 'x' } } },
      ],
      ['/api/rocketReg/deleteItem', { _id: p._id }],
      ['/api/rocketReg/deleteItem', { registrationId: p.registrationId }],
      ['/api/rocketReg/saveItems', [{ _id: p._id, productName: 'stolen' }]],
      ['/api/rocketReg/regproduct', { productId: p._id, displayCategoryCode: 68010 }],
      ['/api/aiRocketReg/validate', { productId: p._id }],
    ];
    for (const [url, body] of calls) {
      const r = await b.post(url, body);
      expect(r.status, url).toBe(404);
      expect(r.body.error, url).toBe('상품 정보를 가져올 수 없습니다');
    }
    const info = await b.post('/api/aiPage/getProductInfo', [{ productId: p._id }]);
    expect(info.body.result[0].result).toMatchObject({ success: false, result: null });
    // b's own save of the same registrationId makes b's own product, not a.'s
    const own = await b.post('/api/rocketReg/saveItems', [
      { registrationId: p.registrationId, productName: 'b의 상품' },
    ]);
    expect(own.body.savedItems[0]._id).not.toBe(p._id);
    const after = await rawDoc(p._id);
    expect(after.doc).toEqual(before.doc);
    expect(after.updated_at).toEqual(before.updated_at);
  });

  it('every call needs a session (401 인증이 필요합니다.)', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/aiRocketReg/getlist', payload: {} });
    expect(r.statusCode).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({
      code: 'unauthorized',
      message: '인증이 필요합니다.',
      error: '인증이 필요합니다.',
    });
  });
});
