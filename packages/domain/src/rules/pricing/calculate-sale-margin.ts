import {
  chargedCommissionPercent,
  commissionRateFor,
  rocketGrowthFeeOf,
  rocketGrowthTierFor,
  type SizeTier,
  type UnitBox,
} from './coupang-fees.ts';
import { roundFractionToUnit, toScaledInteger } from './round-to-unit.ts';

// Issue 41: what one sold line really made. Revenue is what the buyer paid for the line; Coupang's fee
// comes from the settlement when Coupang settled the line, else from the category's commission rate
// (or the default rate), marked estimated; a Rocket Growth line adds the fulfilment fee of the fee
// table (estimated: the Rocket Growth order answer carries no fee); the landed cost of a unit is the
// 1688 price at the exchange rate plus China-side freight, international shipping by weight, customs
// duty on the goods and shipping, and import VAT on all of it. Every amount is exact (integers, one
// rounding half up to the won per part), and each says where it came from.

export type LandedCostSettings = {
  /** Won per yuan (decimals allowed, read to 1/100). */
  exchangeRate: number;
  /** Freight inside China per unit, in yuan. */
  domesticFreightYuan: number;
  /** International shipping, won per kg. */
  shippingPerKg: number;
  /** Percent of goods + shipping. */
  customsDutyPercent: number;
  /** Percent of goods + shipping + duty. */
  importVatPercent: number;
  /** Coupang's commission when neither a settlement nor the category's rate is known (VAT included). */
  defaultCommissionPercent: number;
  /** Rocket Growth fulfilment fee per unit (won) when the item's size tier is not known. */
  rocketGrowthFeePerUnit: number;
  /**
   * Estimate from Coupang's fee tables (the category's commission, the size tier's Rocket Growth fee)
   * where they apply; false: the two settings above stand for every estimate (the seller's override).
   */
  useFeeTables: boolean;
};

/** Defaults (docs/decisions.md, "Margin"): each is a setting the seller can change. */
export const DEFAULT_LANDED_COST_SETTINGS: LandedCostSettings = {
  exchangeRate: 190,
  domesticFreightYuan: 0,
  shippingPerKg: 6000,
  customsDutyPercent: 8,
  importVatPercent: 10,
  defaultCommissionPercent: 10.8,
  rocketGrowthFeePerUnit: 2600,
  useFeeTables: true,
};

export type SaleMarginInput = {
  /** MANUAL: a sale outside Coupang (addsale): no Coupang fee. */
  channel: 'MARKETPLACE' | 'ROCKET_GROWTH' | 'MANUAL';
  quantity: number;
  /** What the buyer paid for the line, in won. */
  revenue: number;
  /** Coupang's settled fee for the line (fee + its VAT), when the revenue history has it. */
  settledFee?: number | null | undefined;
  /** The category's commission rate in percent (VAT included), when known. */
  categoryCommissionPercent?: number | null | undefined;
  /** The product's display category path: its commission rate from Coupang's fee table. */
  categoryPath?: string | null | undefined;
  /** One unit's box (registration document): its Rocket Growth size tier and fee. */
  box?: UnitBox | null | undefined;
  /** The 1688 price of one unit in yuan, when the line is linked to an offer. */
  unitYuan?: number | null | undefined;
  /** Weight of one unit in kg, when known. */
  unitWeightKg?: number | null | undefined;
  settings?: Partial<LandedCostSettings> | undefined;
};

export type CostSource =
  | 'settlement'
  | 'category_rate'
  | 'default_rate'
  | 'fee_table'
  | '1688_price'
  | 'setting'
  | 'weight'
  | 'missing';

/** Which row of Coupang's fee tables an estimate came from. */
export type FeeBasis =
  | { kind: 'category'; category: string; percent: number }
  | { kind: 'size_tier'; tier: SizeTier; feePerUnit: number };

export type CostPart = {
  key:
    | 'commission'
    | 'rocket_growth_fee'
    | 'goods'
    | 'domestic_freight'
    | 'international_shipping'
    | 'customs_duty'
    | 'import_vat';
  /** Won for the whole line; null when it cannot be known (its source is `missing`). */
  amount: number | null;
  source: CostSource;
  estimated: boolean;
  /** The fee table's row (category rate, size tier) when the estimate came from one. */
  basis?: FeeBasis;
};

export type SaleMargin = {
  revenue: number;
  parts: CostPart[];
  /** Sum of the known parts. */
  knownCost: number;
  /** Revenue − every cost; null when a part is missing (no 1688 price: the margin is not known). */
  margin: number | null;
  /** Margin as a percent of revenue, to one decimal (half up); null with the margin. */
  marginPercent: number | null;
  /** Some part is an estimate (no settlement yet, a rate, the fee table). */
  estimated: boolean;
};

const bp = (percent: number) => toScaledInteger(percent, 100); // basis points
/** value × bp / 10000, rounded half up to the won. */
const ofBp = (value: bigint, basisPoints: bigint) => roundFractionToUnit(value * basisPoints, 10_000n, 1);

/**
 * The commission rate (VAT included) an estimate uses: the seller's override when the fee tables are
 * off, else a rate known for the item, else the category's row of the fee table plus VAT, else the
 * default setting.
 */
export function estimateCommission(
  input: Pick<SaleMarginInput, 'categoryCommissionPercent' | 'categoryPath'>,
  s: LandedCostSettings,
): { percent: number; source: 'category_rate' | 'default_rate'; basis?: FeeBasis } {
  if (s.useFeeTables === false) return { percent: s.defaultCommissionPercent, source: 'default_rate' };
  const known = input.categoryCommissionPercent;
  if (known !== null && known !== undefined) return { percent: known, source: 'category_rate' };
  const row = commissionRateFor(input.categoryPath);
  if (row)
    return {
      percent: chargedCommissionPercent(row.percent),
      source: 'category_rate',
      basis: { kind: 'category', category: row.category, percent: row.percent },
    };
  return { percent: s.defaultCommissionPercent, source: 'default_rate' };
}

/**
 * The Rocket Growth fee per unit an estimate uses: the size tier's (입출고비 + 배송비) when the box is
 * known and the fee tables are on, else the setting.
 */
export function estimateRocketGrowthFee(
  box: UnitBox | null | undefined,
  s: LandedCostSettings,
): { perUnit: number; source: 'fee_table' | 'setting'; basis?: FeeBasis } {
  const tier = s.useFeeTables === false ? null : rocketGrowthTierFor(box);
  if (!tier) return { perUnit: s.rocketGrowthFeePerUnit, source: 'setting' };
  const perUnit = rocketGrowthFeeOf(tier);
  return { perUnit, source: 'fee_table', basis: { kind: 'size_tier', tier: tier.tier, feePerUnit: perUnit } };
}

export function calculateSaleMargin(input: SaleMarginInput): SaleMargin {
  const s = { ...DEFAULT_LANDED_COST_SETTINGS, ...input.settings };
  const qty = BigInt(Math.max(0, Math.trunc(input.quantity)));
  const revenue = Math.max(0, Math.round(input.revenue));
  const parts: CostPart[] = [];

  if (input.channel === 'MANUAL') {
    // No Coupang fee on a sale made elsewhere.
  } else if (input.settledFee !== null && input.settledFee !== undefined)
    parts.push({
      key: 'commission',
      amount: Math.round(input.settledFee),
      source: 'settlement',
      estimated: false,
    });
  else {
    const fee = estimateCommission(input, s);
    parts.push({
      key: 'commission',
      amount: ofBp(BigInt(revenue), bp(fee.percent)),
      source: fee.source,
      estimated: true,
      ...(fee.basis ? { basis: fee.basis } : {}),
    });
  }
  if (input.channel === 'ROCKET_GROWTH') {
    const fee = estimateRocketGrowthFee(input.box, s);
    parts.push({
      key: 'rocket_growth_fee',
      amount: Number(BigInt(Math.round(fee.perUnit)) * qty),
      source: fee.source,
      estimated: true,
      ...(fee.basis ? { basis: fee.basis } : {}),
    });
  }

  const yuan = input.unitYuan;
  if (yuan === null || yuan === undefined) {
    for (const key of [
      'goods',
      'domestic_freight',
      'international_shipping',
      'customs_duty',
      'import_vat',
    ] as const)
      parts.push({ key, amount: null, source: 'missing', estimated: false });
  } else {
    // Fen (1/100 yuan) × rate in 1/100 won per yuan: 1/10000 won, one rounding per part.
    const rate = toScaledInteger(s.exchangeRate, 100);
    const goods = roundFractionToUnit(toScaledInteger(yuan, 100) * rate * qty, 10_000n, 1);
    const freight = roundFractionToUnit(toScaledInteger(s.domesticFreightYuan, 100) * rate * qty, 10_000n, 1);
    const weight = input.unitWeightKg;
    const hasWeight = weight !== null && weight !== undefined;
    // Grams × won per kg / 1000.
    const shipping = hasWeight
      ? roundFractionToUnit(
          toScaledInteger(weight, 1000) * toScaledInteger(s.shippingPerKg, 1) * qty,
          1000n,
          1,
        )
      : null;
    const base = BigInt(goods + freight + (shipping ?? 0));
    const duty = ofBp(base, bp(s.customsDutyPercent));
    const vat = ofBp(base + BigInt(duty), bp(s.importVatPercent));
    parts.push(
      { key: 'goods', amount: goods, source: '1688_price', estimated: false },
      { key: 'domestic_freight', amount: freight, source: 'setting', estimated: false },
      shipping === null
        ? { key: 'international_shipping', amount: null, source: 'missing', estimated: false }
        : { key: 'international_shipping', amount: shipping, source: 'weight', estimated: false },
      { key: 'customs_duty', amount: duty, source: 'setting', estimated: false },
      { key: 'import_vat', amount: vat, source: 'setting', estimated: false },
    );
  }

  const knownCost = parts.reduce((n, p) => n + (p.amount ?? 0), 0);
  const complete = parts.every((p) => p.amount !== null);
  const margin = complete ? revenue - knownCost : null;
  const marginPercent =
    margin === null || revenue === 0
      ? null
      : (Math.sign(margin) * roundFractionToUnit(BigInt(Math.abs(margin)) * 1000n, BigInt(revenue), 1)) / 10;
  return {
    revenue,
    parts,
    knownCost,
    margin,
    marginPercent,
    estimated: parts.some((p) => p.estimated),
  };
}
