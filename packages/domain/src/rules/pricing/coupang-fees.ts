import { roundFractionToUnit, toScaledInteger } from './round-to-unit.ts';

// Issue 41: Coupang's published fees, for a sale Coupang has not settled yet and for a price set
// before any sale. Sources and readings: docs/decisions.md, "Coupang's fee tables".
//
// - The sales commission (판매수수료) by the category's first level, as Coupang's fee table publishes
//   it (VAT excluded); Coupang charges VAT on it, so the estimate is the rate plus 10 %, the way the
//   settlement's serviceFee + serviceFeeVat is. The table names some first levels differently from
//   the display category tree (가구/홈인테리어 for 가구/홈데코…): the rows below are keyed by the tree's
//   names. Sub-category exceptions of the table are not in it (the first level's rate stands).
// - The Rocket Growth fulfilment fee per unit (입출고비 + 배송비) by size tier: the tier is the smallest
//   whose limits (sum of the box's three sides, the box's weight) the box fits; the fee is the lowest
//   the public pages give for the tier (the full table is per category and sale price, behind WING's
//   login), so it is an estimate from below.

export type CommissionRate = {
  /** The display category's first level, as the category tree names it. */
  readonly category: string;
  /** The fee table's rate, VAT excluded. */
  readonly percent: number;
};

export const COUPANG_COMMISSION_RATES: readonly CommissionRate[] = [
  { category: '패션의류잡화', percent: 10.5 },
  { category: '뷰티', percent: 9.6 },
  { category: '출산/유아동', percent: 10 },
  { category: '식품', percent: 10.6 },
  { category: '주방용품', percent: 10.8 },
  { category: '생활용품', percent: 7.8 },
  { category: '가구/홈데코', percent: 10.8 },
  { category: '가전/디지털', percent: 7.8 },
  { category: '스포츠/레져', percent: 10.8 },
  { category: '자동차용품', percent: 10 },
  { category: '도서/음반/DVD', percent: 10.8 },
  { category: '완구/취미', percent: 10.8 },
  { category: '문구/오피스', percent: 10.8 },
  { category: '반려/애완용품', percent: 10.8 },
];

/** VAT Coupang adds to its commission (percent). */
export const COMMISSION_VAT_PERCENT = 10;

/**
 * The commission rate of a display category path (`가구/홈데코>가구>의자>…`, first level compared
 * without spaces), or null when the path is empty or its first level is not in the table.
 */
export function commissionRateFor(categoryPath: string | null | undefined): CommissionRate | null {
  const root = (categoryPath ?? '').split('>')[0]?.replace(/\s+/g, '') ?? '';
  if (!root) return null;
  return COUPANG_COMMISSION_RATES.find((r) => r.category === root) ?? null;
}

/** The rate as charged: the table's rate plus VAT, in percent (exact to 1/100: 10.8 → 11.88). */
export function chargedCommissionPercent(percent: number): number {
  const bp = toScaledInteger(percent, 100) * BigInt(100 + COMMISSION_VAT_PERCENT);
  return roundFractionToUnit(bp, 100n, 1) / 100;
}

export type SizeTier = 'XS' | 'S' | 'M' | 'L1' | 'L2' | 'XL';

export type RocketGrowthTier = {
  readonly tier: SizeTier;
  /** Largest sum of the three sides, cm (inclusive). */
  readonly maxSumCm: number;
  /** Largest weight, kg (inclusive). */
  readonly maxKg: number;
  /** 입출고비 per unit, won (the lowest the public pages give). */
  readonly fulfilment: number;
  /** 배송비 per unit, won (the lowest the public pages give). */
  readonly delivery: number;
};

/** 극소형, 소형, 중형, 대형1, 대형2, 특대형; a box beyond 특대형 is not in the table. */
export const ROCKET_GROWTH_TIERS: readonly RocketGrowthTier[] = [
  { tier: 'XS', maxSumCm: 80, maxKg: 2, fulfilment: 600, delivery: 1350 },
  { tier: 'S', maxSumCm: 100, maxKg: 5, fulfilment: 650, delivery: 1550 },
  { tier: 'M', maxSumCm: 120, maxKg: 10, fulfilment: 1250, delivery: 2100 },
  { tier: 'L1', maxSumCm: 140, maxKg: 15, fulfilment: 1375, delivery: 2200 },
  { tier: 'L2', maxSumCm: 160, maxKg: 20, fulfilment: 1375, delivery: 4100 },
  { tier: 'XL', maxSumCm: 250, maxKg: 30, fulfilment: 1375, delivery: 5600 },
];

/** One unit's box as the registration document gives it: sides in mm, weight in g. */
export type UnitBox = { sidesMm: readonly [number, number, number]; weightG: number };

/**
 * The registration document's box (`skuUnitBoxDimension` "L*W*H" in mm, `skuUnitBoxWeight` in g), or
 * null when either is missing or not three positive sides and a positive weight.
 */
export function unitBoxOf(dimension: unknown, weight: unknown): UnitBox | null {
  if (typeof dimension !== 'string') return null;
  const sides = dimension.split(/\s*[*xX×]\s*/).map((s) => Number(s.trim()));
  const w = typeof weight === 'number' ? weight : typeof weight === 'string' ? Number(weight.trim()) : NaN;
  if (sides.length !== 3 || !sides.every((s) => Number.isFinite(s) && s > 0)) return null;
  if (!Number.isFinite(w) || w <= 0) return null;
  return { sidesMm: [sides[0]!, sides[1]!, sides[2]!], weightG: w };
}

/** The smallest tier the box fits (sum of sides and weight both within its limits), or null. */
export function rocketGrowthTierFor(box: UnitBox | null | undefined): RocketGrowthTier | null {
  if (!box) return null;
  // Tenths of a mm and grams, so the limits compare exactly.
  const sum = box.sidesMm.reduce((n, s) => n + toScaledInteger(s, 10), 0n);
  const grams = toScaledInteger(box.weightG, 1);
  return (
    ROCKET_GROWTH_TIERS.find((t) => sum <= BigInt(t.maxSumCm) * 100n && grams <= BigInt(t.maxKg) * 1000n) ??
    null
  );
}

/** The tier's fee per unit: 입출고비 + 배송비. */
export const rocketGrowthFeeOf = (t: RocketGrowthTier) => t.fulfilment + t.delivery;
