import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../src/ai/limiter/memory-slot-store.ts';
import { taskAiOf } from '../../src/ai/providers/demo-offline-provider.ts';
import { sizeChartTask } from '../../src/tasks/size-chart/index.ts';
import { createFakeDeps, createMemoryRequestLog, fakeContext } from '../support/fake-task-deps.ts';
import { registered, TSHIRT } from '../tasks/size-chart-fixtures.ts';
import { importedTshirt } from '../tasks/support.ts';
import { type FakeServer, startFakeAiServer } from './support/fake-ai-servers.ts';

/** No offline answers here: no untranslated phrases to report. */
const NO_PHRASES = { takeUntranslated: () => [] };

// The SIZE_CHART work over the Gemini and OpenAI wire protocols: the images of each group go inline
// (Gemini inlineData, OpenAI image_url), a 400 moves on to the next group, no key sends nothing. The
// size chart task runs through the real gateway (its request log and send slots in memory) against fake HTTP AI
// servers; products and files are in memory. What the task writes is in ../tasks/size-chart.test.ts.

const CHART = {
  found: true,
  sizeType: 'clothing',
  sizeUnits: 'cm',
  sizes: ['S', 'M', 'L'],
  measurements: [{ name: '가슴단면', unit: 'cm', values: ['50', '52', '54'] }],
};
const NO_CHART = { found: false, sizeType: 'other', sizeUnits: 'cm', sizes: [], measurements: [] };
const COMPANY = 'company-fake';

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

const gemini = await startFakeAiServer('gemini');
const openai = await startFakeAiServer('openai');
let gateway: AiGateway;
beforeAll(async () => {
  // The request log and the send slots in memory: no PostgreSQL.
  gateway = createAiGateway({
    requestLog: createMemoryRequestLog(),
    slotStore: createMemorySlotStore(),
    geminiBaseUrl: gemini.url,
    openaiBaseUrl: openai.url,
  });
});
afterAll(async () => {
  await gemini.close();
  await openai.close();
});

describe.each([
  ['gemini', gemini],
  ['openai', openai],
] as const)('SIZE_CHART work over the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
    server.fallback = () => ({ text: JSON.stringify(NO_CHART) });
  });

  async function setup(
    images: number,
    key: string | null = `test-key-${Math.random().toString(36).slice(2)}`,
  ) {
    const fakes = createFakeDeps({
      settings: { ai: key ? { provider: protocol, apiKey: key } : { provider: protocol } },
    });
    const urls: string[] = [];
    for (let i = 0; i < images; i++) {
      const png = await sharp({
        create: { width: 400, height: 400, channels: 3, background: { r: (i * 20) % 256, g: 100, b: 150 } },
      })
        .png()
        .toBuffer();
      urls.push((await fakes.storage.put(COMPANY, `detail-${i}.png`, png, 'image/png')).url);
    }
    const id = fakes.products.add(registered(TSHIRT, { ...importedTshirt(), detailImages: urls }));
    const ctx = fakeContext({ ...fakes, ai: taskAiOf(gateway, NO_PHRASES) }, id, { companyId: COMPANY });
    return { products: fakes.products, id, ctx };
  }

  it('sends each group’s images inline until an answer holds a chart', async () => {
    const { products, id, ctx } = await setup(12);
    server.script.push({ text: JSON.stringify(NO_CHART) }, { text: JSON.stringify(CHART) });
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.message?.ko).toBe('상세 이미지 2번째 묶음에서 사이즈표를 찾았습니다.');
    expect(imagesPerRequest(server)).toEqual([10, 2]);
    expect(products.docOf(id).sizeChart.sizes).toEqual(['S', 'M', 'L']);
  });

  it('a group answered 400 moves on to the next; at most 30 images', async () => {
    const { products, id, ctx } = await setup(35);
    server.script.push({ text: JSON.stringify(NO_CHART) }, { status: 400, message: 'bad' });
    server.fallback = () => ({ text: JSON.stringify({ ...CHART, found: false }) });
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.message?.ko).toBe(
      '상세 이미지 3개 묶음에서 사이즈표를 찾지 못해 카테고리 기본 사이즈표를 사용했습니다.',
    );
    expect(imagesPerRequest(server)).toEqual([10, 10, 10]);
    expect(products.docOf(id).fieldSources.sizeChart).toBe('source');
  });

  it('no key: nothing is sent', async () => {
    const { ctx } = await setup(3, null);
    const outcome = await sizeChartTask.run(ctx);
    expect(outcome.status).toBe('error');
    expect(server.received).toHaveLength(0);
  });
});
