import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../src/ai/limiter/memory-slot-store.ts';
import { taskAiOf } from '../../src/ai/providers/demo-offline-provider.ts';
import { koreanLabelTask } from '../../src/tasks/korean-label/index.ts';
import { createFakeDeps, createMemoryRequestLog, fakeContext } from '../support/fake-task-deps.ts';
import { importedTshirt } from '../tasks/support.ts';
import { type FakeServer, promptOf, startFakeAiServer } from './support/fake-ai-servers.ts';

/** No offline answers here: no untranslated phrases to report. */
const NO_PHRASES = { takeUntranslated: () => [] };

// The KOREAN_LABELS work (batch, then the single-prompt fallback) over the Gemini and OpenAI wire
// protocols: the Korean label task through the real gateway (its request log and send slots in memory) against
// fake HTTP AI servers; products and files are in memory. What the task writes is in
// ../tasks/korean-label.test.ts.

const isSingle = (prompt: string) => prompt.includes('한글 표시사항 하나를 작성하세요');

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
] as const)('KOREAN_LABELS work over the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
  });

  function setup() {
    const fakes = createFakeDeps({
      // A fresh key per test: its own limiter bucket.
      settings: {
        ai: { provider: protocol, apiKey: `test-key-${Math.random().toString(36).slice(2)}` },
        defaults: { importer: '주식회사 수입' },
      },
    });
    const doc = importedTshirt();
    const options = doc.options as Record<string, unknown>[];
    const id = fakes.products.add({
      ...doc,
      options: options.map((o, i) => ({ ...o, optionNumber: `OPT-${i + 1}` })),
      coupangDoc: { jsonDocument: options.map(() => ({ imagePage: { images: {} } })) },
    });
    return {
      products: fakes.products,
      id,
      ctx: fakeContext({ ...fakes, ai: taskAiOf(gateway, NO_PHRASES) }, id),
    };
  }

  it('one batch request; its labels are read per option', async () => {
    const { products, id, ctx } = setup();
    server.fallback = () => ({
      text: JSON.stringify({
        labels: [
          {
            optionNumber: 'OPT-1',
            content: '품명: 반팔 티셔츠 화이트 M',
            material: '면 100%',
            type: '티셔츠',
          },
          { optionNumber: 'OPT-2', content: '품명: 반팔 티셔츠 블랙 L', material: '', type: '티셔츠' },
        ],
      }),
    });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(server.received).toHaveLength(1);
    const doc = products.docOf(id);
    expect(doc.options[0].koreanLabels).toEqual({
      content: '품명: 반팔 티셔츠 화이트 M',
      material: '면 100%',
      type: '티셔츠',
    });
    expect(doc.options[1].koreanLabels.content).toBe('품명: 반팔 티셔츠 블랙 L');
  });

  it('a batch answered 400 is followed by the single-prompt request', async () => {
    const { products, id, ctx } = setup();
    server.fallback = (req) =>
      isSingle(promptOf(req))
        ? { text: JSON.stringify({ content: '반팔 티셔츠', material: '면', type: '의류' }) }
        : { status: 400, message: 'bad batch' };
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.message?.ko).toBe('옵션별 한글 표시사항 생성이 실패해 단일 요청으로 만들었습니다.');
    expect(server.received).toHaveLength(2);
    expect(isSingle(promptOf(server.received[1]!))).toBe(true);
    expect(products.docOf(id).options[1].koreanLabels).toEqual({
      content: '반팔 티셔츠',
      material: '면',
      type: '의류',
    });
  });

  it('answers that are not JSON fail both requests: the spec’s defaults', async () => {
    const { products, id, ctx } = setup();
    server.fallback = () => ({ text: 'not json at all' });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe('AI 응답을 받지 못해 기본 한글 표시사항을 사용했습니다.');
    expect(server.received).toHaveLength(2);
    expect(products.docOf(id).fieldSources.koreanLabels).toBe('source');
  });
});
