import { containsCjk } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { aiErrors } from '../../src/ai/ai-error.ts';
import { seoTask } from '../../src/tasks/seo/index.ts';
import { createFakeAi, createFakeDeps, fakeContext } from '../support/fake-task-deps.ts';
import { GOOD_SEO } from './seo-fixtures.ts';
import { importedTshirt } from './support.ts';

// The SEO task on fakes of TaskDeps (no database, no app): a product in memory, an AI that answers
// per work type. What the Gemini and OpenAI protocols send and answer is in ../ai/seo-protocols.test.ts.

/** A product added to registration: option numbers, one option document per option. */
function registered(doc: Record<string, unknown> = importedTshirt()) {
  const options = (doc.options as Record<string, unknown>[]) ?? [];
  return {
    ...doc,
    options: options.map((o, i) => ({ ...o, optionNumber: `OPT-${i + 1}` })),
    coupangDoc: {
      productName: '',
      jsonDocument: options.map(() => ({ startPage: { productName: '' } })),
    },
  };
}
const NUMBERS = ['OPT-1', 'OPT-2'];

type Answer = Parameters<typeof createFakeAi>[0];
function setup(answer: Answer, doc: Record<string, unknown> = registered()) {
  const ai = createFakeAi(answer);
  const deps = createFakeDeps({ ai, settings: { ai: { provider: 'gemini', apiKey: 'fake-key' } } });
  const id = deps.products.add(doc);
  return { ai, deps, products: deps.products, id, ctx: fakeContext(deps, id) };
}
const failed = () => {
  throw aiErrors.http(400, 'invalid argument');
};

describe('SEO task (fakes)', () => {
  it('writes the AI’s SEO within the spec’s limits, each option’s Korean name, and the weighted score', async () => {
    const { ai, products, id, ctx } = setup(() => ({
      ...GOOD_SEO,
      options: [
        { optionNumber: NUMBERS[0], korName: '화이트 M 🤍' },
        { optionNumber: NUMBERS[1], korName: '블랙 L' },
      ],
    }));
    const outcome = await seoTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(ai.calls.map((c) => c.work)).toEqual(['SEO']); // no Chinese left: no validation request
    expect(JSON.stringify(ai.calls[0]!.input)).toContain('夏季纯棉短袖T恤女');
    const doc = products.docOf(id);
    expect(Array.from(doc.seo.productName as string).length).toBeLessThanOrEqual(70);
    expect(doc.seo.productName).toMatch(/^여름 순면 반팔 티셔츠/);
    expect(doc.seo.productName).not.toContain('🔥');
    expect(doc.seo.keywords).toHaveLength(10);
    expect(doc.seo.features).toEqual(['순면 100%', '라운드넥', '오버핏']);
    expect(doc.seo.options).toEqual([
      { optionNumber: NUMBERS[0], korName: '화이트 M' },
      { optionNumber: NUMBERS[1], korName: '블랙 L' },
    ]);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['화이트 M', '블랙 L']);
    // name ≥ 20 chars → 100, 10 keywords → 100, description 56 chars → 100, 3 features → 60:
    // 0.3·100 + 0.3·100 + 0.25·100 + 0.15·60 = 94
    expect(doc.seo.scoreBreakdown).toEqual({ name: 100, keywords: 100, description: 100, features: 60 });
    expect(doc.seo.score).toBe(94);
    expect(doc.fieldSources).toMatchObject({ 'seo.productName': 'ai', 'options.0.korName': 'ai' });
  });

  it('sends Chinese the AI left to SEO_VALIDATION and uses its Korean', async () => {
    const { ai, products, id, ctx } = setup((work) =>
      work === 'SEO_VALIDATION'
        ? { results: [{ original: '纯棉 반팔 티셔츠', corrected: '순면 반팔 티셔츠', hadForeignText: true }] }
        : { ...GOOD_SEO, productName: '纯棉 반팔 티셔츠' },
    );
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(ai.calls.map((c) => c.work)).toEqual(['SEO', 'SEO_VALIDATION']);
    expect(ai.calls[1]!.input).toMatchObject({ texts: ['纯棉 반팔 티셔츠'] });
    expect(products.docOf(id).seo.productName).toBe('순면 반팔 티셔츠');
  });

  it('falls back to the replacement table when SEO_VALIDATION fails', async () => {
    const { products, id, ctx } = setup((work) =>
      work === 'SEO_VALIDATION' ? failed() : { ...GOOD_SEO, productName: '红色 纯棉 티셔츠' },
    );
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toContain('치환표');
    const name = products.docOf(id).seo.productName as string;
    expect(containsCjk(name)).toBe(false);
    expect(name).toContain('티셔츠');
  });

  it('uses the default SEO data when the AI fails, and says so', async () => {
    const { products, id, ctx } = setup(failed);
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toMatch(/^AI 응답을 받지 못해 기본 SEO 데이터를 사용했습니다/);
    const doc = products.docOf(id);
    expect(doc.seo.productName).toBe('여름 순면 반팔 티셔츠 여성');
    expect(doc.seo.keywords).toEqual(['여름', '순면', '반팔', '티셔츠', '여성']);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['화이트 M', '블랙 L']);
    expect(doc.fieldSources['seo.productName']).toBe('source');
  });

  it('the SEO name is every document’s name; a document name the seller edited stays theirs (issue 20)', async () => {
    const { products, id, ctx } = setup(() => GOOD_SEO);
    const docs = products.docOf(id).coupangDoc.jsonDocument as unknown[];
    expect(docs.length).toBeGreaterThanOrEqual(2);
    products.editAsSeller(id, { 'coupangDoc.jsonDocument.1.startPage.productName': '셀러가 지은 문서 이름' });
    expect((await seoTask.run(ctx)).status).toBe('completed');
    const doc = products.docOf(id);
    const names = (doc.coupangDoc.jsonDocument as { startPage: { productName: string } }[]).map(
      (d) => d.startPage.productName,
    );
    expect(doc.seo.productName).toMatch(/^여름 순면 반팔 티셔츠/);
    expect(doc.coupangDoc.productName).toBe(doc.seo.productName);
    expect(names[0]).toBe(doc.seo.productName);
    expect(names[1]).toBe('셀러가 지은 문서 이름');
  });

  it('keeps the name the seller edited, reports it, and scores what is stored', async () => {
    const { products, id, ctx } = setup(() => GOOD_SEO);
    products.editAsSeller(id, { 'seo.productName': '셀러 티셔츠', 'options.1.korName': '셀러 블랙' });
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.skipped).toEqual(['seo.productName', 'options.1.korName']);
    expect(outcome.message?.ko).toContain('직접 수정한 항목 2개는 그대로 두었습니다');
    const doc = products.docOf(id);
    expect(doc.seo.productName).toBe('셀러 티셔츠');
    expect(doc.options[1].korName).toBe('셀러 블랙');
    expect(doc.seo.keywords).toHaveLength(10);
    expect(doc.seo.scoreBreakdown.name).toBe(30); // 6 characters of 20
  });

  it('makes Korean SEO from the product with the offline provider’s answers', async () => {
    const { products, id, ctx } = setup(
      (_work, input, work) => work.offline?.(input),
      registered({ ...importedTshirt(), productNameTrans: '' }),
    );
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    const doc = products.docOf(id);
    expect(doc.seo.productName).not.toBe('');
    expect(containsCjk(doc.seo)).toBe(false);
    expect(doc.options.every((o: { korName: string }) => o.korName !== '' && !containsCjk(o.korName))).toBe(
      true,
    );
  });

  it('a later run keeps every field of the seller’s manual SEO entry', async () => {
    const { products, id, ctx } = setup(() => GOOD_SEO);
    products.editAsSeller(id, {
      'seo.productName': '직접 쓴 여름 반팔 티셔츠',
      'seo.keywords': ['반팔', '티셔츠'],
      'seo.features': ['시원함'],
      'options.0.korName': '하양 M',
    });
    const outcome = await seoTask.run(ctx);
    expect(outcome.skipped).toEqual(
      expect.arrayContaining(['seo.productName', 'seo.keywords', 'seo.features', 'options.0.korName']),
    );
    const doc = products.docOf(id);
    expect(doc.seo.productName).toBe('직접 쓴 여름 반팔 티셔츠');
    expect(doc.seo.keywords).toEqual(['반팔', '티셔츠']);
    expect(doc.options[0].korName).toBe('하양 M');
    expect(doc.options[1].korName).not.toBe('');
  });

  it('a cancelled run leaves the product pending', async () => {
    const { ai, products, id, deps } = setup(() => GOOD_SEO, importedTshirt());
    const controller = new AbortController();
    controller.abort();
    const outcome = await seoTask.run(fakeContext(deps, id, { signal: controller.signal }));
    expect(outcome.status).toBe('pending');
    expect(products.docOf(id).seo).toBeUndefined();
    expect(ai.calls).toHaveLength(0);
  });
});

describe('SEO task with keywords collected on Coupang (issue 42, fakes)', () => {
  const row = (keyword: string, source: 'related' | 'autocomplete', rank: number) => ({
    id: `k-${source}-${rank}`,
    productId: 'p',
    seed: '여름 티셔츠',
    keyword,
    source,
    rank,
    count: null,
    collectedAt: new Date(),
  });

  it("puts the product's collected keywords first and marks seo.keywords as collected", async () => {
    const { deps, products, id } = setup(() => GOOD_SEO);
    const asked: string[] = [];
    const withKeywords = {
      ...deps,
      keywords: {
        async forProduct(_companyId: string, productId: string) {
          asked.push(productId);
          return [
            row('여름 티셔츠 여성', 'autocomplete', 1),
            row('반팔티', 'related', 2),
            row('오버핏 티셔츠', 'related', 1),
            row('短袖', 'related', 3),
          ];
        },
      },
    };
    const outcome = await seoTask.run(fakeContext(withKeywords, id));
    expect(outcome.status).toBe('completed');
    expect(asked).toEqual([id]);
    const doc = products.docOf(id);
    expect(doc.seo.keywords.slice(0, 3)).toEqual(['오버핏 티셔츠', '반팔티', '여름 티셔츠 여성']);
    expect(doc.seo.keywords).toHaveLength(10);
    expect(doc.seo.keywords).not.toContain('短袖');
    expect(doc.seo.keywords.slice(3)).toEqual(GOOD_SEO.keywords.slice(0, 7));
    expect(doc.fieldSources).toMatchObject({ 'seo.keywords': 'collected', 'seo.productName': 'ai' });
  });

  it('without collected keywords the AI keywords stay and are marked as the AI’s', async () => {
    const { deps, products, id } = setup(() => GOOD_SEO);
    const none = { ...deps, keywords: { forProduct: async () => [] } };
    await seoTask.run(fakeContext(none, id));
    const doc = products.docOf(id);
    expect(doc.seo.keywords).toEqual(GOOD_SEO.keywords.slice(0, 10));
    expect(doc.fieldSources['seo.keywords']).toBe('ai');
  });
});
