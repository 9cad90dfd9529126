import { afterAll, describe, expect, it } from 'vitest';
import { seoTask } from '../../src/tasks/seo/index.ts';
import { type FakeServer, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { GOOD_SEO } from '../tasks/seo-fixtures.ts';
import { importedTshirt } from '../tasks/support.ts';
import { createTaskEnv, newCompany, newProduct, storedDoc } from './task-env.ts';

// Routes around the tasks on the whole app (PostgreSQL): a product added to registration has its size
// chart pending, manual SEO entry, a seller's rename that the documents follow. The tasks' own
// behaviour is in ../tasks/ (fakes of TaskDeps).

const gemini: FakeServer = await startFakeAiServer('gemini');
afterAll(() => gemini.close());
const env = await createTaskEnv({ GEMINI_BASE_URL: gemini.url });

describe('POST /api/rocketReg/regproduct', () => {
  it('a clothing product added to registration has its size chart pending', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    expect(product.sizeChartStatus).toBe('pending');
  });
});

describe('POST /api/aiRocketReg/updatePartial of the SEO name', () => {
  it('the documents follow the seller’s new name; a document name the seller edited stays theirs (issue 20)', async () => {
    const client = await newCompany(env, 'gemini');
    const product = await newProduct(client, importedTshirt(), 79382);
    gemini.fallback = () => ({ text: JSON.stringify({ ...GOOD_SEO, options: [] }) });
    const edited = await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'coupangDoc.jsonDocument.1.startPage.productName': '셀러가 지은 문서 이름' },
    });
    expect(edited.status).toBe(200);
    expect((await seoTask.run(env.context(client, product._id))).status).toBe('completed');
    let doc = await storedDoc(env, product._id);
    const names = () =>
      (doc.coupangDoc.jsonDocument as { startPage: { productName: string } }[]).map(
        (d) => d.startPage.productName,
      );
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
