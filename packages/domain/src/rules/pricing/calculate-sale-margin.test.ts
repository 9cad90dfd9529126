import { describe, expect, it } from 'vitest';
import { calculateSaleMargin, type SaleMarginInput } from './calculate-sale-margin.ts';

// Each row worked by hand (docs/decisions.md, "Margin"): parts in won for the whole line.
const cases: {
  name: string;
  input: SaleMarginInput;
  parts: Record<string, [number | null, string]>;
  margin: number | null;
  percent: number | null;
  estimated: boolean;
}[] = [
  {
    name: 'settled marketplace line, defaults: 4845 goods, 1800 shipping, 532 duty, 718 VAT',
    input: {
      channel: 'MARKETPLACE',
      quantity: 1,
      revenue: 18900,
      settledFee: 2245,
      unitYuan: 25.5,
      unitWeightKg: 0.3,
    },
    parts: {
      commission: [2245, 'settlement'],
      goods: [4845, '1688_price'],
      domestic_freight: [0, 'setting'],
      international_shipping: [1800, 'weight'],
      customs_duty: [532, 'setting'], // 8% of 6645 = 531.6
      import_vat: [718, 'setting'], // 10% of 7177 = 717.7
    },
    margin: 8760,
    percent: 46.3, // 8760 / 18900 = 46.349…
    estimated: false,
  },
  {
    name: 'unsettled, category rate, decimal rate and freight, two units',
    input: {
      channel: 'MARKETPLACE',
      quantity: 2,
      revenue: 25800,
      categoryCommissionPercent: 11.88,
      unitYuan: 12.35,
      unitWeightKg: 0.25,
      settings: { exchangeRate: 190.55, domesticFreightYuan: 1.5 },
    },
    parts: {
      commission: [3065, 'category_rate'], // 3065.04
      goods: [4707, '1688_price'], // 12.35 × 190.55 × 2 = 4706.585
      domestic_freight: [572, 'setting'], // 1.5 × 190.55 × 2 = 571.65
      international_shipping: [3000, 'weight'],
      customs_duty: [662, 'setting'], // 8% of 8279 = 662.32
      import_vat: [894, 'setting'], // 10% of 8941 = 894.1
    },
    margin: 12900,
    percent: 50,
    estimated: true,
  },
  {
    name: 'Rocket Growth without a 1688 link: fees estimated, the margin unknown',
    input: { channel: 'ROCKET_GROWTH', quantity: 3, revenue: 35400 },
    parts: {
      commission: [3823, 'default_rate'], // 10.8% of 35400 = 3823.2
      rocket_growth_fee: [7800, 'setting'], // no box: 2,600 a unit (the setting)
      goods: [null, 'missing'],
      international_shipping: [null, 'missing'],
    },
    margin: null,
    percent: null,
    estimated: true,
  },
  {
    name: 'a loss is negative, its percent too',
    input: {
      channel: 'MARKETPLACE',
      quantity: 1,
      revenue: 5000,
      settledFee: 600,
      unitYuan: 30,
      unitWeightKg: 1,
    },
    parts: {
      goods: [5700, '1688_price'],
      international_shipping: [6000, 'weight'],
      customs_duty: [936, 'setting'],
      import_vat: [1264, 'setting'], // 10% of 12636 = 1263.6
    },
    margin: -9500,
    percent: -190,
    estimated: false,
  },
  {
    name: 'half a won rounds up; no weight leaves shipping and the margin unknown',
    input: {
      channel: 'MARKETPLACE',
      quantity: 1,
      revenue: 10005,
      categoryCommissionPercent: 10,
      unitYuan: 10,
    },
    parts: {
      commission: [1001, 'category_rate'],
      goods: [1900, '1688_price'],
      international_shipping: [null, 'missing'],
    },
    margin: null,
    percent: null,
    estimated: true,
  },
  {
    name: 'Rocket Growth, category and box known: the fee tables (가구/홈데코 10.8% + VAT, 소형 2,200 a unit)',
    input: {
      channel: 'ROCKET_GROWTH',
      quantity: 2,
      revenue: 30000,
      categoryPath: '가구/홈데코>가구>의자>스툴',
      box: { sidesMm: [330, 220, 120], weightG: 800 }, // 67 cm and 0.8 kg: 극소형 (≤ 80 cm, ≤ 2 kg)
      unitYuan: 20,
      unitWeightKg: 0.8,
    },
    parts: {
      commission: [3564, 'category_rate'], // 11.88% of 30000
      rocket_growth_fee: [3900, 'fee_table'], // 극소형 1,950 × 2
      goods: [7600, '1688_price'],
      international_shipping: [9600, 'weight'],
      customs_duty: [1376, 'setting'], // 8% of 17200
      import_vat: [1858, 'setting'], // 10% of 18576 = 1857.6
    },
    margin: 2102, // 30000 − (3564 + 3900 + 7600 + 0 + 9600 + 1376 + 1858)
    percent: 7, // 2102 / 30000 = 7.006…
    estimated: true,
  },
  {
    name: 'a category the table does not list: the default rate',
    input: { channel: 'MARKETPLACE', quantity: 1, revenue: 10000, categoryPath: '헬스/건강식품>비타민' },
    parts: { commission: [1080, 'default_rate'] },
    margin: null,
    percent: null,
    estimated: true,
  },
  {
    name: 'the seller’s override: the settings stand even where the tables apply',
    input: {
      channel: 'ROCKET_GROWTH',
      quantity: 1,
      revenue: 10000,
      categoryPath: '가구/홈데코>가구',
      box: { sidesMm: [100, 100, 100], weightG: 100 },
      settings: { useFeeTables: false, defaultCommissionPercent: 12, rocketGrowthFeePerUnit: 3000 },
    },
    parts: { commission: [1200, 'default_rate'], rocket_growth_fee: [3000, 'setting'] },
    margin: null,
    percent: null,
    estimated: true,
  },
  {
    name: 'a settlement wins over the category table',
    input: {
      channel: 'MARKETPLACE',
      quantity: 1,
      revenue: 10000,
      settledFee: 1100,
      categoryPath: '가구/홈데코>가구',
    },
    parts: { commission: [1100, 'settlement'] },
    margin: null,
    percent: null,
    estimated: false,
  },
];

describe('calculateSaleMargin', () => {
  it.each(cases)('$name', ({ input, parts, margin, percent, estimated }) => {
    const r = calculateSaleMargin(input);
    for (const [key, [amount, source]] of Object.entries(parts))
      expect(
        r.parts.find((p) => p.key === key),
        key,
      ).toMatchObject({ amount, source });
    expect(r.margin).toBe(margin);
    expect(r.marginPercent).toBe(percent);
    expect(r.estimated).toBe(estimated);
    if (margin !== null) expect(r.revenue - r.knownCost).toBe(margin);
  });

  it('a manual sale (outside Coupang) has no Coupang fee: revenue less the landed cost', () => {
    const r = calculateSaleMargin({
      channel: 'MANUAL',
      quantity: 1,
      revenue: 18900,
      unitYuan: 25.5,
      unitWeightKg: 0.3,
    });
    expect(r.parts.map((p) => p.key)).not.toContain('commission');
    expect(r.margin).toBe(18900 - (4845 + 1800 + 532 + 718));
    expect(r.estimated).toBe(false);
  });

  it('an estimate from a table says which row', () => {
    const r = calculateSaleMargin({
      channel: 'ROCKET_GROWTH',
      quantity: 1,
      revenue: 10000,
      categoryPath: '패션의류잡화>여성패션',
      box: { sidesMm: [400, 300, 200], weightG: 1500 }, // 90 cm: 소형
    });
    expect(r.parts.find((p) => p.key === 'commission')?.basis).toEqual({
      kind: 'category',
      category: '패션의류잡화',
      percent: 10.5,
    });
    expect(r.parts.find((p) => p.key === 'rocket_growth_fee')?.basis).toEqual({
      kind: 'size_tier',
      tier: 'S',
      feePerUnit: 2200,
    });
    const fallback = calculateSaleMargin({ channel: 'ROCKET_GROWTH', quantity: 1, revenue: 10000 });
    expect(fallback.parts.every((p) => p.basis === undefined)).toBe(true);
  });

  it('a marketplace line has no Rocket Growth fee', () => {
    const r = calculateSaleMargin({ channel: 'MARKETPLACE', quantity: 1, revenue: 1000 });
    expect(r.parts.some((p) => p.key === 'rocket_growth_fee')).toBe(false);
  });
});
