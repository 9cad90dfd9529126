import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { createDb } from '../../src/db/database.ts';
import { quotaConnectionSettings } from '../../src/products/product-quotas.ts';
import { writeTaskFields } from '../../src/workflow/write-task-fields.ts';
import { buildTestApp, type Client, signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: product count, product document bytes and import history are inside per-company quotas;
// a write over a quota is refused in Korean and writes nothing.

const { url } = await createTestDb();
const db = createDb(url, {
  settings: quotaConnectionSettings({ products: 3, productBytes: 300_000, importHistory: 4 }),
});
afterAll(() => db.destroy());
const { app } = await buildTestApp(db);
afterAll(() => app.close());

const count = async (c: Client) =>
  Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', c.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const item = (name: string, extra: object = {}) => ({
  productName: name,
  options: [{ sourceKey: name }],
  ...extra,
});
/** Text that does not compress: its bytes count as they are, stored or not. */
const noise = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64')
    .slice(0, bytes);

describe('product count per company', () => {
  it('refuses a save that would pass the count (429, Korean), saving none of its products', async () => {
    const a = await signUp(app, db);
    expect((await a.post('/api/rocketReg/saveItems', [item('가'), item('나')])).status).toBe(200);
    const over = await a.post('/api/rocketReg/saveItems', [item('다'), item('라')]);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'product_quota_exceeded',
      message: expect.stringContaining('회사당 상품 수 한도(3개)를 넘어 저장하지 않았습니다'),
    });
    expect(await count(a)).toBe(2);
    expect((await a.post('/api/rocketReg/saveItems', [item('다')])).status).toBe(200);
    expect(await count(a)).toBe(3);
    // Another company has its own quota.
    const b = await signUp(app, db);
    expect((await b.post('/api/rocketReg/saveItems', [item('1'), item('2'), item('3')])).status).toBe(200);
  });

  it('a 1688 import over the quota is refused for that offer and says so; nothing of it is written', async () => {
    const a = await signUp(app, db);
    await a.post('/api/rocketReg/saveItems', [item('1'), item('2'), item('3')]);
    const text = readFileSync('/work/shared/reference/1688_offer_943009939489_window_context.json', 'utf8');
    const r = await a.post('/api/import1688', { inputs: [{ text, name: 'pc.json' }] });
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(1);
    expect(r.body.results[0]).toMatchObject({
      outcome: 'refused',
      productId: null,
      message: expect.stringContaining('상품 수 한도(3개)'),
    });
    expect(await count(a)).toBe(3);
  });
});

describe('product document bytes per company', () => {
  it('refuses a save or an update that would pass the bytes (413, Korean), changing nothing', async () => {
    const a = await signUp(app, db);
    const first = await a.post('/api/rocketReg/saveItems', [item('큰 상품', { memo: noise(150_000) })]);
    expect(first.status).toBe(200);
    const over = await a.post('/api/rocketReg/saveItems', [item('또 큰 상품', { memo: noise(200_000) })]);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      code: 'product_bytes_quota_exceeded',
      message: expect.stringContaining('상품 데이터 용량 한도'),
    });
    expect(await count(a)).toBe(1);

    const id = first.body.savedItems[0]._id;
    const before = await db
      .selectFrom('products')
      .select(['doc', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const grow = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { subjectTrans: noise(250_000) },
    });
    expect(grow.status).toBe(413);
    expect(grow.body.code).toBe('product_bytes_quota_exceeded');
    const after = await db
      .selectFrom('products')
      .select(['doc', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // A workflow task's write is refused the same way, in Korean.
    const container = createContainer(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-quota-')),
        APP_SECRET: 'test-secret-0123456789abcdef',
      }),
      db,
      { log: false },
    );
    await expect(
      writeTaskFields(
        { deps: container.taskDeps, companyId: a.companyId, productId: id },
        { subjectTrans: noise(250_000) },
      ),
    ).rejects.toMatchObject({
      code: 'product_bytes_quota_exceeded',
      userMessage: { ko: expect.stringContaining('상품 데이터 용량 한도') },
    });
    await container.close();
    // Shrinking is always allowed.
    const shrink = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { subjectTrans: '짧게' },
    });
    expect(shrink.status).toBe(200);
  });
});

describe('import history per company', () => {
  it('keeps the newest rows only', async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    await b.post('/api/import1688', { inputs: [{ text: '{"hello": "world"}', name: 'b.json' }] });
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      await a.post('/api/import1688', { inputs: [{ text: '{"hello": "world"}', name: `입력-${i}.json` }] });
      ids.push((await a.post('/api/import1688/history', { limit: 1 })).body.items[0].id);
    }
    const history = await a.post('/api/import1688/history', { limit: 50 });
    expect(history.body.items.map((h: { id: number }) => h.id)).toEqual(ids.slice(2).reverse());
    // Another company's history is its own.
    expect((await b.post('/api/import1688/history', {})).body.items).toHaveLength(1);
  });
});
