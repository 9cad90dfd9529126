import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEvent } from '@rr/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/app.ts';
import { createProductRepository } from '../../src/products/product-data-repository.ts';
import { findProduct } from '../../src/products/product-repository.ts';
import { insertDocument } from '../../src/products/product-writes.ts';
import { TASKS } from '../../src/tasks/index.ts';
import { signUp } from '../support/test-app.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { flatScene, texturedScene } from './support/scenes.ts';

let t: TestDb;
let app: FastifyInstance;
let container: Container;
let cookie: string;
let companyId: string;
let productId: string;

type Rec = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'product-images-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'test-secret-0123456789abcdef', DEMO: 'false' });
  container = createContainer(config, t.db, { log: false });
  app = await buildApp(container, { logger: false });
  const email = `pi${Date.now()}@example.com`;
  cookie = (await signUp(app, { email })).cookie;
  companyId = (
    await t.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow()
  ).company_id;
  const a = (await container.storage.put(companyId, 'detail-a.png', flatScene().png)).url;
  const b = (await container.storage.put(companyId, 'detail-b.png', texturedScene().png)).url;
  const row = await insertDocument(createProductRepository(t.db), companyId, 'PI-000001', {
    options: [{ optionNumber: 'PI-000001001', option1: { name: '红色', image: a } }],
    detailImages: [a, b],
  });
  productId = row.id;
  const events: WorkflowEvent[] = [];
  const outcome = await TASKS.detailImage!.run({
    deps: container.taskDeps,
    companyId,
    productId,
    runId: null,
    signal: new AbortController().signal,
    pauseScale: 0,
    emit: async (e) => {
      events.push(e);
    },
  });
  expect(outcome.status).toBe('completed');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const doc = async () => (await findProduct(t.db, companyId, productId))!.doc;

describe('product image actions', () => {
  it('edits one Korean line of a detail image and merges the page again', async () => {
    const before = await doc();
    const record = (before.detailImages as Rec[])[0]!;
    const areas = record.textAreas as { source: string; target: string; bounding_box: number[][] }[];
    const banner = areas.find((a) => a.source === '新款高品质收纳盒')!;
    expect(banner).toBeDefined();
    const items = areas.map((a) => (a === banner ? { ...a, target: '새 수납함' } : a));
    const res = await post(`/api/product-images/${productId}/edit-text`, {
      group: 'detail',
      index: 0,
      items,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('수정한 문구로 이미지를 다시 만들었습니다.');
    const after = await doc();
    const edited = (after.detailImages as Rec[])[0]!;
    expect(edited.url).toBe(res.json().url);
    expect(edited.url).not.toBe(record.url);
    expect(edited.requestId).not.toBe(record.requestId);
    expect(edited.lastEdited).toBeTruthy();
    expect((edited.textAreas as { target: string }[]).map((a) => a.target)).toContain('새 수납함');
    expect(after.finalDetailImage).not.toBe(before.finalDetailImage);
    // The new image differs from the old one where the banner is.
    const crop = async (url: string) =>
      sharp((await container.storage.read(url))!.data)
        .extract({ left: 0, top: 0, width: 800, height: 110 })
        .raw()
        .toBuffer();
    const [x, y] = await Promise.all([crop(record.url as string), crop(edited.url as string)]);
    let diff = 0;
    for (let i = 0; i < x.length; i++) diff += Math.abs(x[i]! - y[i]!);
    expect(diff / x.length).toBeGreaterThan(2);
  }, 60_000);

  it('protects a region: its line is kept as it is, the others are translated', async () => {
    const res = await post(`/api/product-images/${productId}/protect`, {
      group: 'detail',
      index: 0,
      regions: [[0, 0, 800, 110]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = ((await doc()).detailImages as Rec[])[0]!;
    expect(record.protectedRegions).toEqual([[0, 0, 800, 110]]);
    const areas = record.textAreas as { source: string; target: string; translate: boolean }[];
    expect(areas.find((a) => a.source === '新款高品质收纳盒')).toMatchObject({ translate: false });
    expect(areas.find((a) => a.source === '多种颜色可选')).toMatchObject({ translate: true });
  }, 60_000);

  it('reorders and drops detail images, then refuses an invalid group with the spec message', async () => {
    const before = (await doc()).detailImages as Rec[];
    const swapped = await post(`/api/product-images/${productId}/detail-page`, { order: [1, 0] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = (await doc()).detailImages as Rec[];
    expect(after.map((r) => r.originalUrl)).toEqual([before[1]!.originalUrl, before[0]!.originalUrl]);
    expect(after.map((r) => r.index)).toEqual([0, 1]);
    const dropped = await post(`/api/product-images/${productId}/detail-page`, { order: [0] });
    expect(dropped.statusCode).toBe(200);
    const d = await doc();
    expect((d.detailImages as Rec[]).map((r) => r.originalUrl)).toEqual([before[1]!.originalUrl]);
    const merged = await container.storage.read(d.finalDetailImage as string);
    expect((await sharp(merged!.data).metadata()).height).toBe(800);

    const bad = await post(`/api/product-images/${productId}/retranslate`, { group: 'additional', index: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('다시 번역할 이미지 그룹이 올바르지 않습니다.');
    const unchanged = await doc();
    expect(unchanged.additionalImages).toBeUndefined();
  }, 60_000);

  it('removes every text line from an uploaded image (이미지 글자 지우기)', async () => {
    const imageData = `data:image/png;base64,${flatScene().png.toString('base64')}`;
    const res = await post('/api/images/cleanup', { imageData });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lines).toBeGreaterThanOrEqual(4);
    const file = await app.inject({ method: 'GET', url: body.url });
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The red banner's white text is gone: the banner row is (nearly) one colour.
    const { data } = await sharp(file.rawPayload)
      .extract({ left: 100, top: 30, width: 600, height: 50 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += 3)
      if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) white++;
    expect(white / (data.length / 3)).toBeLessThan(0.01);
    const none = await post('/api/images/cleanup', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('이미지 URL이 없습니다');
  }, 60_000);

  it('a detail list the seller set as URLs: the task keeps it, the seller can still edit a line and rearrange the page', async () => {
    const a = (await container.storage.put(companyId, 'seller-a.png', flatScene().png)).url;
    const b = (await container.storage.put(companyId, 'seller-b.png', texturedScene().png)).url;
    const row = await insertDocument(createProductRepository(t.db), companyId, 'PI-000002', {
      options: [{ optionNumber: 'PI-000002001', option1: { name: '蓝色', image: a } }],
    });
    const id = row.id;
    const set = await post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { detailImages: [a, b] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const ctx = {
      deps: container.taskDeps,
      companyId,
      productId: id,
      runId: null,
      signal: new AbortController().signal,
      pauseScale: 0,
      emit: async () => {},
    };
    await TASKS.detailImage!.run(ctx);
    const ran = (await findProduct(t.db, companyId, id))!.doc;
    // The seller's list is kept as it is; the results are in processedDetailImages.
    expect(ran.detailImages).toEqual([a, b]);
    const processed = ran.processedDetailImages as Rec[];
    expect(processed.map((r) => r.originalUrl)).toEqual([a, b]);

    const areas = processed[0]!.textAreas as { source: string; target: string; bounding_box: number[][] }[];
    const items = areas.map((x) => (x.source === '新款高品质收纳盒' ? { ...x, target: '판매자 문구' } : x));
    const edited = await post(`/api/product-images/${id}/edit-text`, { group: 'detail', index: 0, items });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = (await findProduct(t.db, companyId, id))!.doc;
    const first = (afterEdit.detailImages as Rec[])[0]!;
    expect(first.url).toBe(edited.json().url);
    expect((first.textAreas as { target: string }[]).map((x) => x.target)).toContain('판매자 문구');

    const dropped = await post(`/api/product-images/${id}/detail-page`, { order: [1] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const d = (await findProduct(t.db, companyId, id))!.doc;
    expect((d.detailImages as Rec[]).map((r) => r.originalUrl)).toEqual([b]);
    // machine-made again, by the offline demo provider here (no AI settings): marked as such (issue 20)
    expect((d.fieldSources as Record<string, string>).detailImages).toBe('offline');
  }, 90_000);
});
