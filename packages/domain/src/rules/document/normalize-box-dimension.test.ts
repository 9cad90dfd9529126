import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidBoxDimension, normalizeBoxDimension, parseBoxDimension } from './normalize-box-dimension.ts';

describe('normalizeBoxDimension (W §5: n*n*n, sides ≥ 10 mm, volume ≥ 1000 mm³, else 100*100*100)', () => {
  it.each([
    ['150*300*400', '150*300*400'],
    [' 150 * 300 * 400 ', '150*300*400'],
    ['10*10*10', '10*10*10'],
    ['10.5*20*30', '10.5*20*30'],
    ['9*100*100', '100*100*100'],
    ['100*100', '100*100*100'],
    ['100x100x100', '100*100*100'],
    ['', '100*100*100'],
    [null, '100*100*100'],
    [123, '100*100*100'],
    ['-10*20*30', '100*100*100'],
  ])('%o → %s', (input, expected) => expect(normalizeBoxDimension(input)).toBe(expected));

  it('parses and validates', () => {
    expect(parseBoxDimension('1*2*3')).toEqual([1, 2, 3]);
    expect(parseBoxDimension({})).toBeNull();
    expect(isValidBoxDimension('10*10*9')).toBe(false);
  });

  it('always gives a valid dimension', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.nat(500), fc.nat(500), fc.nat(500)).map((t) => t.join('*')),
        ),
        (input) => {
          expect(isValidBoxDimension(normalizeBoxDimension(input))).toBe(true);
        },
      ),
    );
  });
});
