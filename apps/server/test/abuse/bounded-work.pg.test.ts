import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors/app-error.ts';
import { createWorkPool } from '../../src/limits/work-pool.ts';
import { buildTestApp, signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';

// The pieces behind the abuse rows, each on its own: the work pool's budgets and turns, a lock wait
// answered 503 with Retry-After, dotted paths applied in one pass with the rules of before.

const { db, url } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

/** Holds a product's row lock in another transaction until the answered function is called. */
async function holdRowLock(id: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await new Promise<void>((locked) => {
    void db.transaction().execute(async (trx) => {
      await sql`select 1 from products where id = ${id} for update`.execute(trx);
      locked();
      await held;
    });
  });
  return release;
}

/** A capture that takes the parser a while (hundreds of ms): 8 tries over 2 MB each. */
const slowCapture = `x ${'window.context=(function(){/'.repeat(75_000)}`;

describe('work pool', () => {
  const pool = createWorkPool({ threads: 1, timeoutMs: { import1688: 50 }, maxTasksPerCompany: 2 });
  afterAll(() => pool.close());

  it('ends a task past its time with its thread (413 work_too_long) and runs the next one', async () => {
    const failed = await pool.run('c1', 'import1688', [{ value: slowCapture, name: 'x' }]).catch((e) => e);
    expect(isAppError(failed) && failed.code).toBe('work_too_long');
    expect(isAppError(failed) && failed.kind).toBe('too_large');
    const next = await pool.run('c1', 'import1688', [{ value: '{"a":1}', name: 'y' }]);
    expect(next.failures).toHaveLength(1);
  });

  it('carries an AppError thrown in a thread back with its code and Korean message', async () => {
    const failed = await pool
      .run('c1', 'xlsx', { data: new Uint8Array(Buffer.from('not a zip')), sheetName: 'x' })
      .catch((e) => e);
    expect(isAppError(failed) && failed.code).toBe('sheet_unreadable');
    expect(isAppError(failed) && failed.userMessage.ko).toMatch(/엑셀/);
  });

  it('holds at most two tasks of one company; a third answers 429 with a retry hint', async () => {
    const tasks = [1, 2].map(() => pool.run('c2', 'import1688', [{ value: '{"a":1}', name: 'z' }]));
    const third = await pool.run('c2', 'import1688', [{ value: '{"a":1}', name: 'z' }]).catch((e) => e);
    expect(isAppError(third) && [third.code, third.kind]).toEqual(['work_pool_company_busy', 'too_many']);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    await Promise.all(tasks);
    // another company is not held back by c2's count
    await expect(pool.run('c3', 'import1688', [{ value: '{"a":1}', name: 'z' }])).resolves.toBeDefined();
  });

  it("gives a task's place back before its caller goes on: two requests of two steps each both finish", async () => {
    const twoSteps = async () => {
      await pool.run('c4', 'import1688', [{ value: '{"a":1}', name: 'a' }]);
      return pool.run('c4', 'import1688', [{ value: '{"b":2}', name: 'b' }]);
    };
    const done = await Promise.all([twoSteps(), twoSteps()]);
    expect(done.map((d) => d.failures.length)).toEqual([1, 1]);
  });
});

describe('database waits', () => {
  it('a write waiting behind a held row lock answers 503 with Retry-After in Korean, and writes nothing', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [{ productName: '잠금', options: [] }]);
    const id = saved.body.savedItems[0]._id as string;
    const release = await holdRowLock(id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiRocketReg/updatePartial',
      headers: { cookie: a.cookie },
      payload: { productId: id, updateFields: { 'defaultSettings.memo': '바뀜' } },
    });
    release();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('database_locked');
    expect(res.json().message).toMatch(/잠시 후 다시 시도/);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    const after = await a.post('/api/aiRocketReg/getlist', { ids: [id] });
    expect(after.body.products[0].defaultSettings?.memo).toBeUndefined();
  });
});

describe('dotted paths in one pass', () => {
  it('appends past the end in ascending order, pads one gap, and refuses further out', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [{ productName: '배열', options: [] }]);
    const id = saved.body.savedItems[0]._id as string;
    const ok = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      // more than CHAINED_PATHS_AT_MOST paths: applied by rr_jsonb_apply_tree in one pass
      updateFields: {
        'priceTiers.1': 'b',
        'priceTiers.0': 'a',
        'priceTiers.3': 'd',
        'priceTiers.4': 'e',
        'defaultSettings.x.y': 1,
        'defaultSettings.z': [1, 2],
      },
    });
    expect(ok.status).toBe(200);
    const read = await a.post('/api/aiRocketReg/getlist', { ids: [id] });
    expect(read.body.products[0].priceTiers).toEqual(['a', 'b', null, 'd', 'e']);
    expect(read.body.products[0].defaultSettings).toMatchObject({ x: { y: 1 }, z: [1, 2] });
    const far = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { 'priceTiers.9': 'x' },
    });
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('array_index_out_of_range');
  });

  it('refuses an array index and a field name under one parent (their order would decide)', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [{ productName: '혼합', options: [] }]);
    const id = saved.body.savedItems[0]._id as string;
    const mixed = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { 'priceTiers.0': 'a', 'priceTiers.x': 'b' },
    });
    expect(mixed.status).toBe(400);
  });
});

describe('large 1688 capture bodies are read in the work pool', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { loadConfig } = await import('../../src/config.ts');
  const { createContainer } = await import('../../src/container.ts');
  const { buildApp } = await import('../../src/http/app.ts');
  const { WORK_POOL_JSON_BYTES } = await import('../../src/limits/work-pool.ts');
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-json-')),
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: 'false',
    // the pool's threads then write a large saveItems on their own connections, as in `npm start`
    DATABASE_URL: url,
  });
  const container = createContainer(config, db, { log: false });
  // The real pool, its tasks recorded by kind.
  const kinds: string[] = [];
  const run = container.work.run.bind(container.work);
  // What each task answered: a value, or the code of the AppError it was refused with in the thread.
  const outcomes: string[] = [];
  container.work.run = ((companyId, kind, input, transfer) => {
    kinds.push(kind);
    return run(companyId, kind, input, transfer).then(
      (value) => {
        outcomes.push('value');
        return value;
      },
      (error: { code?: string }) => {
        outcomes.push(error.code ?? 'error');
        throw error;
      },
    );
  }) as typeof container.work.run;
  const jsonApp = await buildApp(container, { logger: false });
  afterAll(() => jsonApp.close());
  const seller = await signUp(jsonApp, db);
  const send = async (payload: string, url = '/api/import1688') => {
    kinds.length = 0;
    outcomes.length = 0;
    const r = await jsonApp.inject({
      method: 'POST',
      url,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload,
    });
    return { status: r.statusCode, body: JSON.parse(r.body), kinds: [...kinds], outcomes: [...outcomes] };
  };
  const productCount = async () =>
    (
      await db
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', seller.companyId)
        .executeTakeFirstOrThrow()
    ).n;
  const padding = 'x'.repeat(WORK_POOL_JSON_BYTES);

  it('refuses a 3 MB capture with 413 in Korean after parsing it in the pool', async () => {
    const r = await send(JSON.stringify({ inputs: [{ text: `{"a":"${'x'.repeat(3_000_000)}"}` }] }));
    expect([r.status, r.body.code]).toEqual([413, 'capture_too_large']);
    expect(r.body.message).toMatch(/[가-힣]/);
    expect(r.kinds).toEqual(['json']);
    // refused in the thread: the 3 MB text never came back to the request loop
    expect(r.outcomes).toEqual(['capture_too_large']);
  });

  it('counts a large category meta in the pool: 2,000 attributes answer 413 in Korean and store nothing', async () => {
    const attributes = Array.from({ length: 2000 }, (_, i) => ({
      attributeTypeName: `속성${i}`,
      dataType: 'STRING',
      inputType: 'SELECT',
      inputValues: ['가', '나', '다'],
      required: 'MANDATORY',
      exposed: 'NONE',
    }));
    const r = await send(
      JSON.stringify({ displayCategoryCode: 68010, meta: { attributes } }),
      '/api/category/meta',
    );
    expect([r.status, r.body.code]).toEqual([413, 'category_meta_too_large']);
    expect(r.body.message).toMatch(/카테고리 메타가 너무 큽니다: attributes 2000개 \(최대 200개\)/);
    expect([r.kinds, r.outcomes]).toEqual([['json'], ['category_meta_too_large']]);
    const stored = await db
      .selectFrom('company_category_schemas')
      .select('display_category_code')
      .where('company_id', '=', seller.companyId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads, rules, stringifies and writes a large saveItems document in the pool, and answers it as before', async () => {
    const options = Array.from({ length: 300 }, (_, i) => ({
      sourceKey: `옵션${i}`,
      memo: 'ㄱ'.repeat(400),
    }));
    const body = JSON.stringify([{ productName: '큰 문서', options }]);
    expect(Buffer.byteLength(body)).toBeGreaterThan(WORK_POOL_JSON_BYTES);
    const r = await send(body, '/api/rocketReg/saveItems');
    expect(r.status).toBe(200);
    expect([r.kinds, r.outcomes]).toEqual([['saveItems'], ['value']]);
    expect(r.body.message).toBe('상품 1개를 저장했습니다.');
    const answered = r.body.savedItems[0];
    expect(answered).toMatchObject({ productName: '큰 문서', completeness: null });
    expect(answered.registrationId).toMatch(/^[A-Z0-9]+-\d{6}$/);
    const saved = await send(JSON.stringify({ ids: [answered._id] }), '/api/aiRocketReg/getlist');
    expect(saved.body.products[0]).toEqual(answered);
    expect(saved.body.products[0].options).toHaveLength(300);
    expect(saved.body.products[0].options[299]).toMatchObject({
      sourceKey: '옵션299',
      memo: 'ㄱ'.repeat(400),
    });
    expect(saved.kinds).toEqual([]);

    // A replacement made from what was answered keeps the server's fields and marks the seller's change.
    const changed = { ...answered, productName: '큰 문서 (고침)' };
    const again = await send(JSON.stringify([changed]), '/api/rocketReg/saveItems');
    expect(again.status).toBe(200);
    expect(again.kinds).toEqual(['saveItems']);
    expect(again.body.savedItems[0]).toMatchObject({
      _id: answered._id,
      registrationId: answered.registrationId,
      productName: '큰 문서 (고침)',
      createdAt: answered.createdAt,
    });
    expect(again.body.savedItems[0].fieldSources.productName).toBe('seller');
    // The same stale copy again: 409, nothing changed.
    const stale = await send(
      JSON.stringify([{ ...changed, productName: '옛 사본' }]),
      '/api/rocketReg/saveItems',
    );
    expect([stale.status, stale.body.code]).toEqual([409, 'version_conflict']);
    expect(stale.body.message).toMatch(/다른 곳에서 먼저 변경된 상품입니다/);
    expect([stale.kinds, stale.outcomes]).toEqual([['saveItems'], ['version_conflict']]);
    const now = await send(JSON.stringify({ ids: [answered._id] }), '/api/aiRocketReg/getlist');
    expect(now.body.products[0].productName).toBe('큰 문서 (고침)');
  });

  it('reads a large body over a real connection chunk by chunk, characters split across chunks intact', async () => {
    await jsonApp.listen({ port: 0, host: '127.0.0.1' });
    const { port } = jsonApp.server.address() as { port: number };
    // 3-byte characters throughout: the 64 KB reads split some of them.
    const options = Array.from({ length: 400 }, (_, i) => ({
      sourceKey: `옵션${i}`,
      memo: '한글'.repeat(700),
    }));
    const body = JSON.stringify([{ productName: '청크 문서', options }]);
    expect(Buffer.byteLength(body)).toBeGreaterThan(4 * 65536);
    kinds.length = 0;
    const r = await fetch(`http://127.0.0.1:${port}/api/rocketReg/saveItems`, {
      method: 'POST',
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(200);
    expect(kinds).toEqual(['saveItems']);
    const answered = ((await r.json()) as { savedItems: { _id: string }[] }).savedItems[0]!;
    const saved = await send(JSON.stringify({ ids: [answered._id] }), '/api/aiRocketReg/getlist');
    expect(saved.body.products[0].options[399]).toEqual({ sourceKey: '옵션399', memo: '한글'.repeat(700) });
  });

  it('refuses a large saveItems body the schema refuses in the pool with 400, and stores nothing', async () => {
    const before = await productCount();
    const options = Array.from({ length: 300 }, (_, i) => ({
      sourceKey: `옵션${i}`,
      memo: 'ㄱ'.repeat(400),
    }));
    const r = await send(
      JSON.stringify([{ productName: '틀린 문서', registrationId: 7, options }]),
      '/api/rocketReg/saveItems',
    );
    expect([r.status, r.body.code]).toEqual([400, 'invalid_request']);
    expect(r.body.message).toMatch(/[가-힣]/);
    expect(r.body.issues[0].path).toBe('/0/registrationId');
    expect([r.kinds, r.outcomes]).toEqual([['saveItems'], ['invalid_request']]);
    const deep = await send(
      `[{"options":${'['.repeat(200)}${']'.repeat(200)},"x":"${padding}"}]`,
      '/api/rocketReg/saveItems',
    );
    expect([deep.status, deep.body.code]).toEqual([400, 'json_too_deep']);
    expect(await productCount()).toBe(before);
  });

  it('parses an image upload (one base64 string) on the loop, and a body of many values on that route in the pool', async () => {
    const png = 'iVBORw0KGgo'.padEnd(WORK_POOL_JSON_BYTES + 4, 'A');
    const image = await send(
      JSON.stringify({ imageData: `data:image/png;base64,${png}`, filename: 'a.png', type: 'main' }),
      '/api/rocket-registration/upload-image',
    );
    // Not a real PNG: refused by the upload's own check, after a parse on the loop (no pool turn).
    expect(image.status).toBeGreaterThanOrEqual(400);
    expect(image.status).toBeLessThan(500);
    expect(image.kinds).toEqual([]);
    const many = await send(
      JSON.stringify({
        imageData: 'x',
        filename: 'a.png',
        type: 'main',
        n: Array(WORK_POOL_JSON_BYTES / 2).fill(1),
      }),
      '/api/rocket-registration/upload-image',
    );
    expect(many.status).toBe(400);
    expect(many.kinds).toEqual(['json']);
  });

  it('a large replacement waiting behind a held row lock answers 503 with Retry-After from the thread, and writes nothing', async () => {
    const options = Array.from({ length: 300 }, (_, i) => ({
      sourceKey: `옵션${i}`,
      memo: 'ㄴ'.repeat(400),
    }));
    const first = await send(
      JSON.stringify([{ productName: '잠긴 큰 문서', options }]),
      '/api/rocketReg/saveItems',
    );
    const answered = first.body.savedItems[0];
    const release = await holdRowLock(answered._id);
    const r = await jsonApp.inject({
      method: 'POST',
      url: '/api/rocketReg/saveItems',
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify([{ ...answered, productName: '잠긴 동안 고침' }]),
    });
    release();
    expect([r.statusCode, r.json().code]).toEqual([503, 'database_locked']);
    expect(r.json().message).toMatch(/잠시 후 다시 시도/);
    expect(r.headers['retry-after']).toBe('2');
    const now = await send(JSON.stringify({ ids: [answered._id] }), '/api/aiRocketReg/getlist');
    expect(now.body.products[0]).toEqual(answered);
  });

  it('refuses a saveItems body over 12 MB with 413 in Korean and stores nothing', async () => {
    const before = await productCount();
    const big = 'x'.repeat(12 * 1024 * 1024);
    const r = await send(
      JSON.stringify([{ productName: '너무 큰 문서', description: big }]),
      '/api/rocketReg/saveItems',
    );
    expect([r.status, r.body.code]).toEqual([413, 'body_too_large']);
    expect(r.body.message).toBe('요청 본문이 너무 큽니다.');
    expect(r.kinds).toEqual([]);
    expect(await productCount()).toBe(before);
  });

  it('refuses a large body nested too deep (400 json_too_deep) and one with __proto__ (400 invalid_json)', async () => {
    const deep = await send(
      `{"inputs":[{"text":"${padding}","json":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}`,
    );
    expect([deep.status, deep.body.code, deep.kinds]).toEqual([400, 'json_too_deep', ['json']]);
    const poisoned = await send(`{"inputs":[{"text":"${padding}","json":{"__proto__":{"admin":true}}}]}`);
    expect([poisoned.status, poisoned.body.code, poisoned.kinds]).toEqual([400, 'invalid_json', ['json']]);
    const broken = await send(`{"inputs":[{"text":"${padding}"}`);
    expect([broken.status, broken.body.code]).toEqual([400, 'invalid_json']);
  });

  it('imports a large valid body as before; a small body is parsed where it arrives', async () => {
    const large = await send(JSON.stringify({ inputs: [{ text: `12345 ${padding}`, name: '큰 입력' }] }));
    expect(large.status).toBe(200);
    expect(large.kinds).toEqual(['json', 'import1688']);
    expect(large.body.results[0].outcome).toBe('refused');
    const small = await send(JSON.stringify({ inputs: [{ text: '{"a":1}' }] }));
    expect(small.status).toBe(200);
    expect(small.kinds).toEqual(['import1688']);
  });
});
