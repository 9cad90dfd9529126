import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sizeChartTask } from '../../src/tasks/size-chart/index.ts';
import { type FakeServer, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { type Client, createTaskEnv, importedTshirt, newCompany, newProduct, storedDoc } from './support.ts';

const gemini = await startFakeAiServer('gemini');
const openai = await startFakeAiServer('openai');
afterAll(async () => {
  await gemini.close();
  await openai.close();
});
const env = await createTaskEnv({ GEMINI_BASE_URL: gemini.url, OPENAI_BASE_URL: openai.url });

const TSHIRT = 79382; // clothing: its schema lists a size chart image as required

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

/** `n` detail images in the company's storage, each a different colour. */
async function detailImages(client: Client, n: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: (i * 20) % 256, g: 100, b: 150 } },
    })
      .png()
      .toBuffer();
    urls.push((await env.container.storage.put(client.companyId, `detail-${i}.png`, png)).url);
  }
  return urls;
}

/** How many images each request sent, whatever the protocol. */
function imagesPerRequest(server: FakeServer): number[] {
  return server.received.map((r) => {
    const body = r.body as {
      contents?: { parts?: { inlineData?: unknown }[] }[];
      messages?: { content?: { type: string }[] | string }[];
    };
    if (body.contents) return (body.contents[0]?.parts ?? []).filter((p) => p.inlineData).length;
    const content = body.messages?.[0]?.content;
    return Array.isArray(content) ? content.filter((c) => c.type === 'image_url').length : 0;
  });
}

async function imageOf(url: string) {
  const file = await env.container.storage.read(url);
  return sharp(file!.data).metadata();
}

describe.each([
  ['gemini', gemini],
  ['openai', openai],
] as const)('size chart task with the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
  });

  it('analyses groups of detail images until one holds a chart, then renders and stores it', async () => {
    const client = await newCompany(env, protocol);
    const product = await newProduct(
      client,
      { ...importedTshirt(), detailImages: await detailImages(client, 12) },
      TSHIRT,
    );
    expect(product.sizeChartStatus).toBe('pending');
    server.script.push({ text: JSON.stringify(NO_CHART) }, { text: JSON.stringify(CHART) });
    const outcome = await sizeChartTask.run(env.context(client, product._id));
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(outcome.message?.ko).toBe('상세 이미지 2번째 묶음에서 사이즈표를 찾았습니다.');
    expect(imagesPerRequest(server)).toEqual([10, 2]);
    const doc = await storedDoc(env, product._id);
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
    expect(await imageOf(doc.sizeChartImage)).toMatchObject({ format: 'png', width: 1200 });
    for (const d of doc.coupangDoc.jsonDocument)
      expect(d.imagePage.images.sizeChartImage).toBe(doc.sizeChartImage);
    expect(doc.fieldSources.sizeChart).toBe('ai');
  });

  it('uses the category default when no group holds a chart or the AI fails; at most 30 images', async () => {
    const client = await newCompany(env, protocol);
    const product = await newProduct(
      client,
      { ...importedTshirt(), detailImages: await detailImages(client, 35) },
      TSHIRT,
    );
    server.script.push({ text: JSON.stringify(NO_CHART) }, { status: 400, message: 'bad' });
    server.fallback = () => ({ text: JSON.stringify({ ...CHART, found: false }) });
    const outcome = await sizeChartTask.run(env.context(client, product._id));
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe(
      '상세 이미지 3개 묶음에서 사이즈표를 찾지 못해 카테고리 기본 사이즈표를 사용했습니다.',
    );
    expect(imagesPerRequest(server)).toEqual([10, 10, 10]);
    const doc = await storedDoc(env, product._id);
    expect(doc.sizeChart).toMatchObject({
      sizeType: 'clothing',
      sizeUnits: 'cm',
      sizes: ['S', 'M', 'L', 'XL'],
    });
    expect(doc.sizeChart.measurements[0]).toEqual({
      name: '총장',
      unit: 'cm',
      values: ['66', '68', '70', '72'],
    });
    expect(doc.fieldSources.sizeChart).toBe('source');
  });

  it('is skipped (an error) when the provider has no key', async () => {
    const client = await newCompany(env, protocol, { key: null });
    const product = await newProduct(client, importedTshirt(), TSHIRT);
    const outcome = await sizeChartTask.run(env.context(client, product._id));
    expect(outcome.status).toBe('error');
    expect(outcome.message?.ko).toBe('Gemini API Key가 설정되지 않았습니다. 설정에서 키를 저장해주세요.');
    expect(server.received).toHaveLength(0);
    expect((await storedDoc(env, product._id)).sizeChart).toBeUndefined();
  });

  it('keeps a chart the seller edited', async () => {
    const client = await newCompany(env, protocol);
    const product = await newProduct(client, importedTshirt(), TSHIRT);
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'sizeChart.sizes': ['FREE'] },
    });
    const outcome = await sizeChartTask.run(env.context(client, product._id));
    expect(outcome.skipped).toEqual(['sizeChart.sizes']);
    expect((await storedDoc(env, product._id)).sizeChart.sizes).toEqual(['FREE']);
  });
});

describe('size chart task without AI work', () => {
  it('with the offline provider (which reads no images) ends with the category default', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(
      client,
      { ...importedTshirt(), detailImages: await detailImages(client, 3) },
      TSHIRT,
    );
    const outcome = await sizeChartTask.run(env.context(client, product._id));
    expect(outcome.status).toBe('completed');
    const doc = await storedDoc(env, product._id);
    expect(doc.sizeChart.sizeType).toBe('clothing');
    expect(doc.sizeChartImage).toMatch(/\.png$/);
  });
});
