import { MESSAGES } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { additionalImagesTask } from '../../src/tasks/additional-images/index.ts';
import { createFakeImageEngine } from '../support/fake-image-engine.ts';
import { CHINESE, documents, imageSetup, KOREAN, option } from './image-task-support.ts';

// The additional images task on fakes of TaskDeps (no database): the real image service, AI
// translation step and upload rules over a scripted engine, files and image requests in memory.

type Rec = Record<string, unknown> & { url: string; originalUrl: string };
// biome-ignore lint/suspicious/noExplicitAny: the document read as a client would.
const joinedOf = (doc: Record<string, any>, i = 0): string =>
  doc.coupangDoc.jsonDocument[i].imagePage.images.additionalImage;

describe('additional images task (fakes)', () => {
  it('takes at most 9 images in order, translates those with Chinese, keeps failures as originals, fills the documents', async () => {
    const s = imageSetup();
    const scene = await s.put('add-scene.png', await s.engine.picture({ lines: [CHINESE, 'S M L'] }));
    const photos = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => s.put(`add-${i}.png`, await s.engine.picture())),
    );
    const broken = await s.put('add-broken.png', Buffer.from('nope'));
    const id = s.add({
      // Blanks and repeats are dropped before the nine are counted.
      mainImages: [scene, ' ', broken, scene, ...photos],
      options: [option(1), option(2)],
      coupangDoc: documents(2),
    });
    const ctx = s.context(id);

    const outcome = await additionalImagesTask.run(ctx);

    expect(outcome).toEqual({
      status: 'partially_completed',
      message: {
        ko: '이미지 9개 중 1개를 처리하지 못해 원본을 유지했습니다.',
        en: '1 of 9 images could not be processed; their originals were kept.',
      },
    });
    const doc = s.deps.products.docOf(id);
    const records = doc.additionalImages as Rec[];
    expect(records.map((r) => r.originalUrl)).toEqual([scene, broken, ...photos.slice(0, 7)]);
    expect(records.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(records[0]).toMatchObject({
      processType: 'translated',
      isTranslated: true,
      name: 'IMG01-000001_add_1',
    });
    expect(records[0]!.url).toMatch(/^memory:\/\/company-img\/IMG01_IMG01-000001_add_1\.jpg$/);
    // What the seller edits later: the lines with the AI's Korean; the size line is left as it is.
    expect(
      (records[0]!.textAreas as { source: string; target: string; translate: boolean }[]).map((t) => [
        t.source,
        t.target,
        t.translate,
      ]),
    ).toEqual([
      [CHINESE, KOREAN, true],
      ['S M L', 'S M L', false],
    ]);
    expect(records[1]).toMatchObject({
      processType: 'error',
      url: broken,
      requestId: null,
      error: '이미지 파일이 아니거나 손상되었습니다',
    });
    // Photos without text are kept as they are (processType original).
    expect(records.slice(2).every((r, k) => r.processType === 'original' && r.url === photos[k])).toBe(true);
    // One AI call, for the one image with Chinese, showing the model the image.
    expect(s.ai.calls.map((c) => [c.work, (c.input as { chArr: string[] }).chArr, c.images.length])).toEqual([
      ['AI_TRANSLATE', [CHINESE], 1],
    ]);
    // Every option document gets the same list, failures left out.
    const joined = records.filter((r) => r.processType !== 'error').map((r) => r.url);
    expect(joinedOf(doc, 0).split(',')).toEqual(joined);
    expect(joinedOf(doc, 1)).toBe(joinedOf(doc, 0));
    expect(ctx.events.filter((e) => e.type === 'product-updated')).toHaveLength(1);
  });

  it('works on the stored list over the 1688 images: processed ones kept, an engine failure keeps the original and says so', async () => {
    const engine = createFakeImageEngine();
    const s = imageSetup({}, engine);
    const done = await s.put('add-done.jpg', await engine.picture({ lines: [CHINESE] }));
    const failing = await s.put('add-fail.png', await engine.picture({ lines: ['新款'], fails: true }));
    const text = await s.put('add-text.png', await engine.picture({ lines: ['新款上市'] }));
    const earlier = {
      url: done,
      originalUrl: done,
      requestId: 'EARLIER',
      processType: 'translated',
      index: 5,
    };
    const id = s.add({
      mainImages: ['memory://company-img/ignored.png'],
      additionalImages: [earlier, failing, text],
      options: [option(1)],
    });

    const outcome = await additionalImagesTask.run(s.context(id));

    expect(outcome).toEqual({
      status: 'completed',
      message: {
        ko: '이미지 3개 중 1개를 처리하지 못해 원본을 유지했습니다.',
        en: '1 of 3 images could not be processed; their originals were kept.',
      },
    });
    const records = s.deps.products.docOf(id).additionalImages as Rec[];
    expect(records[0]).toEqual({ ...earlier, index: 0 });
    expect(records[1]).toMatchObject({
      processType: 'original',
      url: failing,
      error: MESSAGES.imageTranslateFailed.ko,
    });
    expect(records[2]).toMatchObject({ processType: 'translated', name: 'IMG01-000001_add_3' });
    expect(engine.seen.map((x) => x.lines)).toEqual([['新款'], ['新款上市']]);
    // No option documents yet: nothing else written.
    expect(s.deps.products.docOf(id).coupangDoc).toBeUndefined();
  });

  it('ends completed with 처리할 이미지가 없습니다 when the product has no images', async () => {
    const s = imageSetup();
    const id = s.add({ mainImages: [' '], options: [option(1)] });
    expect(await additionalImagesTask.run(s.context(id))).toEqual({
      status: 'completed',
      message: MESSAGES.noImagesToProcess,
    });
    expect(s.deps.products.docOf(id).additionalImages).toBeUndefined();
  });

  it('ends in error when no image can be loaded', async () => {
    const s = imageSetup();
    const id = s.add({
      mainImages: ['http://127.0.0.1:9/a.jpg', 'http://127.0.0.1:9/b.jpg'],
      options: [option(1)],
    });
    const outcome = await additionalImagesTask.run(s.context(id));
    expect(outcome).toMatchObject({
      status: 'error',
      message: { ko: '이미지 2개 중 2개를 처리하지 못해 원본을 유지했습니다.' },
    });
    const records = s.deps.products.docOf(id).additionalImages as Rec[];
    expect(records.map((r) => [r.processType, r.error])).toEqual([
      ['error', '이미지에 연결할 수 없습니다 (3초)'],
      ['error', '이미지에 연결할 수 없습니다 (3초)'],
    ]);
  });

  it("keeps the seller's own list in the option document and answers it as skipped", async () => {
    const s = imageSetup();
    const a = await s.put('add-a.png', await s.engine.picture({ lines: [CHINESE] }));
    const id = s.add({ mainImages: [a], options: [option(1)], coupangDoc: documents(1) });
    const mine = 'https://seller.example/1.jpg,https://seller.example/2.jpg';
    s.deps.products.editAsSeller(id, { 'coupangDoc.jsonDocument.0.imagePage.images.additionalImage': mine });

    const outcome = await additionalImagesTask.run(s.context(id));

    expect(outcome).toEqual({
      status: 'completed',
      skipped: ['coupangDoc.jsonDocument.0.imagePage.images.additionalImage'],
    });
    const doc = s.deps.products.docOf(id);
    expect(joinedOf(doc)).toBe(mine);
    expect((doc.additionalImages as Rec[])[0]).toMatchObject({ processType: 'translated', originalUrl: a });
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
    const a = await s.put('add-a.png', await base.picture({ lines: [CHINESE] }));
    const b = await s.put('add-b.png', await base.picture({ lines: ['新款'] }));
    const id = s.add({ mainImages: [a, b], options: [option(1)], coupangDoc: documents(1) });
    const ctx = s.context(id, controller.signal);

    await expect(additionalImagesTask.run(ctx)).rejects.toMatchObject({ name: 'AbortError' });

    const doc = s.deps.products.docOf(id);
    expect(doc.additionalImages).toBeUndefined();
    expect(joinedOf(doc)).toBeUndefined();
    expect(base.seen).toHaveLength(1);
    expect(ctx.events).toEqual([]);
  });
});
