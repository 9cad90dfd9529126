import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { WorkflowEvent } from '@rr/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { createImageEngine, type ImageEngine } from '../../src/images/translate/engine.ts';
import { findProduct, insertProduct } from '../../src/products/product-repository.ts';
import { saveSettings } from '../../src/settings/settings-service.ts';
import { TASKS } from '../../src/tasks/index.ts';
import type { TaskContext } from '../../src/workflow/task.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { flatScene, texturedScene } from './support/scenes.ts';

let t: TestDb;
let container: Container;
let engine: ImageEngine;
let companyId: string;
let events: WorkflowEvent[];
/** Images whose translation the engine fails (by byte length), to test the keep-the-original path. */
const failTranslation = new Set<number>();

beforeAll(async () => {
  t = await createTestDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'img-tasks-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'test-secret-0123456789abcdef', DEMO: 'false' });
  const real = createImageEngine({ pool: { size: 1 } });
  engine = {
    ...real,
    translateImage: (image, opts) =>
      failTranslation.has(image.length)
        ? Promise.reject(new Error('engine failed'))
        : real.translateImage(image, opts),
  };
  container = createContainer(config, t.db, { log: false, engine });
  const row = await t.db
    .insertInto('companies')
    .values({ name: '이미지상사', supplier_code: 'IMG01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  companyId = row.id;
}, 60_000);
afterAll(async () => {
  await container?.close();
  await engine?.close();
});

const put = async (name: string, data: Buffer) => (await container.storage.put(companyId, name, data)).url;

/** A picture without any text (a product photo that needs nothing). */
async function plainPhoto(color = '#3a7bd5'): Promise<Buffer> {
  const canvas = createCanvas(600, 600);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f4f4';
  ctx.fillRect(0, 0, 600, 600);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(300, 300, 180, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toBuffer('image/png');
}

/** A small 300×200 image (under 400 px: the fit rule puts it on an 800×800 canvas). */
async function smallScene(): Promise<Buffer> {
  return sharp(flatScene().png).resize(300, 300).png().toBuffer();
}

async function newProduct(doc: Record<string, unknown>): Promise<string> {
  const n = Math.floor(Math.random() * 1e6);
  const row = await insertProduct(t.db, companyId, `IMG01-${String(n).padStart(6, '0')}`, doc);
  return row.id;
}

function context(productId: string): TaskContext {
  events = [];
  return {
    deps: container.taskDeps,
    companyId,
    productId,
    runId: null,
    signal: new AbortController().signal,
    pauseScale: 0,
    emit: async (e) => {
      events.push(e);
    },
  };
}

async function docOf(productId: string): Promise<Record<string, unknown>> {
  const row = await findProduct(t.db, companyId, productId);
  return row!.doc;
}

const option = (n: number, image?: string) => ({
  optionNumber: `IMG01-000001${String(n).padStart(3, '0')}`,
  option1: { name: `颜色${n}`, nameTrans: '', ...(image ? { image } : {}) },
});

describe('main image task (W §4 Main image)', () => {
  it('translates each option image (one run per source), fits small ones to 800×800, ends completed', async () => {
    const shared = await put('main-a.png', flatScene().png);
    const small = await put('main-b.png', await smallScene());
    const productId = await newProduct({
      mainImages: [shared],
      options: [option(1, shared), option(2), option(3, small)],
      coupangDoc: {
        jsonDocument: [
          { imagePage: { images: {} } },
          { imagePage: { images: {} } },
          { imagePage: { images: {} } },
        ],
      },
      mainImageStatus: 'pending',
    });
    const outcome = await TASKS.mainImage!.run(context(productId));
    expect(outcome.status).toBe('completed');
    const doc = await docOf(productId);
    const options = doc.options as { mainImageStatus: Record<string, unknown> }[];
    for (const o of options) {
      expect(o.mainImageStatus).toMatchObject({ status: 'completed', textRemoved: true });
      expect(o.mainImageStatus.processedImage).toMatch(/^\/files\/.*IMG01_.*_main_\d\.jpg$/);
      expect(o.mainImageStatus.filesize).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    }
    // Options 1 and 2 show the same source image: one translation, one request id.
    expect(options[0]!.mainImageStatus.requestId).toBe(options[1]!.mainImageStatus.requestId);
    expect(options[0]!.mainImageStatus.image).toBe(shared);
    expect(options[2]!.mainImageStatus.dimensions).toEqual({ width: 800, height: 800 });
    expect(options[0]!.mainImageStatus.dimensions).toEqual({ width: 800, height: 800 });
    // The product went partially_completed at the first option, then completed; the documents got the image.
    expect(doc.mainImageStatus).toBe('completed');
    const docs = (doc.coupangDoc as { jsonDocument: { imagePage: { images: { mainImage: string } } }[] })
      .jsonDocument;
    expect(docs.map((d) => d.imagePage.images.mainImage)).toEqual(
      options.map((o) => o.mainImageStatus.processedImage),
    );
    expect(events.filter((e) => e.type === 'product-updated')).toHaveLength(3);
  }, 120_000);

  it('keeps the original with textRemoved false when an option fails; partially_completed, then error when all fail', async () => {
    const good = await put('main-good.png', texturedScene().png);
    const broken = await put('main-broken.png', Buffer.from('not an image at all'));
    const productId = await newProduct({ mainImages: [], options: [option(1, good), option(2, broken)] });
    const ctx = context(productId);
    const seen: string[] = [];
    const emit = ctx.emit;
    const withStatus: TaskContext = {
      ...ctx,
      emit: async (e) => {
        seen.push(String((await docOf(productId)).mainImageStatus));
        await emit(e);
      },
    };
    const outcome = await TASKS.mainImage!.run(withStatus);
    expect(outcome.status).toBe('partially_completed');
    expect(outcome.message?.ko).toContain('2개 중 1개');
    expect(seen).toEqual(['partially_completed', 'partially_completed']);
    const options = (await docOf(productId)).options as { mainImageStatus: Record<string, unknown> }[];
    expect(options[1]!.mainImageStatus).toMatchObject({
      status: 'error',
      image: broken,
      processedImage: broken,
      textRemoved: false,
    });

    // The representative image's text is removed, not translated (issue 20): an image the engine
    // cannot read fails that step and the original is kept.
    const failingUrl = await put('main-fail.png', Buffer.from('still not an image'));
    const all = await newProduct({ options: [option(1, failingUrl), option(2, 'http://127.0.0.1:9/x.jpg')] });
    const end = await TASKS.mainImage!.run(context(all));
    expect(end.status).toBe('error');
    const allOptions = (await docOf(all)).options as { mainImageStatus: Record<string, unknown> }[];
    expect(allOptions.map((o) => o.mainImageStatus.processedImage)).toEqual([
      failingUrl,
      'http://127.0.0.1:9/x.jpg',
    ]);
    expect(allOptions.every((o) => o.mainImageStatus.textRemoved === false)).toBe(true);
  }, 120_000);

  it('needs options (처리할 옵션이 없습니다) and keeps an image without Chinese as it is', async () => {
    const none = await newProduct({ mainImages: ['x'], options: [] });
    expect(await TASKS.mainImage!.run(context(none))).toMatchObject({
      status: 'error',
      message: { ko: '처리할 옵션이 없습니다' },
    });
    const photo = await put('photo.png', await plainPhoto());
    const productId = await newProduct({ options: [option(1, photo)] });
    expect((await TASKS.mainImage!.run(context(productId))).status).toBe('completed');
    const o = ((await docOf(productId)).options as { mainImageStatus: Record<string, unknown> }[])[0]!;
    expect(o.mainImageStatus).toMatchObject({
      status: 'completed',
      processedImage: photo,
      textRemoved: false,
    });
  }, 60_000);
});

describe('additional images task', () => {
  it('takes at most 9 images in order, translates them, keeps failures as originals, fills the documents', async () => {
    const scene = await put('add-scene.png', flatScene().png);
    const photos = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        put(`add-${i}.png`, await plainPhoto(`#${(i + 1) * 11}2233`)),
      ),
    );
    const broken = await put('add-broken.png', Buffer.from('nope'));
    const productId = await newProduct({
      mainImages: [scene, broken, ...photos],
      options: [option(1)],
      coupangDoc: { jsonDocument: [{ imagePage: { images: {} } }] },
    });
    const outcome = await TASKS.additionalImage!.run(context(productId));
    expect(outcome.status).toBe('partially_completed');
    const doc = await docOf(productId);
    const records = doc.additionalImages as Record<string, unknown>[];
    expect(records).toHaveLength(9);
    expect(records.map((r) => r.originalUrl)).toEqual([scene, broken, ...photos.slice(0, 7)]);
    expect(records[0]).toMatchObject({ index: 0, processType: 'translated', isTranslated: true });
    expect(records[0]!.url).toMatch(/IMG01_.*_add_1\.jpg$/);
    expect(records[1]).toMatchObject({ processType: 'error', url: broken });
    expect(records[2]).toMatchObject({ processType: 'original', url: photos[0] });
    const joined = (
      doc.coupangDoc as { jsonDocument: { imagePage: { images: { additionalImage: string } } }[] }
    ).jsonDocument[0]!.imagePage.images.additionalImage;
    expect(joined.split(',')).toHaveLength(8);
    expect(joined.split(',')[0]).toBe(records[0]!.url);
  }, 120_000);
});

describe('detail images task (W §4 Detail images)', () => {
  it('skips processed images, leaves top/bottom out of AI work, merges one 800 px JPEG with them', async () => {
    const top = await put('shop-topimage.png', await plainPhoto('#aa3344'));
    const bottom = await put('bottom-banner.png', await plainPhoto('#33aa44'));
    const a = await put('detail-a.png', flatScene().png);
    const done = await put(
      'detail-done.jpg',
      await sharp(await plainPhoto('#777777'))
        .jpeg()
        .toBuffer(),
    );
    await saveSettings(t.db, companyId, 'test-secret-0123456789abcdef', {
      defaultSettings: { imageSettings: { useBottomImage: true, bottomImageUrl: bottom } },
    } as never);
    const productId = await newProduct({
      options: [option(1)],
      detailImages: [
        top,
        a,
        { url: done, originalUrl: done, requestId: 'EARLIER', processType: 'translated' },
        bottom,
      ],
      coupangDoc: { jsonDocument: [{ imagePage: { details: {} } }] },
    });
    const before = await t.db.selectFrom('image_requests').select('request_id').execute();
    const outcome = await TASKS.detailImage!.run(context(productId));
    expect(outcome.status).toBe('completed');
    const after = await t.db.selectFrom('image_requests').select('request_id').execute();
    expect(after.length - before.length).toBe(1); // only `a` went through the engine
    expect(events.filter((e) => e.type === 'product-updated')).toHaveLength(1); // one partial update

    const doc = await docOf(productId);
    const records = doc.detailImages as Record<string, unknown>[];
    expect(records.map((r) => r.originalUrl)).toEqual([a, done]);
    expect(records[0]).toMatchObject({ processType: 'translated' });
    expect(records[1]).toMatchObject({ requestId: 'EARLIER', processType: 'translated', url: done });
    const statusObj = doc.detailImageStatusObj as { status: string; images: Record<string, unknown>[] };
    expect(statusObj.images.map((i) => i.processType)).toEqual([
      'original',
      'translated',
      'translated',
      'original',
    ]);
    expect(statusObj.images[0]!.url).toBe(top);
    expect(statusObj.images[3]!.url).toBe(bottom);

    const merged = await container.storage.read(doc.finalDetailImage as string);
    const meta = await sharp(merged!.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(800);
    // 600 + 800×800→800 + 600 + 600, each scaled to 800 wide: 800 + 800 + 800 + 800
    expect(meta.height).toBe(3200);
    // The top image (red circle on grey) is the page's first 800 rows; the bottom one its last.
    const { data } = await sharp(merged!.data)
      .extract({ left: 400, top: 400, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(100);
    const docs = (doc.coupangDoc as { jsonDocument: { imagePage: { details: Record<string, string> } }[] })
      .jsonDocument;
    expect(docs[0]!.imagePage.details.detailedImage).toBe(doc.finalDetailImage);
  }, 120_000);

  it('falls back to the individual images when the merge fails; 처리할 이미지가 없습니다 for an empty list', async () => {
    const a = await put('detail-b.png', await plainPhoto('#123456'));
    const productId = await newProduct({
      options: [option(1)],
      detailImages: [a, 'http://127.0.0.1:9/gone.jpg'],
    });
    const outcome = await TASKS.detailImage!.run(context(productId));
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toContain('개별 이미지');
    const doc = await docOf(productId);
    expect(doc.finalDetailImage).toBe('');
    expect(doc.detailHtml).toContain(a);
    expect((doc.detailImages as Record<string, unknown>[]).map((r) => r.processType)).toEqual([
      'original',
      'error',
    ]);

    const empty = await newProduct({ options: [option(1)], detailImages: [] });
    expect(await TASKS.detailImage!.run(context(empty))).toMatchObject({
      status: 'error',
      message: { ko: '처리할 이미지가 없습니다' },
    });
  }, 60_000);
});
