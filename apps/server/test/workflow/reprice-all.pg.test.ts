import { describe, expect, it } from 'vitest';

import { pricingTask } from '../../src/tasks/pricing/index.ts';
import { importedTshirt } from '../tasks/support.ts';
import { createTaskEnv, newCompany, newProduct, storedDoc } from './task-env.ts';

// Medium test on PostgreSQL: the route, the saved settings, the product store and the runner's
// status writer together (the pricing rules themselves are tested with fakes in pricing.test.ts).

const env = await createTaskEnv();

const commonAttributes = (doc: Awaited<ReturnType<typeof storedDoc>>, i: number) =>
  doc.coupangDoc.jsonDocument[i].productPage.commonAttributes;

describe('reprice all', () => {
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

  it('defaultSettings.exchangeRate is the one rate: an API caller setting it alone reprices (issue 42)', async () => {
    const client = await newCompany(env, 'offline', {
      settings: { pricingDefaults: { exchangeRate: 200, roundUnit: 10 } },
    });
    const priced = await newProduct(client, importedTshirt(), 79382);
    await pricingTask.run(env.context(client, priced._id));
    expect((await storedDoc(env, priced._id)).options[0].purchasePrice).toBe(2000);

    const saved = await client.post('/api/savesetting', {
      settings: [{ defaultSettings: { exchangeRate: 500 } }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings[0].defaultSettings.exchangeRate).toBe(500);
    expect(saved.body.settings[0].pricingDefaults.exchangeRate).toBe(500);
    expect(saved.body.settings[0].pricingDefaults.roundUnit).toBe(10);
    const r = await client.post('/api/workflow/reprice-all', {});
    expect(r.body).toMatchObject({ repriced: 1, failed: 0 });
    expect((await storedDoc(env, priced._id)).options[0].purchasePrice).toBe(5000);

    // an older client sending only pricingDefaults.exchangeRate moves the one rate too
    await client.post('/api/savesetting', { settings: [{ pricingDefaults: { exchangeRate: 300 } }] });
    const read = await client.get('/api/settings');
    expect(read.body.settings[0].defaultSettings.exchangeRate).toBe(300);
    expect(read.body.settings[0].pricingDefaults.exchangeRate).toBe(300);
  });
});
