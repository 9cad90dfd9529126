import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@rr/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detailImagesTask } from '../../src/tasks/detail-images/index.ts';
import { createFakeImageEngine } from '../support/fake-image-engine.ts';
import { CHINESE, documents, type ImageSetup, imageSetup, KOREAN, option } from './image-task-support.ts';

// The detail images task on fakes of TaskDeps (no database): the real image service, AI translation
// step and page merge (sharp) over a scripted engine, files and image requests in memory.

type Rec = Record<string, unknown> & { url: string; originalUrl: string };
type Details = { detailedImage: string; htmlProductDetailContent: string };
// biome-ignore lint/suspicious/noExplicitAny: the document read as a client would.
const detailsOf = (doc: Record<string, any>, i = 0): Details =>
  doc.coupangDoc.jsonDocument[i].imagePage.details;

/** The colour of the merged page at a point (red, green, blue). */
async function pixel(s: ImageSetup, url: string, left: number, top: number): Promise<number[]> {
  const file = await s.deps.storage.read(url);
  const { data } = await sharp(file!.data)
    .extract({ left, top, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('detail images task (fakes, W §4 Detail images)', () => {
  it('skips processed images, leaves top/bottom out of AI work, merges one 800 px JPEG with them', async () => {
    // The bottom image is the settings' (switched on, and in the list); the top one is found by its file name.
    const s = imageSetup({
      defaults: {
        imageSettings: {
          useTopImage: false,
          topImageUrl: '',
          useBottomImage: true,
          bottomImageUrl: 'memory://company-img/bottom-banner.png',
        },
      },
    });
    const top = await s.put(
      'shop-topimage.png',
      await s.engine.picture({ color: '#cc2233', lines: ['店铺'] }),
    );
    const bottom = await s.put(
      'bottom-banner.png',
      await s.engine.picture({ color: '#22cc44', lines: ['售后'] }),
    );
    const a = await s.put('detail-a.png', await s.engine.picture({ color: '#2233cc', lines: [CHINESE] }));
    const done = await s.put('detail-done.jpg', await s.engine.picture({ color: '#777777' }));
    const id = s.add({
      options: [option(1), option(2)],
      detailImages: [
        top,
        a,
        { url: done, originalUrl: done, requestId: 'EARLIER', processType: 'translated' },
        bottom,
      ],
      coupangDoc: documents(2, { details: {} }),
    });
    const ctx = s.context(id);

    const outcome = await detailImagesTask.run(ctx);

    expect(outcome).toEqual({ status: 'completed' });
    // Only `a` went through the engine and the AI; one partial update.
    expect(s.engine.seen).toEqual([{ lines: [CHINESE], removeAll: false }]);
    expect(s.deps.imageRequests.rows).toHaveLength(1);
    expect(s.ai.calls.map((c) => (c.input as { chArr: string[] }).chArr)).toEqual([[CHINESE]]);
    expect(ctx.events.filter((e) => e.type === 'product-updated')).toHaveLength(1);

    const doc = s.deps.products.docOf(id);
    const records = doc.detailImages as Rec[];
    expect(records.map((r) => r.originalUrl)).toEqual([a, done]);
    expect(records[0]).toMatchObject({ index: 0, processType: 'translated', name: 'IMG01-000001_detail_1' });
    expect((records[0]!.textAreas as { target: string }[]).map((t) => t.target)).toEqual([KOREAN]);
    expect(records[1]).toEqual({
      url: done,
      originalUrl: done,
      requestId: 'EARLIER',
      processType: 'translated',
      index: 1,
    });
    expect(doc.processedDetailImages).toEqual(records);
    const statusObj = doc.detailImageStatusObj as {
      status: string;
      images: Rec[];
      merged: { dimensions: { width: number; height: number } };
    };
    expect(statusObj.status).toBe('completed');
    expect(
      statusObj.images.map((i) => [i.url === top || i.url === bottom ? i.url : 'content', i.processType]),
    ).toEqual([
      [top, 'original'],
      ['content', 'translated'],
      ['content', 'translated'],
      [bottom, 'original'],
    ]);

    // The page: top + two contents + bottom, each 600×600 scaled to 800 wide.
    expect(doc.finalDetailImage).toMatch(/^memory:\/\/company-img\/IMG01_IMG01-000001_detail\.jpg$/);
    const meta = await sharp((await s.deps.storage.read(doc.finalDetailImage))!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 3200]);
    expect(statusObj.merged.dimensions).toEqual({ width: 800, height: 3200 });
    // Red on top, green at the bottom: the frame images are the page's first and last.
    const [r0, g0] = await pixel(s, doc.finalDetailImage, 400, 400);
    expect(r0).toBeGreaterThan(150);
    expect(g0).toBeLessThan(100);
    const [r3, g3] = await pixel(s, doc.finalDetailImage, 400, 2800);
    expect(r3).toBeLessThan(100);
    expect(g3).toBeGreaterThan(150);
    expect(doc.detailHtml).toBe(`<img src="${doc.finalDetailImage}" />`);
    for (const i of [0, 1]) {
      expect(detailsOf(doc, i)).toEqual({
        detailedImage: doc.finalDetailImage,
        htmlProductDetailContent: doc.detailHtml,
      });
    }
  });

  it('translates and merges description pictures fetched from their 1688 host (a local stand-in in tests)', async () => {
    // What an extension capture leaves: the description's pictures on cbu01.alicdn.com, as originals
    // only. The server fetches them itself (here from a stand-in the test maps the host to).
    const engine = createFakeImageEngine();
    const pictures = new Map([
      [
        '/img/ibank/d1.png',
        await engine.picture({ color: '#2233cc', lines: [CHINESE], width: 790, height: 1200 }),
      ],
      [
        '/img/ibank/d2.png',
        await engine.picture({ color: '#cc3322', lines: [CHINESE], width: 400, height: 300 }),
      ],
    ]);
    const seen: string[] = [];
    const standIn = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host}${req.url}`);
      const body = pictures.get(req.url ?? '');
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/png' }).end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
    const port = (standIn.address() as AddressInfo).port;
    try {
      const s = imageSetup({}, engine, {
        hosts: new Map([['cbu01.alicdn.com', { address: '127.0.0.1', port }]]),
      });
      const urls = ['http://cbu01.alicdn.com/img/ibank/d1.png', 'http://cbu01.alicdn.com/img/ibank/d2.png'];
      const id = s.add({ options: [option(1)], originalDetailImages: urls });

      const outcome = await detailImagesTask.run(s.context(id));

      expect(outcome).toEqual({ status: 'completed' });
      // Each picture checked (HEAD) and read (GET) at its own host; the merge reads the stored results.
      expect(seen).toEqual([
        'HEAD cbu01.alicdn.com/img/ibank/d1.png',
        'GET cbu01.alicdn.com/img/ibank/d1.png',
        'HEAD cbu01.alicdn.com/img/ibank/d2.png',
        'GET cbu01.alicdn.com/img/ibank/d2.png',
      ]);
      const doc = s.deps.products.docOf(id);
      const records = doc.detailImages as Rec[];
      expect(records.map((r) => [r.originalUrl, r.processType])).toEqual([
        [urls[0], 'translated'],
        [urls[1], 'translated'],
      ]);
      expect(records.every((r) => r.url.startsWith('memory://company-img/'))).toBe(true);
      expect((records[0]!.textAreas as { target: string }[]).map((t) => t.target)).toEqual([KOREAN]);
      const meta = await sharp((await s.deps.storage.read(doc.finalDetailImage))!.data).metadata();
      // 790×1200 and 400×300 at 800 px wide: 1215 + 600.
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 1815]);
    } finally {
      standIn.closeAllConnections();
      await new Promise<void>((r) => standIn.close(() => r()));
    }
  });

  it("puts the settings' top and bottom images around the page when switched on", async () => {
    const engine = createFakeImageEngine();
    const top = 'memory://company-img/settings-top.png';
    const bottom = 'memory://company-img/settings-bottom.png';
    const s = imageSetup(
      {
        defaults: {
          imageSettings: {
            useTopImage: true,
            topImageUrl: top,
            useBottomImage: true,
            bottomImageUrl: bottom,
          },
        },
      },
      engine,
    );
    await s.put('settings-top.png', await engine.picture({ width: 800, height: 200 }));
    await s.put('settings-bottom.png', await engine.picture({ width: 800, height: 100 }));
    const a = await s.put('detail-a.png', await engine.picture({ width: 800, height: 500 }));
    const id = s.add({ options: [option(1)], originalDetailImages: [a, bottom] });

    expect(await detailImagesTask.run(s.context(id))).toEqual({ status: 'completed' });

    const doc = s.deps.products.docOf(id);
    expect((doc.detailImages as Rec[]).map((r) => [r.url, r.processType])).toEqual([[a, 'original']]);
    expect((doc.detailImageStatusObj.images as Rec[]).map((r) => r.url)).toEqual([top, a, bottom]);
    const meta = await sharp((await s.deps.storage.read(doc.finalDetailImage))!.data).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    expect(engine.seen).toHaveLength(1);
  });

  it('falls back to the individual images when the merge fails; 처리할 이미지가 없습니다 for an empty list', async () => {
    const s = imageSetup();
    const a = await s.put('detail-b.png', await s.engine.picture());
    const gone = 'http://127.0.0.1:9/gone.jpg';
    const id = s.add({
      options: [option(1)],
      detailImages: [a, gone],
      coupangDoc: documents(1, { details: {} }),
    });

    const outcome = await detailImagesTask.run(s.context(id));

    expect(outcome).toEqual({
      status: 'completed',
      message: {
        ko: '이미지 2개 중 1개를 처리하지 못해 원본을 유지했습니다. 상세페이지 병합에 실패해 개별 이미지를 사용합니다.',
        en: '1 of 2 images could not be processed; their originals were kept. The detail page could not be merged; the individual images are used.',
      },
    });
    const doc = s.deps.products.docOf(id);
    expect(doc.finalDetailImage).toBe('');
    expect(doc.detailHtml).toBe(`<img src="${a}" /><img src="${gone}" />`);
    expect(doc.detailImageStatusObj.merged).toBeNull();
    expect((doc.detailImages as Rec[]).map((r) => [r.processType, r.error])).toEqual([
      ['original', undefined],
      ['error', '이미지에 연결할 수 없습니다 (3초)'],
    ]);
    expect(detailsOf(doc)).toEqual({ detailedImage: a, htmlProductDetailContent: doc.detailHtml });

    const empty = s.add({ options: [option(1)], detailImages: [] });
    expect(await detailImagesTask.run(s.context(empty))).toEqual({
      status: 'error',
      message: MESSAGES.noImagesToProcess,
    });
    expect(s.deps.products.docOf(empty).detailImageStatusObj).toBeUndefined();
  });

  it('keeps an image the engine fails on as the original, naming the failure on it; error when none can be loaded', async () => {
    const engine = createFakeImageEngine();
    const s = imageSetup({}, engine);
    const failing = await s.put('detail-fail.png', await engine.picture({ lines: [CHINESE], fails: true }));
    const id = s.add({ options: [option(1)], detailImages: [failing] });

    // A failed translation keeps the original (processType original, docs/decisions.md): the page is made.
    expect(await detailImagesTask.run(s.context(id))).toEqual({
      status: 'completed',
      message: {
        ko: '이미지 1개 중 1개를 처리하지 못해 원본을 유지했습니다.',
        en: '1 of 1 images could not be processed; their originals were kept.',
      },
    });
    expect(s.deps.products.docOf(id).finalDetailImage).toMatch(/_detail\.jpg$/);
    expect((s.deps.products.docOf(id).detailImages as Rec[])[0]).toMatchObject({
      url: failing,
      processType: 'original',
      error: MESSAGES.imageTranslateFailed.ko,
    });

    const none = s.add({ options: [option(1)], detailImages: ['http://127.0.0.1:9/a.jpg'] });
    expect(await detailImagesTask.run(s.context(none))).toMatchObject({ status: 'error' });
    expect(s.deps.products.docOf(none).detailImageStatusObj.status).toBe('error');
  });

  it("keeps the seller's own detail HTML and answers it as skipped", async () => {
    const s = imageSetup();
    const a = await s.put('detail-a.png', await s.engine.picture({ lines: [CHINESE] }));
    const id = s.add({ options: [option(1)], detailImages: [a] });
    const mine = '<p>판매자가 쓴 상세</p>';
    s.deps.products.editAsSeller(id, { detailHtml: mine });

    const outcome = await detailImagesTask.run(s.context(id));

    expect(outcome).toEqual({ status: 'completed', skipped: ['detailHtml'] });
    const doc = s.deps.products.docOf(id);
    expect(doc.detailHtml).toBe(mine);
    expect(doc.finalDetailImage).toMatch(/_detail\.jpg$/);
  });

  it('writes nothing when the run is cancelled between images', async () => {
    const base = createFakeImageEngine();
    const controller = new AbortController();
    const engine = {
      ...base,
      translateImage: (...a: Parameters<typeof base.translateImage>) => {
        controller.abort();
        return base.translateImage(...a);
      },
    };
    const s = imageSetup({}, engine);
    const a = await s.put('detail-a.png', await base.picture({ lines: [CHINESE] }));
    const b = await s.put('detail-b.png', await base.picture({ lines: ['新款'] }));
    const id = s.add({ options: [option(1)], detailImages: [a, b] });
    const ctx = s.context(id, controller.signal);

    await expect(detailImagesTask.run(ctx)).rejects.toMatchObject({ name: 'AbortError' });

    const doc = s.deps.products.docOf(id);
    expect(doc.detailImages).toEqual([a, b]);
    expect(doc.finalDetailImage).toBeUndefined();
    expect(base.seen).toHaveLength(1);
    expect(ctx.events).toEqual([]);
  });
});
