import { type CategorySchema, checkCompleteness, type RegistrationDocument } from '@rr/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, type Client, signUp } from './helpers.ts';

// The completeness rate of the registration table (getlist, summary view): the mean over the option
// documents of @rr/domain's checkCompleteness rate (fulfilled / (8 + schema-required + 1)), in
// percent, kept up to date by every write.

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

type Product = {
  _id: string;
  registrationId: string;
  coupangDoc: { jsonDocument: RegistrationDocument[] };
  rocketRegInfo: { schemaInfo: CategorySchema };
} & Record<string, unknown>;

/** A product with two options, added to registration as shoes (68010). */
async function registeredShoes(c: Client): Promise<Product> {
  const saved = await c.post('/api/rocketReg/saveItems', [
    { productName: '男女运动鞋', options: [{ sourceKey: '白色>40' }, { sourceKey: '黑色>41' }] },
  ]);
  expect(saved.status).toBe(200);
  const reg = await c.post('/api/rocketReg/regproduct', {
    productId: saved.body.savedItems[0]._id,
    displayCategoryCode: 68010,
  });
  expect(reg.status).toBe(200);
  return reg.body.product as Product;
}

/** What the registration table shows for the product. */
async function listedRate(c: Client, id: string): Promise<number | null> {
  const r = await c.post('/api/aiRocketReg/getlist', { view: 'summary', ids: [id] });
  expect(r.status).toBe(200);
  expect(r.body.products).toHaveLength(1);
  return r.body.products[0].completeness;
}

const reports = (p: Product) =>
  p.coupangDoc.jsonDocument.map((d) => checkCompleteness(d, p.rocketRegInfo.schemaInfo));

describe('completeness in getlist', () => {
  it('is null before add to registration, then the mean of the option documents, and moves when a check is fixed', async () => {
    const a = await signUp(app, db);
    const saved = await a.post('/api/rocketReg/saveItems', [
      { productName: '男女运动鞋', options: [{ sourceKey: '白色>40' }, { sourceKey: '黑色>41' }] },
    ]);
    expect(await listedRate(a, saved.body.savedItems[0]._id)).toBeNull();

    const p = await registeredShoes(a);
    const [r0, r1] = reports(p);
    // a new company has no default brand: the skeleton's brand check fails in both documents
    expect(r0!.issues.map((i) => i.code)).toContain('brandRequired');
    expect(r0!.total).toBeGreaterThan(9); // 8 basic + schema-required + 1
    const before = await listedRate(a, p._id);
    expect(before).toBeCloseTo(((r0!.fulfilled / r0!.total + r1!.fulfilled / r1!.total) / 2) * 100, 1);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100);

    // the seller types a brand into the first option's document (a partial update, as the product page does)
    const edit = await a.post('/api/aiRocketReg/updatePartial', {
      productId: p._id,
      updateFields: { 'coupangDoc.jsonDocument.0.productPage.brand': '자체브랜드' },
    });
    expect(edit.body).toMatchObject({ 요청결과: 'success' });
    const after = await listedRate(a, p._id);
    // one more check fulfilled in one of two documents: + (1 / total) / 2, in percent
    expect(after).toBeCloseTo(before! + (1 / r0!.total / 2) * 100, 1);

    // the full view carries the same figure
    const full = await a.post('/api/aiRocketReg/getlist', { ids: [p._id] });
    expect(full.body.products[0].completeness).toBe(after);
  });

  it('follows update, updateFeature, saveItems and a re-registration with another category', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    const start = await listedRate(a, p._id);

    // update (whole document): brand in both documents → two more checks, one per document
    const whole = structuredClone(p);
    for (const d of whole.coupangDoc.jsonDocument) d.productPage!.brand = '자체브랜드';
    const wholeSaved = await a.post('/api/aiRocketReg/update', whole);
    expect(wholeSaved.status).toBe(200);
    const total = reports(p)[0]!.total;
    const afterUpdate = await listedRate(a, p._id);
    expect(afterUpdate).toBeCloseTo(start! + (1 / total) * 100, 1);

    // updateFeature of the SEO: the new (Korean) SEO name becomes every document's name (issue 20),
    // so the documents' Chinese check now passes: one more check per document
    const feature = await a.post('/api/rocketReg/updateFeature', {
      feature: 'seo',
      version: wholeSaved.body.product.updatedAt,
      product: {
        registrationId: p.registrationId,
        seo: { productName: '남녀 운동화' },
        seoStatus: 'completed',
      },
    });
    expect(feature.status).toBe(200);
    const renamed = feature.body.updatedProduct as Product;
    expect(renamed.coupangDoc.jsonDocument.map((d) => d.startPage?.productName)).toEqual([
      '남녀 운동화',
      '남녀 운동화',
    ]);
    expect(renamed.completeness).toBeCloseTo(afterUpdate! + (1 / total) * 100, 1);
    expect(await listedRate(a, p._id)).toBe(renamed.completeness);

    // saveItems replacing the product with its documents emptied of the brand again
    const again = { ...structuredClone(whole), updatedAt: feature.body.updatedProduct.updatedAt };
    for (const d of again.coupangDoc.jsonDocument) d.productPage!.brand = '';
    const saved = await a.post('/api/rocketReg/saveItems', [again]);
    expect(saved.status).toBe(200);
    expect(saved.body.savedItems[0].completeness).toBeCloseTo(start!, 1);
    expect(await listedRate(a, p._id)).toBeCloseTo(start!, 1);

    // regproduct with another category (79382) builds new documents against another schema
    const other = await a.post('/api/rocketReg/regproduct', {
      productId: p._id,
      displayCategoryCode: 79382,
      force: true,
    });
    expect(other.status).toBe(200);
    const otherProduct = other.body.product as Product;
    expect(otherProduct.rocketRegInfo.schemaInfo.displayCategoryCode).toBe(79382);
    const expected = (reports(otherProduct).reduce((s, r) => s + r.rate, 0) / 2) * 100;
    expect(await listedRate(a, p._id)).toBeCloseTo(expected, 1);
  });

  it('stays right under concurrent partial updates of documents and other paths; all 100 are kept', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    const fields = ['brand', 'manufacturer', 'searchTags', 'productDescription'] as const;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        a.post('/api/aiRocketReg/updatePartial', {
          productId: p._id,
          updateFields:
            i % 2 === 0
              ? { [`options.${i % 2}.notes.n${i}`]: `n${i}` }
              : {
                  [`coupangDoc.jsonDocument.${i % 4 === 1 ? 0 : 1}.extra.k${i}`]: i,
                  ...(i < 9
                    ? { [`coupangDoc.jsonDocument.${i % 2}.productPage.${fields[i % 4]}`]: `값${i}` }
                    : {}),
                },
        }),
      ),
    );
    for (const r of results) expect(r.body).toMatchObject({ 요청결과: 'success' });
    const got = await a.post('/api/aiRocketReg/getlist', { ids: [p._id] });
    const final = got.body.products[0] as Product & { options: { notes: Record<string, string> }[] };
    for (let i = 0; i < 100; i++) {
      if (i % 2 === 0) expect(final.options[0]!.notes[`n${i}`]).toBe(`n${i}`);
      else {
        const d = final.coupangDoc.jsonDocument[i % 4 === 1 ? 0 : 1] as { extra: Record<string, number> };
        expect(d.extra[`k${i}`]).toBe(i);
      }
    }
    // the stored rate is the rate of the final documents, not of an intermediate state
    const expected = (reports(final).reduce((s, r) => s + r.rate, 0) / 2) * 100;
    expect(final.completeness).toBeCloseTo(expected, 1);
    expect(await listedRate(a, p._id)).toBeCloseTo(expected, 1);
  });

  it('is the server’s figure: a client cannot write it', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    const before = await listedRate(a, p._id);
    const r = await a.post('/api/aiRocketReg/updatePartial', {
      productId: p._id,
      updateFields: { completeness: 100 },
    });
    expect(r.status).toBe(400);
    const whole = { ...structuredClone(p), completeness: 100 };
    const wholeSaved = await a.post('/api/aiRocketReg/update', whole);
    expect(wholeSaved.status).toBe(200);
    expect(await listedRate(a, p._id)).toBe(before);
  });
});

describe('getlist full view', () => {
  it('answers each document with the server fields over it, also for a row whose document disagrees', async () => {
    const a = await signUp(app, db);
    const p = await registeredShoes(a);
    // a row written outside the service: its document carries another registrationId and an _id
    await db
      .updateTable('products')
      .set({ doc: JSON.stringify({ ...p, _id: 'forged', registrationId: 'X-1', completeness: 99 }) })
      .where('id', '=', p._id)
      .execute();
    const q = await a.post('/api/rocketReg/saveItems', [
      { productName: '杯子', options: [{ sourceKey: 'a' }] },
    ]);
    const plain = q.body.savedItems[0];
    const r = await a.post('/api/aiRocketReg/getlist', {
      ids: [p._id, plain._id],
      sort: 'registrationId',
      order: 'asc',
    });
    expect(r.status).toBe(200);
    const [first, second] = r.body.products;
    expect(first).toMatchObject({
      _id: p._id,
      registrationId: p.registrationId,
      completeness: p.completeness,
    });
    expect(first.coupangDoc.jsonDocument).toHaveLength(2);
    expect(second).toEqual({ ...plain, updatedAt: second.updatedAt });
    expect(second.completeness).toBeNull();
    expect(typeof second.createdAt).toBe('string');
  });

  it('getlist full pages answer each product whole, schema included; repeated document updates keep the rate right', async () => {
    const a = await signUp(app, db);
    const p1 = await registeredShoes(a);
    const p2 = await registeredShoes(a);
    await a.post('/api/rocketReg/saveItems', [{ productName: '未登记', options: [{ sourceKey: 'x' }] }]);
    const page = await a.post('/api/aiRocketReg/getlist', { view: 'full' });
    expect(page.status).toBe(200);
    expect(page.body.products).toHaveLength(3);
    for (const p of [p1, p2]) {
      const listed = page.body.products.find((x: Product) => x._id === p._id) as Product;
      expect(listed.rocketRegInfo).toEqual(p.rocketRegInfo);
      expect(typeof (listed.rocketRegInfo as Record<string, unknown>).schemaString).toBe('string');
      expect(listed.coupangDoc).toEqual(p.coupangDoc);
      expect(listed.registrationId).toBe(p.registrationId);
    }
    // one after another (the rate computed before the UPDATE), then interleaved with the other product
    for (let i = 0; i < 6; i++) {
      const r = await a.post('/api/aiRocketReg/updatePartial', {
        productId: i % 3 === 2 ? p2._id : p1._id,
        updateFields: {
          [`coupangDoc.jsonDocument.${i % 2}.productPage.brand`]: i % 2 ? '' : `브랜드${i}`,
          [`coupangDoc.jsonDocument.${i % 2}.productPage.searchTags`]: `태그${i}`,
        },
      });
      expect(r.body.요청결과).toBe('success');
    }
    const full = await a.post('/api/aiRocketReg/getlist', { view: 'full', ids: [p1._id, p2._id] });
    for (const p of full.body.products as Product[]) {
      const expected = (reports(p).reduce((s, r) => s + r.rate, 0) / 2) * 100;
      expect(p.completeness).toBeCloseTo(expected, 1);
      expect(await listedRate(a, p._id)).toBe(p.completeness);
    }
  });
});
