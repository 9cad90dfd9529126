import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEvent } from '@rr/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { createImageEngine, type ImageEngine } from '../../src/images/translate/engine.ts';
import { createProductRepository } from '../../src/products/product-data-repository.ts';
import { findProduct } from '../../src/products/product-repository.ts';
import { insertDocument } from '../../src/products/product-writes.ts';
import { TASKS } from '../../src/tasks/index.ts';
import type { TaskContext } from '../../src/workflow/task.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { flatScene } from './support/scenes.ts';

let t: TestDb;
let container: Container;
let engine: ImageEngine;
let companyId: string;
let events: WorkflowEvent[];

beforeAll(async () => {
  t = await createTestDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'img-tasks-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'test-secret-0123456789abcdef', DEMO: 'false' });
  engine = createImageEngine({ pool: { size: 1 } });
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

/** A small 300×300 image (under 400 px: the fit rule puts it on an 800×800 canvas). */
async function smallScene(): Promise<Buffer> {
  return sharp(flatScene().png).resize(300, 300).png().toBuffer();
}

async function newProduct(doc: Record<string, unknown>): Promise<string> {
  const n = Math.floor(Math.random() * 1e6);
  const row = await insertDocument(
    createProductRepository(t.db),
    companyId,
    `IMG01-${String(n).padStart(6, '0')}`,
    doc,
  );
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

/** The kinds of the company's recorded image requests. */
async function requestKinds(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('image_requests')
    .select('kind')
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.kind);
}

async function docOf(productId: string): Promise<Record<string, unknown>> {
  const row = await findProduct(t.db, companyId, productId);
  return row!.doc;
}

const option = (n: number, image?: string) => ({
  optionNumber: `IMG01-000001${String(n).padStart(3, '0')}`,
  option1: { name: `颜色${n}`, nameTrans: '', ...(image ? { image } : {}) },
});

/**
 * What the image tasks' own tests (test/tasks/{main-image,additional-images,detail-images}.test.ts, on fakes of
 * TaskDeps) cannot show: the container's TaskDeps wired together, the real engine reading the text
 * of a picture, the image requests recorded in PostgreSQL, files stored on disk under /files/ and
 * the product written through the real store.
 */
describe('image tasks over the container (real engine, PostgreSQL, disk storage)', () => {
  it('removes the text of a main image and translates a detail image, recording each request', async () => {
    const scene = await put('real-scene.png', flatScene().png);
    const small = await put('real-small.png', await smallScene());
    const productId = await newProduct({
      options: [option(1, scene), option(2, small)],
      detailImages: [scene],
      coupangDoc: { jsonDocument: [{ imagePage: { images: {} } }, { imagePage: { images: {} } }] },
    });
    const before = await requestKinds();

    const main = await TASKS.mainImage!.run(context(productId));
    expect(main.status).toBe('completed');
    let doc = await docOf(productId);
    const options = doc.options as { mainImageStatus: Record<string, unknown> }[];
    for (const o of options) {
      // The engine found the banner's Chinese and removed it; the image is stored as an upload.
      expect(o.mainImageStatus).toMatchObject({ status: 'completed', textRemoved: true });
      expect(o.mainImageStatus.processedImage).toMatch(/^\/files\/.*IMG01_.*_main_\d\.jpg$/);
    }
    expect(options[1]!.mainImageStatus.dimensions).toEqual({ width: 800, height: 800 });
    const stored = await container.storage.read(options[1]!.mainImageStatus.processedImage as string);
    expect((await sharp(stored!.data).metadata()).width).toBe(800);
    expect(doc.mainImageStatus).toBe('completed');
    expect(events.filter((e) => e.type === 'product-updated')).toHaveLength(2);

    const detail = await TASKS.detailImage!.run(context(productId));
    expect(detail.status).toBe('completed');
    doc = await docOf(productId);
    expect((doc.detailImages as Record<string, unknown>[])[0]).toMatchObject({
      originalUrl: scene,
      processType: 'translated',
    });
    const merged = await container.storage.read(doc.finalDetailImage as string);
    expect((await sharp(merged!.data).metadata()).width).toBe(800);

    // Two clean-ups (one per main source image) and one translation, in the company's request log.
    expect((await requestKinds()).slice(before.length).sort()).toEqual(['cleanup', 'cleanup', 'translate']);
  }, 120_000);
});
