import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aiErrors } from '../../src/ai/ai-error.ts';
import { koreanLabelTask } from '../../src/tasks/korean-label/index.ts';
import { createFakeAi, createFakeDeps, type FakeDeps, fakeContext } from '../support/fake-task-deps.ts';
import { importedTshirt } from './support.ts';

// The Korean label task on fakes of TaskDeps (no database, no app): a product in memory, an AI that
// answers per work (KOREAN_LABELS batch, KOREAN_LABELS/SINGLE fallback), files in memory. What the
// Gemini and OpenAI protocols send and answer is in ../ai/korean-label-protocols.test.ts.

const LABEL_TYPE = '제품 한글 표시사항 라벨 또는 도안 이미지';
const NUMBERS = ['OPT-1', 'OPT-2'];

/** A product added to registration: option numbers, one option document per option. */
function registered(doc: Record<string, unknown> = importedTshirt()) {
  const options = (doc.options as Record<string, unknown>[]) ?? [];
  return {
    ...doc,
    options: options.map((o, i) => ({ ...o, optionNumber: NUMBERS[i] })),
    coupangDoc: { jsonDocument: options.map(() => ({ imagePage: { images: {} } })) },
  };
}

function setup(answer: Parameters<typeof createFakeAi>[0], provider: 'gemini' | 'offline' = 'gemini') {
  const ai = createFakeAi(answer);
  const deps = createFakeDeps({
    ai,
    settings: {
      ai: provider === 'gemini' ? { provider, apiKey: 'fake-key' } : { provider },
      defaults: { importer: '주식회사 수입' },
    },
  });
  const id = deps.products.add(registered());
  return { ai, deps, products: deps.products, id, ctx: fakeContext(deps, id) };
}
const failed = () => {
  throw aiErrors.http(400, 'bad batch');
};

async function imageOf(deps: FakeDeps, url: string) {
  const file = await deps.storage.read(url);
  expect(file, url).toBeDefined();
  return sharp(file!.data).metadata();
}

describe('Korean label task (fakes)', () => {
  it('writes one label per option from the batch, renders each to a PNG stored as koreanLabel, and fills the documents', async () => {
    const { ai, deps, products, id, ctx } = setup(() => ({
      labels: [
        {
          optionNumber: NUMBERS[0],
          content: '품명: 반팔 티셔츠 화이트 M\n수량: 1개',
          material: '면 100%',
          type: '티셔츠',
        },
        { optionNumber: NUMBERS[1], content: '품명: 반팔 티셔츠 블랙 L', material: '', type: '티셔츠' },
      ],
    }));
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(ai.calls.map((c) => c.work)).toEqual(['KOREAN_LABELS']);
    const doc = products.docOf(id);
    expect(doc.options[0].koreanLabels).toEqual({
      content: '품명: 반팔 티셔츠 화이트 M\n수량: 1개',
      material: '면 100%',
      type: '티셔츠',
    });
    expect(doc.options[1].koreanLabels.material).toBe('상세정보참조'); // blank → the default placeholder
    expect(doc.koreanLabels).toEqual(doc.options[0].koreanLabels);
    const [first, second] = [doc.options[0].koreanLabelImage, doc.options[1].koreanLabelImage];
    expect(first).toMatch(/_koreanLabel-.+\.png$/);
    expect(second).not.toBe(first);
    expect(doc.koreanLabelImage).toBe(first);
    const meta = await imageOf(deps, first);
    expect(meta).toMatchObject({ format: 'png', width: 800 });
    expect(meta.height).toBeGreaterThanOrEqual(400);
    expect(doc.coupangDoc.jsonDocument[1].imagePage.images.labelImages).toEqual([
      { labelImageType: LABEL_TYPE, labelImageFiles: second },
    ]);
    expect(doc.fieldSources['options.0.koreanLabels']).toBe('ai');
  });

  it('runs the single-prompt fallback when the batch fails, one label for every option', async () => {
    const { ai, products, id, ctx } = setup((work) =>
      work === 'KOREAN_LABELS/SINGLE' ? { content: '반팔 티셔츠', material: '면', type: '의류' } : failed(),
    );
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe('옵션별 한글 표시사항 생성이 실패해 단일 요청으로 만들었습니다.');
    expect(ai.calls.map((c) => c.work)).toEqual(['KOREAN_LABELS', 'KOREAN_LABELS/SINGLE']);
    const doc = products.docOf(id);
    expect(doc.options[0].koreanLabels).toEqual({ content: '반팔 티셔츠', material: '면', type: '의류' });
    expect(doc.options[1].koreanLabels).toEqual(doc.options[0].koreanLabels);
    expect(doc.options[1].koreanLabelImage).toBe(doc.options[0].koreanLabelImage); // one image for one label
  });

  it('uses the spec’s defaults when both AI requests fail, and still ends completed', async () => {
    const { ai, deps, products, id, ctx } = setup(() => 'not json at all');
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe('AI 응답을 받지 못해 기본 한글 표시사항을 사용했습니다.');
    expect(ai.calls).toHaveLength(2);
    const doc = products.docOf(id);
    expect(doc.koreanLabels.content).toBe(
      [
        '품명: 여름 순면 반팔 티셔츠 여성',
        '제조자/수입자: 주식회사 수입',
        '제조국: 중국',
        '사용연령: 14세이상',
        '주의사항: 용도 외에 사용금지. 파손및화기주의',
      ].join('\n'),
    );
    expect(doc.koreanLabels.material).toBe('상세정보참조');
    expect(doc.fieldSources.koreanLabels).toBe('source');
    expect((await imageOf(deps, doc.koreanLabelImage)).format).toBe('png');
  });

  it('keeps a label text the seller edited and reports it', async () => {
    const { products, id, ctx } = setup(() => ({
      labels: NUMBERS.map((n) => ({
        optionNumber: n,
        content: 'AI 표시사항',
        material: '면',
        type: '티셔츠',
      })),
    }));
    products.editAsSeller(id, { 'options.0.koreanLabels.content': '셀러가 쓴 표시사항' });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.skipped).toEqual(['options.0.koreanLabels.content']);
    const doc = products.docOf(id);
    expect(doc.options[0].koreanLabels).toEqual({
      content: '셀러가 쓴 표시사항',
      material: '면',
      type: '티셔츠',
    });
    expect(doc.options[1].koreanLabels.content).toBe('AI 표시사항');
    // The seller's text is what option 1's image shows, so the two options have different images.
    expect(doc.options[0].koreanLabelImage).not.toBe(doc.options[1].koreanLabelImage);
  });

  it('labels every option with the offline provider’s answers', async () => {
    const { products, id, ctx } = setup((_work, input, work) => work.offline?.(input), 'offline');
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    const doc = products.docOf(id);
    expect(
      doc.options.every((o: { koreanLabelImage?: string }) => o.koreanLabelImage?.endsWith('.png')),
    ).toBe(true);
    expect(doc.coupangDoc.jsonDocument[0].imagePage.images.labelImages[0].labelImageType).toBe(LABEL_TYPE);
  });
});
