import { z } from 'zod';
import { LANDED_PRICING_DEFAULTS, PRICING_DEFAULTS, PRICING_METHODS } from '../constants.ts';

// Pricing (W §3, §9). Rates are percents (40 = 40 %); amounts are integer won.

export const PricingInfo = z.looseObject({
  exchangeRate: z.number().positive().default(PRICING_DEFAULTS.exchangeRate),
  marginRate: z.number().min(0).lt(100).default(PRICING_DEFAULTS.marginRate),
  coupangMarginRate: z.number().min(0).lt(100).default(PRICING_DEFAULTS.coupangMarginRate),
  roundUnit: z.number().int().positive().default(PRICING_DEFAULTS.roundUnit),
  msrpMultiplier: z.number().positive().default(PRICING_DEFAULTS.msrpMultiplier),
  enableBundling: z.boolean().default(PRICING_DEFAULTS.enableBundling),
  bundlingType: z.string().default(PRICING_DEFAULTS.bundlingType),
  minMarginAmount: z.number().min(0).default(PRICING_DEFAULTS.minMarginAmount),
  minCoupangMarginAmount: z.number().min(0).default(PRICING_DEFAULTS.minCoupangMarginAmount),
  enableMinSupplyMargin: z.boolean().default(PRICING_DEFAULTS.enableMinSupplyMargin),
  minSupplyMarginAmount: z.number().min(0).default(PRICING_DEFAULTS.minSupplyMarginAmount),
  /** Issue 41: markup on the yuan price (default) or a target margin after fees and landed cost. */
  pricingMethod: z.enum(PRICING_METHODS).default(LANDED_PRICING_DEFAULTS.pricingMethod),
  targetMarginPercent: z.number().min(0).lt(90).default(LANDED_PRICING_DEFAULTS.targetMarginPercent),
});
export type PricingInfo = z.infer<typeof PricingInfo>;

export const PricingOption = z.looseObject({
  optionNumber: z.string(),
  optionName: z.string().optional(),
  /** Source price in yuan. */
  price: z.number().min(0),
  bundleQuantity: z.number().int().positive().default(1),
  purchasePrice: z.number().int().optional(),
  supplyPrice: z.number().int().optional(),
  sellingPrice: z.number().int().optional(),
  msrp: z.number().int().optional(),
  supplyMargin: z.number().int().optional(),
  sellingMargin: z.number().int().optional(),
});
export type PricingOption = z.infer<typeof PricingOption>;

export const Pricing = z.looseObject({
  info: PricingInfo.default(() => PricingInfo.parse({})),
  options: z.array(PricingOption).default([]),
});
export type Pricing = z.infer<typeof Pricing>;
