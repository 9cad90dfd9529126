import { containsCjk } from '@rr/domain';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seoTask } from '../../src/tasks/seo/index.ts';
import { type FakeServer, promptOf, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { createTaskEnv, importedTshirt, newCompany, newProduct, storedDoc } from './support.ts';

const gemini = await startFakeAiServer('gemini');
const openai = await startFakeAiServer('openai');
afterAll(async () => {
  await gemini.close();
  await openai.close();
});
const env = await createTaskEnv({ GEMINI_BASE_URL: gemini.url, OPENAI_BASE_URL: openai.url });

const isValidation = (prompt: string) => prompt.includes('중국어(한자)나 일본어가 남아 있는지');

const GOOD_SEO = {
  productName: `🔥 여름 순면 반팔 티셔츠 여성 라운드넥 데일리 기본 무지 티 ${'오버핏 '.repeat(6)}`,
  keywords: Array.from({ length: 12 }, (_, i) => `키워드${i}`),
  metaDescription:
    '시원한 순면 소재의 여름 반팔 티셔츠입니다. 데일리룩으로 입기 좋은 기본 라운드넥 디자인이에요.',
  features: ['순면 100%', '  ', '라운드넥', '오버핏'],
  options: [], // filled per product
};

describe.each([
  ['gemini', gemini],
  ['openai', openai],
] as const)('SEO task with the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
  });

  async function setup() {
    const client = await newCompany(env, protocol);
    const product = await newProduct(client, importedTshirt(), 79382);
    const numbers = (product.options as { optionNumber: string }[]).map((o) => o.optionNumber);
    return { client, product, numbers, ctx: env.context(client, product._id) };
  }

  it('writes the AI’s SEO within the spec’s limits, each option’s Korean name, and the weighted score', async () => {
    const { product, numbers, ctx } = await setup();
    server.fallback = () => ({
      text: JSON.stringify({
        ...GOOD_SEO,
        options: [
          { optionNumber: numbers[0], korName: '화이트 M 🤍' },
          { optionNumber: numbers[1], korName: '블랙 L' },
        ],
      }),
    });
    const outcome = await seoTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(server.received).toHaveLength(1); // no Chinese left: no validation request
    expect(promptOf(server.received[0]!)).toContain('夏季纯棉短袖T恤女');
    const doc = await storedDoc(env, product._id);
    expect(Array.from(doc.seo.productName as string).length).toBeLessThanOrEqual(70);
    expect(doc.seo.productName).toMatch(/^여름 순면 반팔 티셔츠/);
    expect(doc.seo.productName).not.toContain('🔥');
    expect(doc.seo.keywords).toHaveLength(10);
    expect(doc.seo.features).toEqual(['순면 100%', '라운드넥', '오버핏']);
    expect(doc.seo.options).toEqual([
      { optionNumber: numbers[0], korName: '화이트 M' },
      { optionNumber: numbers[1], korName: '블랙 L' },
    ]);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['화이트 M', '블랙 L']);
    // name ≥ 20 chars → 100, 10 keywords → 100, description 56 chars → 100, 3 features → 60:
    // 0.3·100 + 0.3·100 + 0.25·100 + 0.15·60 = 94
    expect(doc.seo.scoreBreakdown).toEqual({ name: 100, keywords: 100, description: 100, features: 60 });
    expect(doc.seo.score).toBe(94);
    expect(doc.fieldSources).toMatchObject({ 'seo.productName': 'ai', 'options.0.korName': 'ai' });
  });

  it('sends Chinese the AI left to SEO_VALIDATION and uses its Korean', async () => {
    const { product, ctx } = await setup();
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
    expect((await storedDoc(env, product._id)).seo.productName).toBe('순면 반팔 티셔츠');
  });

  it('falls back to the replacement table when SEO_VALIDATION fails', async () => {
    const { product, ctx } = await setup();
    server.fallback = (req) =>
      isValidation(promptOf(req))
        ? { status: 400, message: 'bad request' }
        : { text: JSON.stringify({ ...GOOD_SEO, productName: '红色 纯棉 티셔츠', options: [] }) };
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toContain('치환표');
    const name = (await storedDoc(env, product._id)).seo.productName as string;
    expect(containsCjk(name)).toBe(false);
    expect(name).toContain('티셔츠');
  });

  it('uses the default SEO data when the AI fails, and says so', async () => {
    const { product, ctx } = await setup();
    server.fallback = () => ({ status: 400, message: 'invalid argument' });
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toMatch(/^AI 응답을 받지 못해 기본 SEO 데이터를 사용했습니다/);
    const doc = await storedDoc(env, product._id);
    expect(doc.seo.productName).toBe('여름 순면 반팔 티셔츠 여성');
    expect(doc.seo.keywords).toEqual(['여름', '순면', '반팔', '티셔츠', '여성']);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['화이트 M', '블랙 L']);
    expect(doc.fieldSources['seo.productName']).toBe('source');
  });

  it('the SEO name is every document’s name; a document name the seller edited stays theirs (issue 20)', async () => {
    const { client, product, ctx } = await setup();
    server.fallback = () => ({ text: JSON.stringify({ ...GOOD_SEO, options: [] }) });
    const docs = (await storedDoc(env, product._id)).coupangDoc.jsonDocument as unknown[];
    expect(docs.length).toBeGreaterThanOrEqual(2);
    const edited = await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'coupangDoc.jsonDocument.1.startPage.productName': '셀러가 지은 문서 이름' },
    });
    expect(edited.status).toBe(200);
    expect((await seoTask.run(ctx)).status).toBe('completed');
    let doc = await storedDoc(env, product._id);
    const names = () =>
      (doc.coupangDoc.jsonDocument as { startPage: { productName: string } }[]).map(
        (d) => d.startPage.productName,
      );
    expect(doc.seo.productName).toMatch(/^여름 순면 반팔 티셔츠/);
    expect(doc.coupangDoc.productName).toBe(doc.seo.productName);
    expect(names()[0]).toBe(doc.seo.productName);
    expect(names()[1]).toBe('셀러가 지은 문서 이름');

    // The seller renames the product: the documents follow, the seller's own document name stays.
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'seo.productName': '셀러가 고친 상품명' },
    });
    doc = await storedDoc(env, product._id);
    expect(doc.coupangDoc.productName).toBe('셀러가 고친 상품명');
    expect(names()[0]).toBe('셀러가 고친 상품명');
    expect(names()[1]).toBe('셀러가 지은 문서 이름');
    expect(
      names()
        .slice(2)
        .every((n) => n === '셀러가 고친 상품명'),
    ).toBe(true);
  });

  it('keeps the name the seller edited, reports it, and scores what is stored', async () => {
    const { client, product, ctx } = await setup();
    server.fallback = () => ({ text: JSON.stringify({ ...GOOD_SEO, options: [] }) });
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'seo.productName': '셀러 티셔츠', 'options.1.korName': '셀러 블랙' },
    });
    const outcome = await seoTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.skipped).toEqual(['seo.productName', 'options.1.korName']);
    expect(outcome.message?.ko).toContain('직접 수정한 항목 2개는 그대로 두었습니다');
    const doc = await storedDoc(env, product._id);
    expect(doc.seo.productName).toBe('셀러 티셔츠');
    expect(doc.options[1].korName).toBe('셀러 블랙');
    expect(doc.seo.keywords).toHaveLength(10);
    expect(doc.seo.scoreBreakdown.name).toBe(30); // 6 characters of 20
  });
});

describe('SEO task with the offline provider', () => {
  it('makes Korean SEO from the product without any network', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, { ...importedTshirt(), productNameTrans: '' }, 79382);
    const outcome = await seoTask.run(env.context(client, product._id));
    expect(outcome.status).toBe('completed');
    const doc = await storedDoc(env, product._id);
    expect(doc.seo.productName).not.toBe('');
    expect(containsCjk(doc.seo)).toBe(false);
    expect(doc.options.every((o: { korName: string }) => o.korName !== '' && !containsCjk(o.korName))).toBe(
      true,
    );
  });

  it('a cancelled run leaves the product pending', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt());
    const controller = new AbortController();
    controller.abort();
    const outcome = await seoTask.run(env.context(client, product._id, controller.signal));
    expect(outcome.status).toBe('pending');
    expect((await storedDoc(env, product._id)).seo).toBeUndefined();
  });
});

describe('POST /api/workflow/manual-seo', () => {
  it('needs a product name (상품명은 필수입니다. / Product name is mandatory) and changes nothing without one', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    const r = await client.post('/api/workflow/manual-seo', {
      productId: product._id,
      seo: { productName: '  ' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('상품명은 필수입니다.');
    const signup = await env.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        companyName: 'EN 상점',
        name: 'Seller',
        email: `en${Date.now()}@example.com`,
        password: 'password-1234!',
      },
    });
    const sid = signup.cookies.find((c) => c.name === 'sid')!.value;
    const other = await env.app.inject({
      method: 'POST',
      url: '/api/rocketReg/saveItems',
      headers: { cookie: `sid=${sid}` },
      payload: [importedTshirt()],
    });
    const en = await env.app.inject({
      method: 'POST',
      url: '/api/workflow/manual-seo',
      headers: { cookie: `sid=${sid}`, 'accept-language': 'en' },
      payload: { productId: other.json().savedItems[0]._id, seo: { features: ['a'] } },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toBe('Product name is mandatory');
    expect((await storedDoc(env, product._id)).seo).toBeUndefined();
    const bad = await client.post('/api/workflow/manual-seo', { productId: product._id });
    expect(bad.status).toBe(400);
    const missing = await client.post('/api/workflow/manual-seo', {
      productId: '00000000-0000-4000-8000-000000000000',
      seo: { productName: '이름' },
    });
    expect(missing.status).toBe(404);
  });

  it('drops blank features, scores, marks the entry as the seller’s, and a later SEO run keeps it', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    const numbers = (product.options as { optionNumber: string }[]).map((o) => o.optionNumber);
    const r = await client.post('/api/workflow/manual-seo', {
      productId: product._id,
      seo: {
        productName: '직접 쓴 여름 반팔 티셔츠',
        keywords: '반팔, 티셔츠',
        features: ['시원함', ' ', ''],
        options: [{ optionNumber: numbers[0], korName: '하양 M' }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.product.seo).toMatchObject({
      productName: '직접 쓴 여름 반팔 티셔츠',
      keywords: ['반팔', '티셔츠'],
      features: ['시원함'],
    });
    expect(r.body.product.seo.score).toBeGreaterThan(0);
    expect(r.body.product.seoStatus).toBe('completed');
    expect(r.body.product.options[0].korName).toBe('하양 M');
    const outcome = await seoTask.run(env.context(client, product._id));
    expect(outcome.skipped).toEqual(
      expect.arrayContaining(['seo.productName', 'seo.keywords', 'seo.features', 'options.0.korName']),
    );
    const doc = await storedDoc(env, product._id);
    expect(doc.seo.productName).toBe('직접 쓴 여름 반팔 티셔츠');
    expect(doc.options[0].korName).toBe('하양 M');
    expect(doc.options[1].korName).not.toBe('');
  });
});
