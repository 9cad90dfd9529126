import { describe, expect, it } from 'vitest';
import { calculateLandedPrice, type LandedPriceInput } from './calculate-landed-price.ts';
import { DEFAULT_LANDED_COST_SETTINGS } from './calculate-sale-margin.ts';

// A 10-yuan, 300 g option with the default landed-cost settings (190 won/yuan, no China freight,
// 6,000 won/kg, duty 8 %, VAT 10 %, commission 10.8 %, Rocket Growth 2,600 won a unit):
// goods 1,900 + shipping 1,800 = 3,700; duty 296; VAT 10 % of 3,996 = 400 → landed cost 4,396.
const base: LandedPriceInput = {
  yuan: 10,
  weightG: 300,
  channel: 'MARKETPLACE',
  targetMarginPercent: 20,
  settings: DEFAULT_LANDED_COST_SETTINGS,
  roundUnit: 100,
  msrpMultiplier: 1.3,
};

describe('calculateLandedPrice', () => {
  it.each([
    // 4,396 / (1 − 0.108 − 0.2) = 6,352.6 → 6,400; fee 691; margin 1,313 (20.5 %); MSRP 8,320 → 8,300.
    [
      'marketplace, 20 %',
      {},
      { q: 1, cost: 4396, selling: 6400, supply: 5709, margin: 1313, fees: 691, msrp: 8300 },
    ],
    // (4,396 + 2,600) / 0.692 = 10,109.8 → 10,200; fee 1,102 + 2,600; margin 2,102 (20.6 %).
    [
      'Rocket Growth adds its fee per unit',
      { channel: 'ROCKET_GROWTH' },
      { q: 1, cost: 4396, selling: 10200, supply: 6498, margin: 2102, fees: 3702, msrp: 13300 },
    ],
    // The category's 20 % and a 30 % target: 4,396 / 0.5 = 8,792 → 8,800; MSRP at the 1.1 floor: 9,680 → 9,700.
    [
      'a category rate, a higher target, the MSRP floor',
      { commissionPercent: 20, targetMarginPercent: 30, msrpMultiplier: 1 },
      { q: 1, cost: 4396, selling: 8800, supply: 7040, margin: 2644, fees: 1760, msrp: 9700 },
    ],
    // A round unit of 1: 6,352.6 → 6,353; fee 686 (10.8 % of 6,353, half up); margin 1,271 (20.006 %).
    [
      'a round unit of 1',
      { roundUnit: 1 },
      { q: 1, cost: 4396, selling: 6353, supply: 5667, margin: 1271, fees: 686, msrp: 8259 },
    ],
    // Bundling to a 3,000-won margin: 1 unit makes 1,313, 3 units: landed 13,187 (goods 5,700,
    // shipping 5,400, duty 888, VAT 1,199) → 19,056.4 → 19,100; fee 2,063; margin 3,850.
    [
      'bundling until the margin reaches the minimum',
      { enableBundling: true, minMarginAmount: 3000 },
      { q: 3, cost: 13187, selling: 19100, supply: 17037, margin: 3850, fees: 2063, msrp: 24800 },
    ],
    // The category's row of Coupang's table: 가구/홈데코 10.8 % + VAT = 11.88 %: 4,396 / 0.6812 =
    // 6,453.3 → 6,500; fee 772 (772.2); margin 1,332 (20.5 %); MSRP 8,450 → 8,500.
    [
      'the category’s commission from the fee table',
      { categoryPath: '가구/홈데코>가구>의자' },
      { q: 1, cost: 4396, selling: 6500, supply: 5728, margin: 1332, fees: 772, msrp: 8500 },
    ],
    // And Rocket Growth with a 33×22×12 cm, 300 g box: 극소형, 1,950 a unit: (4,396 + 1,950) / 0.6812 =
    // 9,316.2 → 9,400; fee 1,117 + 1,950; margin 1,937 (20.6 %); MSRP 12,220 → 12,200.
    [
      'the size tier’s Rocket Growth fee from the fee table',
      {
        channel: 'ROCKET_GROWTH',
        categoryPath: '가구/홈데코>가구>의자',
        box: { sidesMm: [330, 220, 120], weightG: 300 },
      },
      { q: 1, cost: 4396, selling: 9400, supply: 6333, margin: 1937, fees: 3067, msrp: 12200 },
    ],
    // The seller's override: the settings' 10.8 % and 2,600 stand (the second row's prices).
    [
      'the seller’s override of the tables',
      {
        channel: 'ROCKET_GROWTH',
        categoryPath: '가구/홈데코>가구>의자',
        box: { sidesMm: [330, 220, 120], weightG: 300 },
        settings: { ...DEFAULT_LANDED_COST_SETTINGS, useFeeTables: false },
      },
      { q: 1, cost: 4396, selling: 10200, supply: 6498, margin: 2102, fees: 3702, msrp: 13300 },
    ],
  ] as const)('%s', (_name, over, want) => {
    const r = calculateLandedPrice({ ...base, ...over });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.price).toMatchObject({
      bundleQuantity: want.q,
      purchasePrice: want.cost,
      sellingPrice: want.selling,
      supplyPrice: want.supply,
      supplyMargin: want.margin,
      sellingMargin: want.fees,
      msrp: want.msrp,
    });
    // The margin the sales screens will show for a sale at this price is the same, at least the target.
    expect(r.price.margin.margin).toBe(want.margin);
    const target = 'targetMarginPercent' in over ? over.targetMarginPercent : base.targetMarginPercent;
    expect(r.price.margin.margin! / want.selling).toBeGreaterThanOrEqual(target / 100);
  });

  it.each([
    ['no weight', { weightG: null }, 'no_weight'],
    ['a zero weight', { weightG: 0 }, 'no_weight'],
    ['a target the commission leaves no room for', { targetMarginPercent: 89.2 }, 'target_too_high'],
  ] as const)('%s: no price', (_name, over, reason) => {
    expect(calculateLandedPrice({ ...base, ...over })).toEqual({ ok: false, reason });
  });
});
