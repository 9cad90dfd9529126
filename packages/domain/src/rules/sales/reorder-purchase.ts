// Issue 41: one line of the purchase list (재주문 제안). The units short (stockCover's need less the
// stock) become the quantity ordered from the 1688 offer: nothing when nothing is short, else at
// least the offer's minimum order quantity (起批量, a minimum, not a multiple) and at least the first
// quantity tier (an offer priced by quantity sells nothing below it). The line is priced at the tier
// its quantity reaches (the last tier whose minimum it meets), or at the option's own 1688 price when
// the offer has no tiers. Money in fen (integers) until the end, answered in yuan. Pure: no I/O.

export type PriceTierYuan = {
  /** The tier starts at this quantity. */
  minQuantity: number;
  /** The unit price in yuan from that quantity on. */
  price: number;
};

export type ReorderPurchaseInput = {
  /** Units short: what the stock needs over lead time and cover, less the stock (0: enough). */
  shortfall: number;
  /** The offer's minimum order quantity (1 when unknown). */
  moq?: number | null | undefined;
  /** The offer's quantity tiers (any order; invalid entries ignored); empty: priced per SKU. */
  tiers?: readonly PriceTierYuan[] | null | undefined;
  /** The option's own 1688 price in yuan (per-SKU offers), null when unknown. */
  unitYuan?: number | null | undefined;
};

export type ReorderPurchase = {
  /** Units to order (0: nothing to order). */
  quantity: number;
  /** The smallest quantity the offer sells: the MOQ and the first tier's minimum, whichever is larger. */
  minimum: number;
  /** The tier the quantity reaches (the first tier when nothing is ordered), null without tiers. */
  tier: PriceTierYuan | null;
  /** The unit price used, in yuan; null when unknown. */
  unitYuan: number | null;
  /** Where the unit price came from. */
  priceSource: 'tier' | 'option' | 'missing';
  /** quantity × unit price in yuan (two decimals); null when the price is unknown. */
  amountYuan: number | null;
};

const toFen = (yuan: number) => Math.round(yuan * 100);

export function reorderPurchase(input: ReorderPurchaseInput): ReorderPurchase {
  const tiers = (input.tiers ?? [])
    .filter(
      (t) => Number.isInteger(t.minQuantity) && t.minQuantity >= 1 && Number.isFinite(t.price) && t.price > 0,
    )
    .slice()
    .sort((a, b) => a.minQuantity - b.minQuantity);
  const moq = Math.max(1, Math.trunc(input.moq ?? 1));
  const minimum = Math.max(moq, tiers[0]?.minQuantity ?? 1);
  const shortfall = Math.max(0, Math.ceil(input.shortfall));
  const quantity = shortfall === 0 ? 0 : Math.max(shortfall, minimum);
  let tier: PriceTierYuan | null = null;
  for (const t of tiers) if (t.minQuantity <= Math.max(quantity, minimum)) tier = t;
  const own = input.unitYuan ?? null;
  const unitYuan = tier ? tier.price : own !== null && Number.isFinite(own) && own > 0 ? own : null;
  const priceSource = tier ? 'tier' : unitYuan !== null ? 'option' : 'missing';
  const amountYuan = unitYuan === null ? null : (quantity * toFen(unitYuan)) / 100;
  return {
    quantity,
    minimum,
    tier: tier ? { minQuantity: tier.minQuantity, price: tier.price } : null,
    unitYuan,
    priceSource,
    amountYuan,
  };
}
