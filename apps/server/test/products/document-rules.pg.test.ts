import { BARCODE_PLACEHOLDER } from '@rr/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, signUp } from './helpers.ts';

// Document rules on every save (issue 13): a seller's edit of an option document that the rules
// change is stored changed and answered with what was stored and why.

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

describe('updatePartial passes the document rules', () => {
  it('stores the normalised value and says why; untouched fields stay as stored', async () => {
    const c = await signUp(app, db);
    const saved = await c.post('/api/rocketReg/saveItems', [
      { productName: '运动鞋', options: [{ sourceKey: '白色>40' }, { sourceKey: '黑色>41' }] },
    ]);
    const id = saved.body.savedItems[0]._id;
    await c.post('/api/rocketReg/regproduct', { productId: id, displayCategoryCode: 68010 });
    const d = 'coupangDoc.jsonDocument.0';
    const r = await c.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: {
        [`${d}.productPage.commonAttributes.exposedAttributes.0.attributeValue`]: '白色',
        [`${d}.logisticsPage.skuUnitBoxDimension`]: '5*5*5',
        [`${d}.productPage.modelNumber`]: 'M'.repeat(60),
        [`${d}.legalPage.notices.4.noticeItemValue`]: '대한민국',
        [`${d}.productPage.brand`]: '노브랜드',
      },
    });
    expect(r.status).toBe(200);
    const reasons = Object.fromEntries(
      r.body.normalized.map((n: { path: string; stored: unknown; reason: { ko: string } }) => [
        n.path.replace(`${d}.`, ''),
        [n.stored, n.reason.ko],
      ]),
    );
    expect(reasons).toMatchObject({
      'productPage.commonAttributes.exposedAttributes.0.attributeValue': [
        '상세페이지 참조',
        '중국어 문자가 있어 바뀌었습니다.',
      ],
      'logisticsPage.skuUnitBoxDimension': ['100*100*100', expect.stringContaining('10mm')],
      'productPage.modelNumber': ['M'.repeat(50), '모델번호는 50자까지 저장됩니다.'],
    });
    const list = await c.post('/api/aiRocketReg/getlist', { view: 'full', ids: [id] });
    const doc = list.body.products[0].coupangDoc.jsonDocument;
    expect(doc[0].logisticsPage.skuUnitBoxDimension).toBe('100*100*100');
    expect(doc[0].productPage.modelNumber).toHaveLength(50);
    expect(doc[0].productPage.commonAttributes.exposedAttributes[0].attributeValue).toBe('상세페이지 참조');
    expect(doc[0].productPage.brand).toBe('노브랜드');
    // the origin notice follows the seller's origin (default 중국), whatever was typed
    const origin = doc[0].legalPage.notices.find((n: { noticeItemName: string }) =>
      /제조국/.test(n.noticeItemName),
    );
    expect(origin.noticeItemValue).toBe('중국');
    // the other option's document was not touched
    expect(doc[1].productPage.commonAttributes.exposedAttributes[0].attributeValue).toBe('');
    // an edit the rules leave alone gets no report
    const clean = await c.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { [`${d}.productPage.brand`]: '나이키' },
    });
    expect(clean.body.normalized).toBeUndefined();
  });
});

/** A new company's one-option product, added to registration in category 68010 (shoes), read whole. */
async function registeredShoe() {
  const c = await signUp(app, db);
  const saved = await c.post('/api/rocketReg/saveItems', [
    { productName: '运动鞋', options: [{ sourceKey: '白色>40' }] },
  ]);
  const id = saved.body.savedItems[0]._id;
  await c.post('/api/rocketReg/regproduct', { productId: id, displayCategoryCode: 68010 });
  const full = (await c.post('/api/aiRocketReg/getlist', { view: 'full', ids: [id] })).body.products[0];
  return { c, id, full };
}

describe('update and saveItems pass the document rules too', () => {
  it('update (the whole product): a changed field is normalised and reported; unchanged ones stay', async () => {
    const { c, full } = await registeredShoe();
    const doc = full.coupangDoc.jsonDocument[0];
    const blank = doc.productPage.unexposedAttributes.find(
      (a: { attributeValue: unknown }) => !a.attributeValue,
    );
    doc.logisticsPage.totalSKUsInBox = 0;
    doc.productPage.modelNumber = 'X'.repeat(70);
    const r = await c.post('/api/aiRocketReg/update', full);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    // the answer is the stored product, with what the rules changed and why
    const paths = r.body.product.normalized.map((n: { path: string }) => n.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'coupangDoc.jsonDocument.0.logisticsPage.totalSKUsInBox',
        'coupangDoc.jsonDocument.0.productPage.modelNumber',
      ]),
    );
    const stored = r.body.product.coupangDoc.jsonDocument[0];
    expect(stored.logisticsPage.totalSKUsInBox).toBe(24); // a cleared box count: W §9's 24 again
    expect(stored.productPage.modelNumber).toHaveLength(50);
    // a blank nobody wrote is not turned into 상세페이지 참조
    if (blank) {
      const after = stored.productPage.unexposedAttributes.find(
        (a: { attributeName: string }) => a.attributeName === blank.attributeName,
      );
      expect(after.attributeValue ?? '').toBe(blank.attributeValue ?? '');
    }
  });

  it('saveItems (a new product, as a split saves it): its documents pass the rules whole', async () => {
    const c = await signUp(app, db);
    const saved = await c.post('/api/rocketReg/saveItems', [
      {
        productName: '运动鞋',
        options: [{ sourceKey: 'A', optionNumber: 'S-001' }],
        coupangDoc: {
          productName: '운동화',
          jsonDocument: [
            {
              productPage: {
                modelNumber: 'Y'.repeat(80),
                commonAttributes: { productBarcode: BARCODE_PLACEHOLDER },
              },
              logisticsPage: { skuUnitBoxDimension: '1*1*1', totalSKUsInBox: 0 },
            },
          ],
        },
      },
    ]);
    expect(saved.status).toBe(200);
    const id = saved.body.savedItems[0]._id;
    const p = (await c.post('/api/aiRocketReg/getlist', { view: 'full', ids: [id] })).body.products[0];
    const d = p.coupangDoc.jsonDocument[0];
    expect(d.productPage.modelNumber).toHaveLength(50);
    expect(d.logisticsPage.skuUnitBoxDimension).toBe('100*100*100');
    expect(d.logisticsPage.totalSKUsInBox).toBe(24);
    expect(d.productPage.commonAttributes.productBarcode ?? '').not.toBe(BARCODE_PLACEHOLDER);
  });

  it('saveItems (replacing a product): the rules read the category schema the product holds', async () => {
    const { c, id, full } = await registeredShoe();
    const selects = full.rocketRegInfo.schemaInfo.attributes.filter(
      (a: { inputType: string; choices: string[] }) => a.inputType === 'SELECT' && a.choices.length > 0,
    );
    const doc = full.coupangDoc.jsonDocument[0];
    const attribute = [
      ...doc.productPage.commonAttributes.exposedAttributes,
      ...doc.productPage.unexposedAttributes,
    ].find((a: { attributeName: string }) =>
      selects.some((s: { name: string }) => s.name === a.attributeName),
    );
    expect(attribute, 'a dropdown attribute of category 68010 in the document').toBeDefined();
    attribute.attributeValue = '목록에 없는 값';
    // The client does not send the schema: the one stored with the product decides.
    const { rocketRegInfo: _kept, ...sent } = full;
    const r = await c.post('/api/rocketReg/saveItems', [sent]);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const after = (await c.post('/api/aiRocketReg/getlist', { view: 'full', ids: [id] })).body.products[0];
    const stored = [
      ...after.coupangDoc.jsonDocument[0].productPage.commonAttributes.exposedAttributes,
      ...after.coupangDoc.jsonDocument[0].productPage.unexposedAttributes,
    ].find((a: { attributeName: string }) => a.attributeName === attribute.attributeName);
    expect(stored.attributeValue).not.toBe('목록에 없는 값');
    expect(after.rocketRegInfo.schemaInfo).toEqual(full.rocketRegInfo.schemaInfo);
  });
});
