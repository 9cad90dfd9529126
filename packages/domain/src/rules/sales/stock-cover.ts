// Issue 41: Rocket Growth stock and what to reorder. Units per day over 7 and 30 days, days of cover
// (the stock at the 30-day pace, or the 7-day pace when it is faster: a product taking off is not
// covered by its quiet month), below a threshold, and the quantity to order from the 1688 supplier:
// enough for the lead time plus the wanted cover, less the stock, then the purchase line of it
// (reorderPurchase: at least the offer's MOQ and first tier, priced at the tier the quantity reaches).

import { type PriceTierYuan, type ReorderPurchase, reorderPurchase } from './reorder-purchase.ts';

export type StockCoverInput = {
  /** Orderable units in Coupang's warehouse. */
  orderable: number;
  units7: number;
  units30: number;
  /** Days from ordering at 1688 to the stock being orderable at Coupang. */
  leadTimeDays: number;
  /** Days of sales the stock should cover once it arrives. */
  coverDays: number;
  /** Below this many days of cover an item is flagged. */
  thresholdDays: number;
  /** The offer's minimum order quantity (1 when unknown). */
  moq?: number | null | undefined;
  /** The offer's quantity tiers (yuan), when it is priced by quantity. */
  tiers?: readonly PriceTierYuan[] | null | undefined;
  /** The option's own 1688 price in yuan. */
  unitYuan?: number | null | undefined;
};

export type StockCover = {
  /** Units per day, to two decimals. */
  perDay7: number;
  perDay30: number;
  /** The pace used: the faster of the two. */
  perDay: number;
  /** Days the stock lasts at that pace (one decimal); null when nothing sells. */
  daysOfCover: number | null;
  below: boolean;
  /** Units the stock is short of over lead time and cover (0: enough). */
  shortfall: number;
  /** Units to order now (0: enough): the shortfall, at least the offer's minimum. */
  reorderQuantity: number;
  /** The purchase line: quantity, the minimum, the tier reached and its price. */
  purchase: ReorderPurchase;
};

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

export function stockCover(input: StockCoverInput): StockCover {
  const orderable = Math.max(0, Math.trunc(input.orderable));
  // Units per day as exact fractions (units / days) until the end.
  const pace7 = Math.max(0, input.units7) / 7;
  const pace30 = Math.max(0, input.units30) / 30;
  const perDay = Math.max(pace7, pace30);
  const daysOfCover = perDay === 0 ? null : round(orderable / perDay, 1);
  const below = daysOfCover !== null && daysOfCover < input.thresholdDays;
  // Integer arithmetic for the need: the faster pace's units over (lead + cover) days, rounded up.
  const horizon = Math.max(0, input.leadTimeDays) + Math.max(0, input.coverDays);
  const need7 = Math.ceil((Math.max(0, input.units7) * horizon) / 7);
  const need30 = Math.ceil((Math.max(0, input.units30) * horizon) / 30);
  const shortfall = Math.max(0, Math.max(need7, need30) - orderable);
  const purchase = reorderPurchase({
    shortfall,
    moq: input.moq,
    tiers: input.tiers,
    unitYuan: input.unitYuan,
  });
  return {
    perDay7: round(pace7, 2),
    perDay30: round(pace30, 2),
    perDay: round(perDay, 2),
    daysOfCover,
    below,
    shortfall,
    reorderQuantity: purchase.quantity,
    purchase,
  };
}
