import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilToUnit, roundFractionToUnit, roundToUnit, toScaledInteger } from './round-to-unit.ts';

describe('roundFractionToUnit (half up to the unit)', () => {
  it.each([
    [150n, 1n, 100, 200],
    [149n, 1n, 100, 100],
    [250n, 1n, 100, 300],
    [0n, 1n, 100, 0],
    [35000n, 6n, 100, 5800], // 5833.33…
    [17500n, 3n, 10, 5830], // 5833.33…
    [1n, 2n, 1, 1], // 0.5 → 1
  ])('%s / %s to unit %s → %s', (num, den, unit, expected) => {
    expect(roundFractionToUnit(num, den, unit)).toBe(expected);
  });

  it('rejects a zero denominator and a negative numerator', () => {
    expect(() => roundFractionToUnit(1n, 0n, 100)).toThrow(RangeError);
    expect(() => roundFractionToUnit(-1n, 1n, 100)).toThrow(RangeError);
  });

  it('always gives a multiple of the unit within half a unit of the value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.constantFrom(1, 10, 100, 1000),
        (n, d, u) => {
          const r = roundFractionToUnit(n, d, u);
          expect(r % u).toBe(0);
          expect(Math.abs(r - Number(n) / Number(d))).toBeLessThanOrEqual(u / 2 + 1e-6);
        },
      ),
    );
  });
});

describe('roundToUnit / ceilToUnit / toScaledInteger', () => {
  it.each([
    [5833.33, 100, 5800],
    [5850, 100, 5900],
    [-5, 100, 0],
    [12636, 10, 12640],
  ])('roundToUnit(%s, %s) → %s', (v, u, e) => expect(roundToUnit(v, u)).toBe(e));
  it.each([
    [6500, 100, 6500],
    [6501, 100, 6600],
    [-1, 100, 0],
  ])('ceilToUnit(%s, %s) → %s', (v, u, e) => expect(ceilToUnit(v, u)).toBe(e));
  it('scales decimals exactly', () => {
    expect(toScaledInteger(12.35, 100)).toBe(1235n);
    expect(toScaledInteger(1.3, 1000)).toBe(1300n);
  });
});
