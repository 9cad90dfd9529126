import { describe, expect, it } from 'vitest';
import { decideOrigin } from './decide-origin.ts';
import { isEmptyValue } from './is-empty-value.ts';
import { normalizeTotalSkusInBox } from './normalize-total-skus-in-box.ts';
import { orderAttributesBySchema } from './order-attributes-by-schema.ts';
import { isBarcodePlaceholder, mergeBarcode } from './sanitize-barcode.ts';
import { truncateModelNumber } from './truncate-model-number.ts';

describe('normalizeTotalSkusInBox (a cleared box count → W §9 boxed 24)', () => {
  it.each([
    [0, 24],
    [undefined, 24],
    [null, 24],
    ['', 24],
    ['  ', 24],
    [1, 1],
    [24, 24],
    ['30', 30],
    [2.5, 24],
    [-4, 24],
  ])('%o → %s', (input, expected) => expect(normalizeTotalSkusInBox(input)).toBe(expected));
});

describe('decideOrigin (W §5)', () => {
  it.each([
    ['수입대상아님', '대한민국'],
    ['수입대상', '중국'],
    [undefined, '중국'],
  ])('%o → %s', (input, expected) => expect(decideOrigin(input)).toBe(expected));
});

describe('barcode placeholder (Q §5: never saved)', () => {
  it.each([
    ['바코드 없음(쿠팡 바코드 생성 요청)', true],
    ['바코드없음(쿠팡바코드생성요청)', true],
    ['8801234567890', false],
    [null, false],
  ])('%o placeholder → %s', (input, expected) => expect(isBarcodePlaceholder(input)).toBe(expected));

  it.each([
    [null, '바코드 없음(쿠팡 바코드 생성 요청)', null],
    ['8801234567890', '바코드 없음(쿠팡 바코드 생성 요청)', '8801234567890'],
    ['8801234567890', ' 8809999999999 ', '8809999999999'],
    ['바코드 없음(쿠팡 바코드 생성 요청)', '', null],
    [undefined, undefined, null],
  ])('existing %o + incoming %o → %o', (existing, incoming, expected) =>
    expect(mergeBarcode(existing, incoming)).toBe(expected),
  );
});

describe('truncateModelNumber (W §9: 50 characters)', () => {
  it.each([
    ['ABC-123', 'ABC-123'],
    ['x'.repeat(60), 'x'.repeat(50)],
    ['한'.repeat(51), '한'.repeat(50)],
    [null, ''],
  ])('%o', (input, expected) => expect(truncateModelNumber(input)).toBe(expected));
});

describe('isEmptyValue (W §5 Completeness)', () => {
  it.each([
    ['', true],
    ['  ', true],
    [[], true],
    [null, true],
    [undefined, true],
    [0, false],
    ['a', false],
    [['a'], false],
    [{}, false],
  ])('%o → %s', (input, expected) => expect(isEmptyValue(input)).toBe(expected));
});

describe('orderAttributesBySchema (Q §5)', () => {
  it('puts schema names first in schema order, unknown ones after in their order', () => {
    const attrs = ['z', '사이즈', 'y', '색상'].map((n) => ({ attributeName: n, attributeValue: n }));
    expect(orderAttributesBySchema(attrs, ['색상', '사이즈']).map((a) => a.attributeName)).toEqual([
      '색상',
      '사이즈',
      'z',
      'y',
    ]);
  });
});
