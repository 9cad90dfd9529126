import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PricingInfo } from '../../entities/pricing.ts';
import { chooseBundleQuantity, isMarginMet } from './choose-bundle-quantity.ts';

const off = PricingInfo.parse({});
const on = PricingInfo.parse({ enableBundling: true });

describe('chooseBundleQuantity (W §9: +2 while below 20 until the margin is met)', () => {
  it.each([
    [10, off, 1], // bundling off: 1 even though the margin 2300 < 3000
    [10, on, 3], // margin 2300 at 1 → 7000 at 3
    [100, on, 1], // margin met at once
    [0, on, 19], // never met: stops at 19 (19 + 2 is not below 20)
    [1, on, 13], // ×11: cost 3850, supply 6400 (margin 2550); ×13: cost 4550, supply 7600 (3050)
  ])('price %s → bundle %s', (price, info, expected) => {
    expect(chooseBundleQuantity(price, info).bundleQuantity).toBe(expected);
  });

  it('keeps the bundle quantity odd, below 20, and stops at the first one meeting the margin', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (price) => {
        const r = chooseBundleQuantity(price, on);
        expect(r.bundleQuantity % 2).toBe(1);
        expect(r.bundleQuantity).toBeLessThan(20);
        if (r.bundleQuantity > 1) {
          expect(isMarginMet(chooseBundleQuantity(price, off, r.bundleQuantity - 2), on)).toBe(false);
        }
      }),
    );
  });
});
