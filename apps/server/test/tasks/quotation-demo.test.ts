import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { findProductByOfferId } from '../../src/products/product-repository.ts';
import { signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';
import { createHarness, type Harness, runTask } from './quotation-harness.ts';

// The demo catalogue has a product whose options a buyer cannot tell apart (same colour, only the
// packaging differs): with the offline provider (no key), the quotation splits it, so a new user
// sees a split happen.

const { db } = await createTestDb();
let h: Harness;
beforeAll(async () => {
  h = await createHarness(db);
});
afterAll(async () => h.close());

describe('the colliding demo product', () => {
  it('splits into one product per packaging with the offline provider', async () => {
    const c = await signUp(h.app, db);
    await seedDemoProducts(db, c.companyId, h.container.storage);
    const row = await findProductByOfferId(db, c.companyId, '900000000107');
    expect(row).toBeDefined();
    const rid = row!.registration_id;

    const r = await runTask(h, c, row!.id, { pauseScale: 0 });
    expect(r.outcome, JSON.stringify(r.outcome)).toMatchObject({
      status: 'completed',
      result: 'split_completed',
    });
    const split = r.events.filter((e) => e.type === 'product-split-completed');
    expect(split).toHaveLength(1);
    const event = split[0] as { total: number; splitProducts: { _id: string; registrationId: string }[] };
    expect(event.total).toBe(3);
    expect(event.splitProducts.map((p) => p.registrationId)).toEqual([`${rid}_2`, `${rid}_3`]);

    const list = await c.post('/api/aiRocketReg/getlist', {
      view: 'full',
      ids: [row!.id, ...event.splitProducts.map((p) => p._id)],
    });
    const products = list.body.products as {
      _id: string;
      options: unknown[];
      quotationStatus: string;
      coupangDoc: { productName: string };
      splitGroup?: { value?: string };
    }[];
    expect(products).toHaveLength(3);
    for (const p of products) {
      expect(p.options).toHaveLength(1);
      expect(p.quotationStatus).toBe('completed');
    }
    // Issue 20: one name (no option text); each product's packaging is its item value
    expect(new Set(products.map((p) => p.coupangDoc.productName)).size).toBe(1);
    expect(new Set(products.map((p) => p.splitGroup?.value)).size).toBe(3);
  });
});
