import { containsCjk } from '@rr/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../src/ai/limiter/memory-slot-store.ts';
import { taskAiOf } from '../../src/ai/providers/demo-offline-provider.ts';
import { seoTask } from '../../src/tasks/seo/index.ts';
import { createFakeDeps, createMemoryRequestLog, fakeContext } from '../support/fake-task-deps.ts';
import { GOOD_SEO } from '../tasks/seo-fixtures.ts';
import { importedTshirt } from '../tasks/support.ts';
import { type FakeServer, promptOf, startFakeAiServer } from './support/fake-ai-servers.ts';

/** No offline answers here: no untranslated phrases to report. */
const NO_PHRASES = { takeUntranslated: () => [] };

// The SEO and SEO_VALIDATION work over the Gemini and OpenAI wire protocols: the SEO task through the
// real gateway (its request log and send slots in memory) against fake HTTP AI servers; products are in memory.
// What the task writes from any answer is in ../tasks/seo.test.ts.

const isValidation = (prompt: string) => prompt.includes('중국어(한자)나 일본어가 남아 있는지');

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
] as const)('SEO work over the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
  });

  function setup() {
    const fakes = createFakeDeps({
      // A fresh key per test: its own limiter bucket.
      settings: { ai: { provider: protocol, apiKey: `test-key-${Math.random().toString(36).slice(2)}` } },
    });
    const deps = { ...fakes, ai: taskAiOf(gateway, NO_PHRASES) };
    const doc = importedTshirt();
    const id = fakes.products.add({
      ...doc,
      options: (doc.options as Record<string, unknown>[]).map((o, i) => ({
        ...o,
        optionNumber: `OPT-${i + 1}`,
      })),
    });
    return { products: fakes.products, id, ctx: fakeContext(deps, id) };
  }

  it('one SEO request carries the product; its answer is read (names, option names)', async () => {
    const { products, id, ctx } = setup();
    server.fallback = () => ({
      text: JSON.stringify({
        ...GOOD_SEO,
        options: [
          { optionNumber: 'OPT-1', korName: '화이트 M 🤍' },
          { optionNumber: 'OPT-2', korName: '블랙 L' },
        ],
      }),
    });
    const outcome = await seoTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(server.received).toHaveLength(1); // no Chinese left: no validation request
    expect(promptOf(server.received[0]!)).toContain('夏季纯棉短袖T恤女');
    const doc = products.docOf(id);
    expect(doc.seo.productName).toMatch(/^여름 순면 반팔 티셔츠/);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['화이트 M', '블랙 L']);
  });

  it('Chinese left goes in an SEO_VALIDATION request; its answer is used', async () => {
    const { products, id, ctx } = setup();
    server.fallback = (req) =>
      isValidation(promptOf(req))
        ? {
            text: JSON.stringify({
              results: [
                { original: '纯棉 반팔 티셔츠', corrected: '순면 반팔 티셔츠', hadForeignText: true },
              ],
            }),
          }
        : { text: JSON.stringify({ ...GOOD_SEO, productName: '纯棉 반팔 티셔츠', options: [] }) };
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(server.received).toHaveLength(2);
    expect(promptOf(server.received[1]!)).toContain('纯棉 반팔 티셔츠');
    expect(products.docOf(id).seo.productName).toBe('순면 반팔 티셔츠');
  });

  it('an SEO_VALIDATION answered 400 falls back to the replacement table', async () => {
    const { products, id, ctx } = setup();
    server.fallback = (req) =>
      isValidation(promptOf(req))
        ? { status: 400, message: 'bad request' }
        : { text: JSON.stringify({ ...GOOD_SEO, productName: '红色 纯棉 티셔츠', options: [] }) };
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toContain('치환표');
    const name = products.docOf(id).seo.productName as string;
    expect(containsCjk(name)).toBe(false);
    expect(name).toContain('티셔츠');
  });

  it('an SEO request answered 400 leaves the default SEO data, and says so', async () => {
    const { products, id, ctx } = setup();
    server.fallback = () => ({ status: 400, message: 'invalid argument' });
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toMatch(/^AI 응답을 받지 못해 기본 SEO 데이터를 사용했습니다/);
    expect(products.docOf(id).seo.productName).toBe('여름 순면 반팔 티셔츠 여성');
  });
});
