import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, signUp } from './helpers.ts';

// The reference captures, imported as they are. Expected numbers read from the files by hand.
const REF = '/work/shared/reference/';
const pcText = readFileSync(`${REF}1688_offer_943009939489_window_context.json`, 'utf8');
const mobileText = readFileSync(`${REF}1688_offer_813724060928_mobile_detail.json`, 'utf8');
const mtopText = readFileSync(`${REF}1688_offer_813724060928_mtop_sku_model.json`, 'utf8');

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

type Option = {
  sourceKey: string;
  price: number | null;
  stock: number;
  weightG: number | null;
  korName: string;
  option1: { name: string; nameTrans: string };
};

async function product(id: string) {
  const row = await db.selectFrom('products').select('doc').where('id', '=', id).executeTakeFirstOrThrow();
  return row.doc as {
    options: Option[];
    source: { offerId: string };
    priceTiers: unknown[];
    minOrderQuantity: number;
  };
}

describe('POST /api/import1688', () => {
  it('imports the PC page capture with every option, its own price, stock and pack weight/size', async () => {
    const a = await signUp(app, db);
    const r = await a.post('/api/import1688', { inputs: [{ text: pcText, name: 'pc.json' }] });
    expect(r.status).toBe(200);
    const result = r.body.results[0];
    expect(result).toMatchObject({
      offerId: '943009939489',
      outcome: 'created',
      readOptions: 6,
      keptOptions: 6,
    });
    expect(result.message).toContain('옵션 6개를 읽고 6개를 가져왔습니다.');
    const doc = await product(result.productId);
    expect(doc.options).toHaveLength(6);
    const xl = doc.options.find((o) => o.sourceKey === '黑色>XL（背长35cm）')!;
    expect(xl).toMatchObject({
      price: 20.5,
      weightG: 103,
      sizeCm: { length: 22, width: 20, height: 1 },
      option1: { name: '黑色' },
    });
    const yellow = doc.options.find((o) => o.sourceKey === '黄色>XL（背长35cm）')!;
    expect(yellow).toMatchObject({ price: 20.5, stock: 494 });
    expect(doc.options.find((o) => o.sourceKey === '黄色>2XL（背长40cm）')!.price).toBe(23.5);
    expect(
      doc.options.every(
        (o, i) =>
          (o as unknown as { optionNumber: string }).optionNumber ===
          `${result.registrationId}${String(i + 1).padStart(3, '0')}`,
      ),
    ).toBe(true);
  });

  it('merges the mobile detail data with the SKU model answer of the same offer', async () => {
    const a = await signUp(app, db);
    const r = await a.post('/api/import1688', {
      inputs: [
        { text: mobileText, name: 'mobile.json' },
        { json: JSON.parse(mtopText), name: 'sku.json' },
      ],
    });
    expect(r.body.results).toHaveLength(1);
    const result = r.body.results[0];
    expect(result).toMatchObject({
      offerId: '813724060928',
      outcome: 'created',
      readOptions: 6,
      keptOptions: 6,
    });
    expect(result.inputs).toEqual(expect.arrayContaining(['mobile.json', 'sku.json']));
    expect(result.title).toBe('太阳眼镜木纹腿男女复古墨镜高级感潮遮阳防紫外线太阳镜复古墨镜');
    const doc = await product(result.productId);
    const byKey = Object.fromEntries(doc.options.map((o) => [o.sourceKey, o]));
    expect(byKey['亮黑>太阳镜']).toMatchObject({ price: 3.6, stock: 5623 });
    expect(byKey['亮黑>太阳镜 加005 盒子']).toMatchObject({ price: 5.5, stock: 6621 });
    expect(byKey['砂黑>太阳镜']).toMatchObject({ price: 3.6, stock: 5697 });
  });

  it('a link, an .html link or a number alone answers that the page data is needed (nothing created)', async () => {
    const a = await signUp(app, db);
    const r = await a.post('/api/import1688', {
      inputs: [
        { text: 'https://detail.1688.com/offer/813724060928.html?spm=a26' },
        { text: '943009939489.html' },
        { text: '813724060928' },
        { text: 'https://example.com/nothing-here' },
      ],
    });
    const [link, html, num, none] = r.body.results;
    expect(link).toMatchObject({ outcome: 'needsCapture', offerId: '813724060928', productId: null });
    expect(link.message).toContain('페이지 데이터가 필요합니다');
    expect(link.message).toContain('Ctrl+U');
    expect(html).toMatchObject({ outcome: 'needsCapture', offerId: '943009939489' });
    expect(num).toMatchObject({ outcome: 'needsCapture', offerId: '813724060928' });
    expect(none).toMatchObject({ outcome: 'refused', offerId: null });
    expect(none.message).toContain('상품 ID를 추출할 수 없습니다');
    expect((await a.post('/api/aiRocketReg/getlist', {})).body.total).toBe(0);
  });

  it('refuses a capture with nothing usable, with the reason', async () => {
    const a = await signUp(app, db);
    const r = await a.post('/api/import1688', { inputs: [{ text: '{"hello": "world"}', name: 'x.json' }] });
    expect(r.body.results[0]).toMatchObject({ outcome: 'refused', inputs: ['x.json'] });
    expect(r.body.results[0].message).toMatch(/형식을 알 수 없습니다/);
  });

  it('re-import: shows the diff, applies only on confirmation, keeps seller edits, never duplicates', async () => {
    const a = await signUp(app, db);
    const first = (await a.post('/api/import1688', { inputs: [{ text: pcText }] })).body.results[0];
    const id = first.productId as string;
    // the seller edits a Korean option name and the stock of one option
    const doc0 = await product(id);
    const i = doc0.options.findIndex((o) => o.sourceKey === '黑色>XL（背长35cm）');
    const j = doc0.options.findIndex((o) => o.sourceKey === '黄色>XL（背长35cm）');
    await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: {
        [`options.${i}.korName`]: '블랙 XL',
        [`options.${i}.option1.nameTrans`]: '블랙',
        [`options.${j}.stock`]: 10,
      },
    });
    // the capture changes: a price and the stock of both options
    const edited = pcText
      .replace(/"黑色&gt;XL（背长35cm）"([\s\S]*?)"price":\s*"20\.50"/, (m) =>
        m.replace('"20.50"', '"19.90"'),
      )
      .replace(/"canBookCount":\s*494/, '"canBookCount": 400');
    const again = (await a.post('/api/import1688', { inputs: [{ text: edited }] })).body.results[0];
    expect(again).toMatchObject({
      outcome: 'updateAvailable',
      productId: id,
      readOptions: 6,
      keptOptions: 6,
    });
    expect(again.message).toContain('옵션 6개를 읽고 6개를 가져왔습니다.');
    const stockChange = again.diff.changes.find(
      (c: { field: string; optionKey: string }) =>
        c.field === 'stock' && c.optionKey === '黄色>XL（背长35cm）',
    );
    expect(stockChange).toMatchObject({ before: 494, after: 400, applies: false });
    const priceChange = again.diff.changes.find(
      (c: { field: string; optionKey: string }) =>
        c.field === 'price' && c.optionKey === '黑色>XL（背长35cm）',
    );
    expect(priceChange).toMatchObject({ before: 20.5, after: 19.9, applies: true });
    // nothing applied yet
    expect((await product(id)).options[j]!.stock).toBe(10);
    const confirmed = (
      await a.post('/api/import1688', { inputs: [{ text: edited }], confirmOfferIds: ['943009939489'] })
    ).body.results[0];
    expect(confirmed).toMatchObject({ outcome: 'updated', productId: id });
    const doc1 = await product(id);
    expect(doc1.options[j]!.stock).toBe(10); // the seller's value stays
    expect(doc1.options[i]!.price).toBe(19.9); // the source's new price is applied
    expect(doc1.options[i]).toMatchObject({
      korName: '블랙 XL',
      option1: { name: '黑色', nameTrans: '블랙' },
    });
    expect((await a.post('/api/aiRocketReg/getlist', {})).body.total).toBe(1);
    const history = await a.post('/api/import1688/history', {});
    expect(history.body.items.map((h: { outcome: string }) => h.outcome)).toEqual([
      'updated',
      'updateAvailable',
      'created',
    ]);
  });
});
