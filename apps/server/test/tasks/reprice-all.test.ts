import { describe, expect, it } from 'vitest';
import { pricingTask } from '../../src/tasks/pricing/index.ts';
import { repriceAll } from '../../src/tasks/pricing/reprice-all.ts';
import { createFakeDeps, createFakeProducts, fakeContext } from '../support/fake-task-deps.ts';
import { importedTshirt } from './support.ts';

// "Reprice all" on fakes of TaskDeps (no database): the priced products run the pricing task again
// with the settings as they are now; a product never priced is left alone. The route and the saved
// settings around it: ../workflow/reprice-all.pg.test.ts (PostgreSQL).

const registered = () => {
  const doc = importedTshirt();
  const options = doc.options as unknown[];
  return {
    ...doc,
    coupangDoc: { jsonDocument: options.map(() => ({ productPage: { commonAttributes: {} } })) },
  };
};

describe('reprice all (task)', () => {
  it('prices again only the priced products, with the new exchange rate, and the runner writes their status', async () => {
    const products = createFakeProducts();
    const before = createFakeDeps({ products, settings: { pricing: { exchangeRate: 200, roundUnit: 10 } } });
    const priced = products.add(registered());
    const neverPriced = products.add(registered());
    await pricingTask.run(fakeContext(before, priced));
    expect(products.docOf(priced).options[0].purchasePrice).toBe(2000);

    const after = createFakeDeps({ products, settings: { pricing: { exchangeRate: 400, roundUnit: 10 } } });
    const counts = await repriceAll(after, 'company-fake', { pauseScale: 0 });
    expect(counts).toEqual({ repriced: 1, failed: 0, keptSellerEdits: 0 });
    const doc = products.docOf(priced);
    expect(doc.options[0]).toMatchObject({ purchasePrice: 4000, supplyPrice: 6670, sellingPrice: 11120 });
    expect(doc.pricingStatus).toBe('completed');
    expect(doc.coupangDoc.jsonDocument[0].productPage.commonAttributes.coupangSalePrice).toBe(11120);
    expect(products.docOf(neverPriced).pricing).toBeUndefined();
  });
});
