import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OFFERS } from '../../src/demo/demo-offers.ts';
import { DEMO_DEFAULT_SETTINGS } from '../../src/demo/demo-settings.ts';
import { newDemoProduct } from '../../src/demo/seed-demo-products.ts';
import {
  addToRegistration,
  createHarness,
  type Harness,
  product,
  runTask,
  seller,
} from './quotation-harness.ts';

// The demo catalogue has a product whose options a buyer cannot tell apart (same colour, only the
// packaging differs): with the offline provider (no key), the quotation splits it, so a new user
// sees a split happen. The demo product is made as the demo seed makes it, in memory (no PostgreSQL).

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('the colliding demo product', () => {
  it('splits into one product per packaging with the offline provider', async () => {
    // The demo company: offline provider (no key), the demo's brand, manufacturer and importer.
    const s = seller(h, { ai: { provider: 'offline' }, defaults: DEMO_DEFAULT_SETTINGS });
    const demo = DEMO_OFFERS.find((d) => String(d.offer.offerId) === '900000000107');
    expect(demo).toBeDefined();
    const rid = await s.products.nextRegistrationId(s.companyId);
    const doc = await newDemoProduct(demo!, rid, s.deps.storage, s.companyId);
    const [row] = await s.products.create(s.companyId, [{ registrationId: rid, doc }]);
    await addToRegistration(s, row!.id, demo!.displayCategoryCode);

    const r = await runTask(h, s, row!.id, { pauseScale: 0 });
    expect(r.outcome, JSON.stringify(r.outcome)).toMatchObject({
      status: 'completed',
      result: 'split_completed',
    });
    const split = r.events.filter((e) => e.type === 'product-split-completed');
    expect(split).toHaveLength(1);
    const event = split[0] as { total: number; splitProducts: { _id: string; registrationId: string }[] };
    expect(event.total).toBe(3);
    expect(event.splitProducts.map((p) => p.registrationId)).toEqual([`${rid}_2`, `${rid}_3`]);

    type Seen = {
      _id: string;
      options: unknown[];
      quotationStatus: string;
      coupangDoc: { productName: string };
      splitGroup?: { value?: string };
    };
    const products = await Promise.all(
      [row!.id, ...event.splitProducts.map((p) => p._id)].map((id) => product<Seen>(s, id)),
    );
    expect(products).toHaveLength(3);
    for (const p of products) {
      expect(p.options).toHaveLength(1);
      expect(p.quotationStatus).toBe('completed');
    }
    // Q §4 (issue 42): each product's name ends with ", {its packaging}", also its item value
    expect(new Set(products.map((p) => p.splitGroup?.value)).size).toBe(3);
    for (const p of products)
      expect(p.coupangDoc.productName).toMatch(new RegExp(`, ${p.splitGroup?.value}$`));
    expect(new Set(products.map((p) => p.coupangDoc.productName)).size).toBe(3);
  });
});
