import type { ProductStore } from '../products/product-store.ts';

// Issue 41: the demo seller's listings on the (fake) Coupang are three of the demo's own 1688
// products (coupang/fake/fake-sales.ts DEMO_SALES_ITEMS). They were put on sale before the demo
// starts, not through the app's registration, so no product carries their sellerProductId and the
// sync's own linking (by registration) cannot find them. The demo links each vendor item to the demo
// product's option it is, as a seller would with 상품 연결, so every demo line has its landed cost
// (the option's 1688 price and weight) from the first sync on. The fake knows nothing of this.

export type DemoListing = {
  /** The fake's vendor item (DEMO_SALES_ITEMS). */
  readonly vendorItemId: string;
  /** The demo offer (demo-offers.ts) whose product it is. */
  readonly offerId: string;
  /** The option's 1688 values (option1, option2), as the demo offer names them. */
  readonly values: readonly string[];
};

export const DEMO_LISTINGS: readonly DemoListing[] = [
  { vendorItemId: '70000000101', offerId: '900000000105', values: ['埃菲尔铁塔'] },
  { vendorItemId: '70000000102', offerId: '900000000105', values: ['城堡'] },
  { vendorItemId: '70000000201', offerId: '900000000104', values: ['灰色'] },
  { vendorItemId: '70000000301', offerId: '900000000106', values: ['透明', 'iPhone15'] },
  { vendorItemId: '70000000302', offerId: '900000000106', values: ['黑色', 'iPhone15'] },
];

export type DemoSalesLinkDeps = {
  products: Pick<ProductStore, 'findByOfferId'>;
  /** The sales service's links (container.sales; typed here, so demo/ does not import sales/). */
  sales: {
    linkedItemIds(companyId: string, vendorItemIds: readonly string[]): Promise<Set<string>>;
    linkManually(
      companyId: string,
      input: { vendorItemId: string; productId: string; optionIndex: number },
    ): Promise<unknown>;
    /** The links take their options' identity and the offers' MOQ and tiers (the reorder list). */
    followLinks?(companyId: string, vendorItemIds?: readonly string[]): Promise<unknown>;
  };
};

/**
 * Links each demo listing the company has not linked yet (a link the seller made stays) to its demo
 * product's option. A listing whose product or option is gone (the seller deleted it) is left
 * unlinked. Answers how many were linked.
 */
export async function seedDemoSalesLinks(deps: DemoSalesLinkDeps, companyId: string): Promise<number> {
  const linked = await deps.sales.linkedItemIds(
    companyId,
    DEMO_LISTINGS.map((l) => l.vendorItemId),
  );
  let count = 0;
  for (const listing of DEMO_LISTINGS) {
    if (linked.has(listing.vendorItemId)) continue;
    const row = await deps.products.findByOfferId(companyId, listing.offerId);
    const optionIndex = (row?.doc.options ?? []).findIndex(
      (o) =>
        o.option1?.name === listing.values[0] && (listing.values[1] ?? null) === (o.option2?.name ?? null),
    );
    if (!row || optionIndex < 0) continue;
    await deps.sales.linkManually(companyId, {
      vendorItemId: listing.vendorItemId,
      productId: row.id,
      optionIndex,
    });
    count++;
  }
  if (count > 0)
    await deps.sales.followLinks?.(
      companyId,
      DEMO_LISTINGS.map((l) => l.vendorItemId),
    );
  return count;
}
