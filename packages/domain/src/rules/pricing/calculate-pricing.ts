import { type Pricing, PricingInfo, type PricingOption } from '../../entities/pricing.ts';
import { fail, issue, ok, type Result } from '../../result.ts';
import { chooseBundleQuantity } from './choose-bundle-quantity.ts';

export interface PricingInputOption {
  optionNumber: string;
  optionName?: string;
  /** Source price in yuan. */
  price: number;
}

/**
 * W §5 / §9: pricing needs options ('No product or options to process'); every option gets its
 * prices from the (defaulted) pricing info.
 */
export function calculatePricing(
  options: readonly PricingInputOption[] | undefined,
  info: Partial<PricingInfo> = {},
): Result<Pricing> {
  if (!options || options.length === 0) return fail([issue('noProductOrOptions')]);
  const fullInfo = PricingInfo.parse(info);
  const priced: PricingOption[] = options.map((option) => {
    const result = chooseBundleQuantity(option.price, fullInfo);
    return {
      optionNumber: option.optionNumber,
      ...(option.optionName === undefined ? {} : { optionName: option.optionName }),
      price: option.price,
      ...result,
    };
  });
  return ok({ info: fullInfo, options: priced });
}
