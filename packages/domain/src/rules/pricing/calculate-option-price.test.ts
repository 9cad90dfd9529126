import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICING_DEFAULTS } from '../../constants.ts';
import { PricingInfo } from '../../entities/pricing.ts';
import { calculateOptionPrice } from './calculate-option-price.ts';

const defaults = PricingInfo.parse({});

describe('calculateOptionPrice (W §9, defaults 350 / 40 / 40 / 100 / 1.3)', () => {
  it('uses the spec defaults', () => {
    expect(defaults).toMatchObject({
      exchangeRate: 350,
      marginRate: 40,
      coupangMarginRate: 40,
      roundUnit: 100,
      msrpMultiplier: 1.3,
      enableBundling: false,
      bundlingType: 'marginAmount',
      minMarginAmount: 3000,
      minCoupangMarginAmount: 3000,
      enableMinSupplyMargin: false,
    });
    expect(PRICING_DEFAULTS.minSupplyMarginAmount).toBe(3000);
  });

  it.each([
    // price, overrides, bundle, purchase, supply, selling, msrp
    [10, {}, 1, 3500, 5800, 9700, 12600],
    [10, {}, 3, 10500, 17500, 29200, 38000],
    [12.35, {}, 1, 4323, 7200, 12000, 15600],
    [0, {}, 1, 0, 0, 0, 0],
    [10, { roundUnit: 10 }, 1, 3500, 5830, 9720, 12640],
    [10, { msrpMultiplier: 1 }, 1, 3500, 5800, 9700, 10700], // 1.1 floor
    [10, { marginRate: 0, coupangMarginRate: 0 }, 1, 3500, 3500, 3500, 4600],
    [10, { enableMinSupplyMargin: true, minSupplyMarginAmount: 3000 }, 1, 3500, 6500, 10800, 14000],
  ])('price %s %o ×%s → %s / %s / %s / %s', (price, overrides, q, purchase, supply, selling, msrp) => {
    const r = calculateOptionPrice(price, { ...defaults, ...overrides }, q);
    expect(r).toMatchObject({
      bundleQuantity: q,
      purchasePrice: purchase,
      supplyPrice: supply,
      sellingPrice: selling,
      msrp,
    });
    expect(r.supplyMargin).toBe(supply - purchase);
    expect(r.sellingMargin).toBe(selling - supply);
  });

  it('gives integer won, multiples of the unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.integer({ min: 1, max: 19 }),
        fc.constantFrom(10, 100, 1000),
        (price, q, unit) => {
          const r = calculateOptionPrice(price, { ...defaults, roundUnit: unit }, q);
          for (const v of [r.supplyPrice, r.sellingPrice, r.msrp]) {
            expect(Number.isInteger(v)).toBe(true);
            expect(v % unit).toBe(0);
          }
          expect(Number.isInteger(r.purchasePrice)).toBe(true);
          expect(r.msrp).toBeGreaterThanOrEqual(r.sellingPrice);
        },
      ),
    );
  });
});
