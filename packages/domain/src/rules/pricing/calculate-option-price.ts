import { MSRP_MULTIPLIER_FLOOR } from '../../constants.ts';
import type { PricingInfo } from '../../entities/pricing.ts';
import { ceilToUnit, roundFractionToUnit, toScaledInteger } from './round-to-unit.ts';

export interface OptionPrice {
  bundleQuantity: number;
  /** Cost in won = price × exchange rate × bundle quantity, rounded half up to 1 won. */
  purchasePrice: number;
  /** Supply price = cost / (1 − margin), rounded to the unit (the document's purchasePrice). */
  supplyPrice: number;
  /** Selling price = supply / (1 − marketplace margin), rounded to the unit. */
  sellingPrice: number;
  /** MSRP = selling × multiplier (at least 1.1), rounded to the unit. */
  msrp: number;
  /** supplyPrice − purchasePrice */
  supplyMargin: number;
  /** sellingPrice − supplyPrice */
  sellingMargin: number;
}

type PriceInputs = Pick<
  PricingInfo,
  | 'exchangeRate'
  | 'marginRate'
  | 'coupangMarginRate'
  | 'roundUnit'
  | 'msrpMultiplier'
  | 'enableMinSupplyMargin'
  | 'minSupplyMarginAmount'
>;

const PERCENT_SCALE = 10_000n; // rates in percent with two decimals: 40 → 4000 of 10000

/**
 * W §9 Pricing: cost, supply, selling and MSRP of one option, in integer won.
 * All arithmetic is exact (bigint fractions); each price is rounded once, half up, to the round unit.
 */
export function calculateOptionPrice(price: number, info: PriceInputs, bundleQuantity = 1): OptionPrice {
  const unit = info.roundUnit;
  const q = BigInt(Math.max(1, Math.trunc(bundleQuantity)));
  const fen = toScaledInteger(Math.max(0, price), 100); // yuan × 100
  const rate = toScaledInteger(info.exchangeRate, 100); // won per yuan × 100
  const costNumerator = fen * rate * q; // won × 10000
  const costDenominator = 10_000n;

  const margin = toScaledInteger(info.marginRate, 100); // percent × 100
  const coupangMargin = toScaledInteger(info.coupangMarginRate, 100);

  const purchasePrice = roundFractionToUnit(costNumerator, costDenominator, 1);
  let supplyPrice = roundFractionToUnit(
    costNumerator * PERCENT_SCALE,
    costDenominator * (PERCENT_SCALE - margin),
    unit,
  );
  if (info.enableMinSupplyMargin && supplyPrice - purchasePrice < info.minSupplyMarginAmount) {
    supplyPrice = ceilToUnit(purchasePrice + info.minSupplyMarginAmount, unit);
  }
  const sellingPrice = roundFractionToUnit(
    BigInt(supplyPrice) * PERCENT_SCALE,
    PERCENT_SCALE - coupangMargin,
    unit,
  );
  const multiplier = toScaledInteger(Math.max(info.msrpMultiplier, MSRP_MULTIPLIER_FLOOR), 1000);
  const msrp = roundFractionToUnit(BigInt(sellingPrice) * multiplier, 1000n, unit);

  return {
    bundleQuantity: Number(q),
    purchasePrice,
    supplyPrice,
    sellingPrice,
    msrp,
    supplyMargin: supplyPrice - purchasePrice,
    sellingMargin: sellingPrice - supplyPrice,
  };
}
