import { BUNDLE_QUANTITY_LIMIT, BUNDLE_QUANTITY_STEP, MSRP_MULTIPLIER_FLOOR } from '../../constants.ts';
import type { OptionPrice } from './calculate-option-price.ts';
import {
  calculateSaleMargin,
  estimateCommission,
  estimateRocketGrowthFee,
  type LandedCostSettings,
  type SaleMargin,
} from './calculate-sale-margin.ts';
import type { UnitBox } from './coupang-fees.ts';
import { roundFractionToUnit, toScaledInteger } from './round-to-unit.ts';

// Issue 41: a price set for a target margin after Coupang's fees and the landed cost (the seller's
// choice in the pricing settings; the markup on the yuan price stays the default). The landed cost of
// the bundle is the sale margin's own (1688 price at the exchange rate, China freight, international
// shipping by weight, duty, VAT: calculateSaleMargin, so a price and the margin later shown on its
// sales agree), and the selling price S is the smallest multiple of the round unit with
//   S − commission(S) − Rocket Growth fee − landed cost ≥ target% × S,
// i.e. S = (landed + Rocket Growth fee) / (1 − commission% − target%) rounded up, checked with the
// sale margin's own rounding. Exact integer arithmetic throughout.

export type LandedPriceInput = {
  /** The option's 1688 price in yuan. */
  yuan: number;
  /** Weight of one unit in grams; without it the shipping (so the price) cannot be known. */
  weightG: number | null | undefined;
  channel: 'MARKETPLACE' | 'ROCKET_GROWTH';
  /** The margin wanted after fees and landed cost, percent of the selling price. */
  targetMarginPercent: number;
  /** A commission rate (VAT included) known for the item; else the category's, else the default. */
  commissionPercent?: number | null | undefined;
  /** The product's display category path: the commission from Coupang's fee table. */
  categoryPath?: string | null | undefined;
  /** One unit's box (registration document): the Rocket Growth size tier's fee. */
  box?: UnitBox | null | undefined;
  settings: LandedCostSettings;
  roundUnit: number;
  msrpMultiplier: number;
  /** With bundling on, the quantity rises 1 → 3 → … → 19 until the margin reaches `minMarginAmount`. */
  enableBundling?: boolean;
  minMarginAmount?: number;
};

export type LandedPrice = OptionPrice & { margin: SaleMargin };

export type LandedPriceResult =
  | { ok: true; price: LandedPrice }
  | { ok: false; reason: 'no_weight' | 'target_too_high' };

const bp = (percent: number) => toScaledInteger(percent, 100);

function priceFor(input: LandedPriceInput, quantity: number): LandedPriceResult {
  const s = input.settings;
  const weightKg = (input.weightG as number) / 1000;
  const landed = calculateSaleMargin({
    channel: 'MANUAL',
    quantity,
    revenue: 0,
    unitYuan: input.yuan,
    unitWeightKg: weightKg,
    settings: s,
  }).knownCost;
  // The same estimates the sale margin makes (the fee tables unless the seller overrides them).
  const commission = estimateCommission(
    { categoryCommissionPercent: input.commissionPercent, categoryPath: input.categoryPath },
    s,
  ).percent;
  const rgFee =
    input.channel === 'ROCKET_GROWTH'
      ? Math.round(estimateRocketGrowthFee(input.box, s).perUnit) * quantity
      : 0;
  const left = 10_000n - bp(commission) - bp(input.targetMarginPercent);
  if (left <= 0n) return { ok: false, reason: 'target_too_high' };
  const unit = BigInt(Math.max(1, Math.trunc(input.roundUnit)));
  // Smallest multiple of the unit ≥ (landed + fee) × 10000 / left.
  const need = BigInt(landed + rgFee) * 10_000n;
  let selling = Number(((need + left * unit - 1n) / (left * unit)) * unit);
  const marginAt = (price: number) =>
    calculateSaleMargin({
      channel: input.channel,
      quantity,
      revenue: price,
      categoryCommissionPercent: input.commissionPercent,
      categoryPath: input.categoryPath,
      box: input.box,
      unitYuan: input.yuan,
      unitWeightKg: weightKg,
      settings: s,
    });
  let margin = marginAt(selling);
  // The fee is rounded half up to the won: one more unit when that rounding took the margin under.
  const target = bp(input.targetMarginPercent);
  while (BigInt(margin.margin ?? 0) * 10_000n < target * BigInt(selling)) {
    selling += Number(unit);
    margin = marginAt(selling);
  }
  const fees = margin.parts
    .filter((p) => p.key === 'commission' || p.key === 'rocket_growth_fee')
    .reduce((n, p) => n + (p.amount ?? 0), 0);
  const supplyPrice = selling - fees;
  const multiplier = toScaledInteger(Math.max(input.msrpMultiplier, MSRP_MULTIPLIER_FLOOR), 1000);
  return {
    ok: true,
    price: {
      bundleQuantity: quantity,
      purchasePrice: landed,
      supplyPrice,
      sellingPrice: selling,
      msrp: roundFractionToUnit(BigInt(selling) * multiplier, 1000n, Number(unit)),
      supplyMargin: supplyPrice - landed,
      sellingMargin: fees,
      margin,
    },
  };
}

/**
 * One option's prices for a target margin after fees and landed cost: the landed cost is the
 * purchase price, the selling price is set for the target, the supply price is what is left after
 * Coupang's fees (so the supply margin is the margin in won and the selling margin the fees), the
 * MSRP is the selling price × the multiplier (at least 1.1).
 */
export function calculateLandedPrice(input: LandedPriceInput): LandedPriceResult {
  if (input.weightG === null || input.weightG === undefined || !(input.weightG > 0))
    return { ok: false, reason: 'no_weight' };
  let result = priceFor(input, 1);
  if (!input.enableBundling) return result;
  const min = input.minMarginAmount ?? 0;
  while (
    result.ok &&
    result.price.supplyMargin < min &&
    result.price.bundleQuantity + BUNDLE_QUANTITY_STEP < BUNDLE_QUANTITY_LIMIT
  )
    result = priceFor(input, result.price.bundleQuantity + BUNDLE_QUANTITY_STEP);
  return result;
}
