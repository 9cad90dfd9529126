import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidBoxWeight, normalizeBoxWeight } from './normalize-box-weight.ts';

describe('normalizeBoxWeight (W §5: digits only, else 1000)', () => {
  it.each([
    ['500', '500'],
    [' 500 ', '500'],
    [500, '500'],
    ['500g', '1000'],
    ['0.5', '1000'],
    [0.5, '1000'],
    [-3, '1000'],
    [1e21, '1000'],
    ['', '1000'],
    [undefined, '1000'],
  ])('%o → %s', (input, expected) => expect(normalizeBoxWeight(input)).toBe(expected));

  it('always gives digits', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(isValidBoxWeight(normalizeBoxWeight(input))).toBe(true);
      }),
    );
  });
});
