import { BUNDLE_QUANTITY_LIMIT, BUNDLE_QUANTITY_STEP } from '../../constants.ts';
import type { PricingInfo } from '../../entities/pricing.ts';
import { calculateOptionPrice, type OptionPrice } from './calculate-option-price.ts';

/** Both minimum margins (3000 by default) are met. */
export function isMarginMet(result: OptionPrice, info: PricingInfo): boolean {
  return result.supplyMargin >= info.minMarginAmount && result.sellingMargin >= info.minCoupangMarginAmount;
}

/**
 * W §9 Pricing: with bundling on, the bundle quantity rises by 2 while it stays below 20 until the
 * minimum margins are met (1 → 3 → … → 19). With bundling off the given quantity is kept.
 */
export function chooseBundleQuantity(price: number, info: PricingInfo, startQuantity = 1): OptionPrice {
  let result = calculateOptionPrice(price, info, startQuantity);
  if (!info.enableBundling) return result;
  while (!isMarginMet(result, info) && result.bundleQuantity + BUNDLE_QUANTITY_STEP < BUNDLE_QUANTITY_LIMIT) {
    result = calculateOptionPrice(price, info, result.bundleQuantity + BUNDLE_QUANTITY_STEP);
  }
  return result;
}
