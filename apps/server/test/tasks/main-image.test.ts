import { MESSAGES } from '@rr/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mainImageTask } from '../../src/tasks/main-image/index.ts';
import { createFakeImageEngine } from '../support/fake-image-engine.ts';
import { CHINESE, documents, imageSetup, option, watching } from './image-task-support.ts';

// The main image task on fakes of TaskDeps (no database): the real image service and upload rules
// over a scripted engine, files and image requests in memory. The task over the real engine and
// PostgreSQL stays in ../images/image-tasks.pg.test.ts.

type OptionStatus = Record<string, unknown> & { processedImage: string };
// biome-ignore lint/suspicious/noExplicitAny: the document read as a client would.
const statusesOf = (doc: Record<string, any>): OptionStatus[] =>
  doc.options.map((o: { mainImageStatus: OptionStatus }) => o.mainImageStatus);

describe('main image task (fakes, W §4 Main image)', () => {
  it('removes the text of each option image (one run per source), fits small ones to 800×800, ends completed', async () => {
    const s = imageSetup();
    const shared = await s.put(
      'main-a.png',
      await s.engine.picture({ lines: [CHINESE], width: 640, height: 480 }),
    );
    const small = await s.put(
      'main-b.png',
      await s.engine.picture({ lines: ['特价'], width: 300, height: 300 }),
    );
    const id = s.add({
      mainImages: [shared],
      options: [option(1, shared), option(2), option(3, small)],
      coupangDoc: documents(3),
      mainImageStatus: 'pending',
    });
    const { ctx, seen } = watching(s, id, (d) => d.mainImageStatus);

    const outcome = await mainImageTask.run(ctx);

    expect(outcome).toEqual({ status: 'completed' });
    const doc = s.deps.products.docOf(id);
    const options = statusesOf(doc);
    for (const o of options) {
      expect(o).toMatchObject({ status: 'completed', textRemoved: true });
      expect(o.processedImage).toMatch(/^memory:\/\/company-img\/IMG01_IMG01-000001_main_\d\.jpg$/);
      expect(o.filesize).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    }
    // Options 1 and 2 show the same source image (2 has none of its own: the product's first).
    expect(options.map((o) => o.image)).toEqual([shared, shared, small]);
    expect(options[0]!.requestId).toBe(options[1]!.requestId);
    expect(options[0]!.processedImage).toMatch(/_main_1\.jpg$/);
    expect(options[2]!.processedImage).toMatch(/_main_2\.jpg$/);
    expect(s.engine.seen).toEqual([
      { lines: [CHINESE], removeAll: true },
      { lines: ['特价'], removeAll: true },
    ]);
    expect(s.deps.imageRequests.rows.map((r) => r.kind)).toEqual(['cleanup', 'cleanup']);
    // Text on a representative image is removed, not translated: no AI call.
    expect(s.ai.calls).toEqual([]);
    // The fit rule: 640×480 is kept as it is; 300×300 (under 400 px) goes onto an 800×800 canvas.
    expect(options[0]!.dimensions).toEqual({ width: 640, height: 480 });
    expect(options[2]!.dimensions).toEqual({ width: 800, height: 800 });
    const fitted = await sharp((await s.deps.storage.read(options[2]!.processedImage))!.data).metadata();
    expect([fitted.format, fitted.width, fitted.height]).toEqual(['jpeg', 800, 800]);
    // The product: partially_completed from the first finished option, completed with the last.
    expect(seen).toEqual(['partially_completed', 'partially_completed', 'completed']);
    expect(ctx.events).toEqual(Array(3).fill({ type: 'product-updated', productId: id }));
    expect(doc.mainImageStatus).toBe('completed');
    expect(
      doc.coupangDoc.jsonDocument.map(
        (d: { imagePage: { images: { mainImage: string } } }) => d.imagePage.images.mainImage,
      ),
    ).toEqual(options.map((o) => o.processedImage));
    expect(s.deps.products.docOf(id).fieldSources['options.0.mainImageStatus']).toBe('ai');
  });

  it('keeps the original with textRemoved false and the reason when an option fails; partially_completed', async () => {
    const s = imageSetup();
    const good = await s.put('main-good.png', await s.engine.picture({ lines: [CHINESE] }));
    const broken = await s.put('main-broken.png', Buffer.from('not an image at all'));
    const id = s.add({ mainImages: [], options: [option(1, good), option(2, broken)] });
    const { ctx, seen } = watching(s, id, (d) => d.mainImageStatus);

    const outcome = await mainImageTask.run(ctx);

    expect(outcome).toEqual({
      status: 'partially_completed',
      message: {
        ko: '대표이미지 2개 중 1개를 번역하지 못해 원본 이미지를 유지했습니다.',
        en: '1 of 2 main images could not be translated; their originals were kept.',
      },
    });
    expect(seen).toEqual(['partially_completed', 'partially_completed']);
    const options = statusesOf(s.deps.products.docOf(id));
    expect(options[0]).toMatchObject({ status: 'completed', textRemoved: true });
    expect(options[1]).toEqual({
      status: 'error',
      image: broken,
      processedImage: broken,
      textRemoved: false,
      requestId: null,
      error: '이미지 파일이 아니거나 손상되었습니다',
    });
  });

  it('ends in error when every option fails, each keeping its original and naming why', async () => {
    const engine = createFakeImageEngine();
    const s = imageSetup({}, engine);
    const failing = await s.put('main-fail.png', await engine.picture({ lines: [CHINESE], fails: true }));
    const unreachable = 'http://127.0.0.1:9/x.jpg';
    const id = s.add({ options: [option(1, failing), option(2, unreachable), option(3)] });

    const outcome = await mainImageTask.run(s.context(id));

    expect(outcome).toMatchObject({
      status: 'error',
      message: { ko: '대표이미지 3개 중 3개를 번역하지 못해 원본 이미지를 유지했습니다.' },
    });
    // The product's end status is the outcome's, which the runner writes.
    const options = statusesOf(s.deps.products.docOf(id));
    expect(options.map((o) => [o.status, o.processedImage, o.textRemoved, o.error])).toEqual([
      // The engine failed: the original is kept, the seller reads "image translation failed".
      ['error', failing, false, MESSAGES.imageTranslateFailed.ko],
      // The image does not answer: the original is kept, the seller reads why.
      ['error', unreachable, false, '이미지에 연결할 수 없습니다 (3초)'],
      // No image at all (no SKU image, no product image).
      ['error', '', false, undefined],
    ]);
    expect(s.deps.imageRequests.rows).toEqual([]);
  });

  it('needs options (처리할 옵션이 없습니다) and keeps an image without text as it is', async () => {
    const s = imageSetup();
    const none = s.add({ mainImages: ['x'], options: [] });
    expect(await mainImageTask.run(s.context(none))).toEqual({
      status: 'error',
      message: MESSAGES.noOptionsToProcessKo,
    });
    expect(s.deps.products.docOf(none).mainImageStatus).toBeUndefined();

    const photo = await s.put('photo.png', await s.engine.picture());
    const id = s.add({ options: [option(1, photo)] });
    expect(await mainImageTask.run(s.context(id))).toEqual({ status: 'completed' });
    expect(statusesOf(s.deps.products.docOf(id))[0]).toMatchObject({
      status: 'completed',
      image: photo,
      processedImage: photo,
      textRemoved: false,
    });
  });

  it('keeps options already completed from the same source image; redoes one whose image changed', async () => {
    const s = imageSetup();
    const a = await s.put('main-a.png', await s.engine.picture({ lines: [CHINESE] }));
    const b = await s.put('main-b.png', await s.engine.picture({ lines: ['新款'] }));
    const earlier = {
      status: 'completed',
      image: a,
      processedImage: 'memory://company-img/earlier.jpg',
      textRemoved: true,
      requestId: 'EARLIER',
    };
    const id = s.add({
      options: [
        { ...option(1, a), mainImageStatus: earlier },
        // Completed from `a`, but the option now shows `b`: done again.
        { ...option(2, b), mainImageStatus: { ...earlier, requestId: 'EARLIER-2' } },
      ],
    });

    expect(await mainImageTask.run(s.context(id))).toEqual({ status: 'completed' });

    const options = statusesOf(s.deps.products.docOf(id));
    expect(options[0]).toEqual(earlier);
    expect(options[1]).toMatchObject({ status: 'completed', image: b, textRemoved: true });
    expect(options[1]!.requestId).not.toBe('EARLIER-2');
    expect(s.engine.seen).toEqual([{ lines: ['新款'], removeAll: true }]);
  });

  it("keeps the seller's own main image in the option document and answers it as skipped", async () => {
    const s = imageSetup();
    const a = await s.put('main-a.png', await s.engine.picture({ lines: [CHINESE] }));
    const id = s.add({ options: [option(1, a), option(2, a)], coupangDoc: documents(2) });
    const mine = 'https://seller.example/my-main.jpg';
    s.deps.products.editAsSeller(id, { 'coupangDoc.jsonDocument.1.imagePage.images.mainImage': mine });

    const outcome = await mainImageTask.run(s.context(id));

    expect(outcome).toEqual({
      status: 'completed',
      skipped: ['coupangDoc.jsonDocument.1.imagePage.images.mainImage'],
    });
    const doc = s.deps.products.docOf(id);
    const options = statusesOf(doc);
    expect(doc.coupangDoc.jsonDocument[0].imagePage.images.mainImage).toBe(options[0]!.processedImage);
    expect(doc.coupangDoc.jsonDocument[1].imagePage.images.mainImage).toBe(mine);
    // The option's own status is the task's record and is written.
    expect(options[1]).toMatchObject({ status: 'completed', textRemoved: true });
  });

  it('stops at the next option when the run is cancelled; what was finished stays', async () => {
    const base = createFakeImageEngine();
    const controller = new AbortController();
    // The seller cancels while the first option's image is in the engine.
    const engine = {
      ...base,
      analyze: (...a: Parameters<typeof base.analyze>) => {
        controller.abort();
        return base.analyze(...a);
      },
    };
    const s = imageSetup({}, engine);
    const a = await s.put('main-a.png', await base.picture({ lines: [CHINESE] }));
    const b = await s.put('main-b.png', await base.picture({ lines: ['新款'] }));
    const id = s.add({ options: [option(1, a), option(2, b)] });

    await expect(mainImageTask.run(s.context(id, controller.signal))).rejects.toMatchObject({
      name: 'AbortError',
    });

    const doc = s.deps.products.docOf(id);
    const options = doc.options as { mainImageStatus?: OptionStatus }[];
    expect(options[0]!.mainImageStatus).toMatchObject({ status: 'completed', image: a });
    expect(options[1]!.mainImageStatus).toBeUndefined();
    expect(doc.mainImageStatus).toBe('partially_completed');
    expect(base.seen).toHaveLength(1);
  });
});
