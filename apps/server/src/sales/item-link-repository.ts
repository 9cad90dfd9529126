import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { StoredLink } from './item-links.ts';

// Issue 41: the sales links' option identity and the offer's purchase terms (migration 0085): read
// for the follow pass (a link follows its option into a split product) and the reorder list (MOQ,
// tiers), written when a link's option moved or its facts changed. Every statement is the company's.

type Tiers = StoredLink['priceTiers'];

/** The stored tiers as read (jsonb), kept only when they have the shape written. */
function tiersOf(value: unknown): Tiers {
  if (!Array.isArray(value)) return null;
  const tiers = value.filter(
    (t): t is { minQuantity: number; price: number } =>
      typeof t === 'object' &&
      t !== null &&
      typeof (t as { minQuantity?: unknown }).minQuantity === 'number' &&
      typeof (t as { price?: unknown }).price === 'number',
  );
  return tiers.map((t) => ({ minQuantity: t.minQuantity, price: t.price }));
}

const n = (v: string | null) => (v === null ? null : Number(v));

export function createItemLinkRepository(db: Db) {
  return {
    /** The company's links (all of them, or these vendor items'), with their option identity. */
    async links(companyId: string, vendorItemIds?: readonly string[]): Promise<StoredLink[]> {
      if (vendorItemIds && vendorItemIds.length === 0) return [];
      let query = db
        .selectFrom('sales_item_links')
        .select([
          'vendor_item_id',
          'product_id',
          'option_number',
          'offer_id',
          'source_key',
          'unit_yuan',
          'unit_weight_kg',
          'moq',
          'price_tiers',
        ])
        .where('company_id', '=', companyId);
      if (vendorItemIds) query = query.where('vendor_item_id', 'in', [...vendorItemIds]);
      const rows = await query.orderBy('vendor_item_id').execute();
      return rows.map((r) => ({
        vendorItemId: r.vendor_item_id,
        productId: r.product_id,
        optionNumber: r.option_number,
        offerId: r.offer_id,
        sourceKey: r.source_key,
        unitYuan: n(r.unit_yuan),
        unitWeightKg: n(r.unit_weight_kg),
        moq: r.moq,
        priceTiers: tiersOf(r.price_tiers),
      }));
    },

    /**
     * The Rocket Growth vendor items seen in the synced lines, with a name: Coupang's Rocket Growth
     * orders name no seller product (their items are placed by name, placeByName).
     */
    async unplacedItems(companyId: string): Promise<{ vendorItemId: string; name: string }[]> {
      const rows = await db
        .selectFrom('sales_order_lines')
        .select(['vendor_item_id', sql<string>`max(item_name)`.as('name')])
        .where('company_id', '=', companyId)
        .where('channel', '=', 'ROCKET_GROWTH')
        .where('seller_product_id', 'is', null)
        .groupBy('vendor_item_id')
        .orderBy('vendor_item_id')
        .execute();
      return rows.map((r) => ({ vendorItemId: r.vendor_item_id, name: r.name }));
    },

    /** Writes where each link's option is now and its facts (one transaction; links of the company only). */
    async saveResolved(companyId: string, links: readonly StoredLink[]): Promise<void> {
      if (links.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const l of links)
          await trx
            .updateTable('sales_item_links')
            .set({
              product_id: l.productId,
              option_number: l.optionNumber,
              offer_id: l.offerId,
              source_key: l.sourceKey,
              unit_yuan: l.unitYuan,
              unit_weight_kg: l.unitWeightKg,
              moq: l.moq,
              price_tiers: l.priceTiers === null ? null : JSON.stringify(l.priceTiers),
              linked_at: sql`now()`,
            })
            .where('company_id', '=', companyId)
            .where('vendor_item_id', '=', l.vendorItemId)
            .execute();
      });
    },
  };
}
export type ItemLinkRepository = ReturnType<typeof createItemLinkRepository>;
