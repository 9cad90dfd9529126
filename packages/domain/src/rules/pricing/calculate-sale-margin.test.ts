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
      rocket_growth_fee: [7800, 'fee_table'],
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

  it('a marketplace line has no Rocket Growth fee', () => {
    const r = calculateSaleMargin({ channel: 'MARKETPLACE', quantity: 1, revenue: 1000 });
    expect(r.parts.some((p) => p.key === 'rocket_growth_fee')).toBe(false);
  });
});
