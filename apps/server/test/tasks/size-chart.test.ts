import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aiErrors } from '../../src/ai/ai-error.ts';
import { sizeChartTask } from '../../src/tasks/size-chart/index.ts';
import { createFakeAi, createFakeDeps, type FakeDeps, fakeContext } from '../support/fake-task-deps.ts';
import { registered, TSHIRT } from './size-chart-fixtures.ts';
import { importedTshirt } from './support.ts';

// The size chart task's AI work on fakes of TaskDeps (no database, no app): a product in memory in
// the real T-shirt category, detail images in the fake storage, an AI that answers call by call.
// The rules without AI work are in size-chart-rules.test.ts; the images each protocol sends in
// ../ai/size-chart-protocols.test.ts.

const CHART = {
  found: true,
  sizeType: 'clothing',
  sizeUnits: 'cm',
  sizes: ['S', 'M', 'L'],
  measurements: [
    { name: '衣长', unit: 'cm', values: ['64', '66', '68'] },
    { name: '가슴단면', unit: 'cm', values: ['50', '52', '54'] },
  ],
};
const NO_CHART = { found: false, sizeType: 'other', sizeUnits: 'cm', sizes: [], measurements: [] };
const COMPANY = 'company-fake';

/** `n` detail images in the fake storage, each a different colour. */
async function detailImages(deps: FakeDeps, n: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: (i * 20) % 256, g: 100, b: 150 } },
    })
      .png()
      .toBuffer();
    urls.push((await deps.storage.put(COMPANY, `detail-${i}.png`, png, 'image/png')).url);
  }
  return urls;
}

/** An AI whose answers come in order (a function throws: that request failed); then `rest`. */
function scripted(answers: (unknown | (() => never))[], rest: () => unknown = () => NO_CHART) {
  let n = 0;
  return createFakeAi(() => {
    const next = answers[n++];
    if (next === undefined) return rest();
    return typeof next === 'function' ? (next as () => never)() : next;
  });
}

async function setup(
  ai: ReturnType<typeof createFakeAi>,
  images: number,
  provider: 'gemini' | 'offline' = 'gemini',
  apiKey = 'fake-key',
) {
  const deps = createFakeDeps({
    ai,
    settings: { ai: provider === 'gemini' ? { provider, apiKey } : { provider } },
  });
  const id = deps.products.add(
    registered(TSHIRT, { ...importedTshirt(), detailImages: await detailImages(deps, images) }),
  );
  return { deps, products: deps.products, id, ctx: fakeContext(deps, id, { companyId: COMPANY }) };
}

describe('size chart task (fakes)', () => {
  it('analyses groups of detail images until one holds a chart, then renders and stores it', async () => {
    const ai = scripted([NO_CHART, CHART]);
    const { deps, products, id, ctx } = await setup(ai, 12);
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(outcome.message?.ko).toBe('상세 이미지 2번째 묶음에서 사이즈표를 찾았습니다.');
    expect(ai.calls.map((c) => c.images.length)).toEqual([10, 2]);
    const doc = products.docOf(id);
    expect(doc.sizeChart).toEqual({
      sizeType: 'clothing',
      sizeUnits: 'cm',
      sizes: ['S', 'M', 'L'],
      measurements: [
        { name: '총장', unit: 'cm', values: ['64', '66', '68'] },
        { name: '가슴단면', unit: 'cm', values: ['50', '52', '54'] },
      ],
    });
    expect(doc.sizeChartImage).toMatch(/_sizeChart-.+\.png$/);
    const file = await deps.storage.read(doc.sizeChartImage);
    expect(await sharp(file!.data).metadata()).toMatchObject({ format: 'png', width: 1200 });
    for (const d of doc.coupangDoc.jsonDocument)
      expect(d.imagePage.images.sizeChartImage).toBe(doc.sizeChartImage);
    expect(doc.fieldSources.sizeChart).toBe('ai');
  });

  it('uses the category default when no group holds a chart or the AI fails; at most 30 images', async () => {
    const ai = scripted(
      [
        NO_CHART,
        () => {
          throw aiErrors.http(400, 'bad');
        },
      ],
      () => ({ ...CHART, found: false }),
    );
    const { products, id, ctx } = await setup(ai, 35);
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe(
      '상세 이미지 3개 묶음에서 사이즈표를 찾지 못해 카테고리 기본 사이즈표를 사용했습니다.',
    );
    expect(ai.calls.map((c) => c.images.length)).toEqual([10, 10, 10]);
    const doc = products.docOf(id);
    expect(doc.sizeChart).toMatchObject({
      sizeType: 'clothing',
      sizeUnits: 'cm',
      sizes: ['S', 'M', 'L', 'XL'],
      // issue 42: invented from the category default, to be confirmed by the seller
      fromCategoryDefault: true,
      confirmed: false,
    });
    expect(doc.sizeChart.measurements[0]).toEqual({
      name: '총장',
      unit: 'cm',
      values: ['66', '68', '70', '72'],
    });
    expect(doc.fieldSources.sizeChart).toBe('source');
  });

  it('is skipped (an error) when the provider has no key', async () => {
    const ai = scripted([CHART]);
    const { products, id, ctx } = await setup(ai, 0, 'gemini', '');
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.status).toBe('error');
    expect(outcome.message?.ko).toBe('Gemini API Key가 설정되지 않았습니다. 설정에서 키를 저장해주세요.');
    expect(ai.calls).toHaveLength(0);
    expect(products.docOf(id).sizeChart).toBeUndefined();
  });

  it('keeps a chart the seller edited', async () => {
    const { products, id, ctx } = await setup(scripted([]), 0);
    products.editAsSeller(id, { 'sizeChart.sizes': ['FREE'] });
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.skipped).toEqual(['sizeChart.sizes']);
    expect(products.docOf(id).sizeChart.sizes).toEqual(['FREE']);
  });

  it('with the offline provider’s answers (it reads no images) ends with the category default', async () => {
    const ai = createFakeAi((_work, input, work) => work.offline?.(input));
    const { products, id, ctx } = await setup(ai, 3, 'offline');
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(ai.calls[0]!.images).toHaveLength(3); // the URLs: offline reads no bytes
    const doc = products.docOf(id);
    expect(doc.sizeChart.sizeType).toBe('clothing');
    expect(doc.sizeChartImage).toMatch(/\.png$/);
  });
});
