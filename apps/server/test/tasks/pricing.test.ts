import { describe, expect, it } from 'vitest';
import { pricingTask } from '../../src/tasks/pricing/index.ts';
import { createTaskEnv, importedTshirt, newCompany, newProduct, storedDoc } from './support.ts';

const env = await createTaskEnv();

const commonAttributes = (doc: Awaited<ReturnType<typeof storedDoc>>, i: number) =>
  doc.coupangDoc.jsonDocument[i].productPage.commonAttributes;

describe('pricing task', () => {
  it('prices every option with the spec’s defaults and writes the pricing block, options and documents', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    const outcome = await pricingTask.run(env.context(client, product._id));
    expect(outcome).toEqual({ status: 'completed', message: undefined, skipped: [] });
    const doc = await storedDoc(env, product._id);
    // 10 yuan × 350 = 3500 cost; / 0.6 → 5800 supply; / 0.6 → 9700 selling; × 1.3 → 12600 MSRP.
    expect(doc.options[0]).toMatchObject({
      bundleQuantity: 1,
      purchasePrice: 3500,
      supplyPrice: 5800,
      sellingPrice: 9700,
      msrp: 12600,
      supplyMargin: 2300,
      sellingMargin: 3900,
    });
    expect(doc.options[1]).toMatchObject({ purchasePrice: 7000, supplyPrice: 11700, sellingPrice: 19500 });
    expect(doc.pricing.info).toMatchObject({
      exchangeRate: 350,
      marginRate: 40,
      coupangMarginRate: 40,
      roundUnit: 100,
    });
    expect(doc.pricing.options).toHaveLength(2);
    expect(commonAttributes(doc, 0)).toMatchObject({
      purchasePrice: 5800,
      coupangSalePrice: 9700,
      msrp: 12600,
    });
    expect(commonAttributes(doc, 1)).toMatchObject({ purchasePrice: 11700, coupangSalePrice: 19500 });
    expect(doc.fieldSources['options.0.sellingPrice']).toBe('source');
  });

  it('uses the company’s pricing settings, and reprice-all applies a new exchange rate to priced products', async () => {
    const client = await newCompany(env, 'offline', {
      settings: { pricingDefaults: { exchangeRate: 200, roundUnit: 10 } },
    });
    const priced = await newProduct(client, importedTshirt(), 79382);
    const neverPriced = await newProduct(client, importedTshirt());
    await pricingTask.run(env.context(client, priced._id));
    expect((await storedDoc(env, priced._id)).options[0].purchasePrice).toBe(2000);

    await client.post('/api/savesetting', {
      settings: [{ pricingDefaults: { exchangeRate: 400 }, defaultSettings: { exchangeRate: 400 } }],
    });
    const r = await client.post('/api/workflow/reprice-all', {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      res: 'success',
      repriced: 1,
      failed: 0,
      message: '상품 1개의 가격을 다시 계산했습니다.',
    });
    const doc = await storedDoc(env, priced._id);
    expect(doc.options[0]).toMatchObject({ purchasePrice: 4000, supplyPrice: 6670, sellingPrice: 11120 });
    expect(doc.pricingStatus).toBe('completed');
    expect(commonAttributes(doc, 0).coupangSalePrice).toBe(11120);
    expect((await storedDoc(env, neverPriced._id)).pricing).toBeUndefined();
  });

  it('keeps a price the seller set; the option document follows the seller’s price', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    const ctx = env.context(client, product._id);
    await pricingTask.run(ctx);
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'options.0.sellingPrice': 8900 },
    });
    for (let run = 0; run < 2; run++) {
      const outcome = await pricingTask.run(ctx);
      expect(outcome.status).toBe('completed');
      expect(outcome.skipped).toEqual(['options.0.sellingPrice']);
      expect(outcome.message?.ko).toContain('직접 수정한 항목 1개는 그대로 두었습니다');
    }
    const doc = await storedDoc(env, product._id);
    expect(doc.options[0].sellingPrice).toBe(8900);
    expect(commonAttributes(doc, 0)).toMatchObject({ purchasePrice: 5800, coupangSalePrice: 8900 });
  });

  it('fails with the spec’s message when there are no options or no prices; prices what it can otherwise', async () => {
    const client = await newCompany(env, 'offline');
    const empty = await newProduct(client, { productName: '空', options: [] });
    const none = await pricingTask.run(env.context(client, empty._id));
    expect(none).toMatchObject({ status: 'error', result: 'error' });
    expect(none.message?.en).toBe('No product or options to process');
    expect((await storedDoc(env, empty._id)).pricing).toBeUndefined();

    const gone = await pricingTask.run(env.context(client, '00000000-0000-4000-8000-000000000000'));
    expect(gone).toMatchObject({ status: 'error', result: 'error' });

    const base = importedTshirt();
    const noPrices = await newProduct(client, {
      ...base,
      options: (base.options as Record<string, unknown>[]).map((o) => ({ ...o, price: null })),
    });
    const noneOk = await pricingTask.run(env.context(client, noPrices._id));
    expect(noneOk).toMatchObject({ status: 'error', result: 'error' });

    const partial = await newProduct(client, {
      ...base,
      options: (base.options as Record<string, unknown>[]).map((o, i) =>
        i === 1 ? { ...o, price: null } : o,
      ),
    });
    const some = await pricingTask.run(env.context(client, partial._id));
    expect(some.status).toBe('partially_completed');
    expect(some.message?.ko).toContain('가격이 없는 옵션은 계산하지 못했습니다');
    const doc = await storedDoc(env, partial._id);
    expect(doc.options[0].sellingPrice).toBe(9700);
    expect(doc.options[1].sellingPrice).toBeUndefined();
  });
});
