import { describe, expect, it } from 'vitest';
import { containsCjk, isCjkCodePoint, stripCjk } from './contains-cjk.ts';

describe('containsCjk (W §5 CJK ranges)', () => {
  it.each([
    ['纯棉T恤', true],
    ['カラー', true],
    ['ｶﾗｰ', true],
    ['㐀', true],
    ['𠀀', true],
    ['豈', true],
    ['면 티셔츠', false],
    ['【특가】 100% cotton。', false],
    ['', false],
  ])('%s → %s', (text, expected) => expect(containsCjk(text)).toBe(expected));

  it.each([
    [{ a: ['x', { b: '红色' }] }, true],
    [{ a: ['x', { b: '빨강' }] }, false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('searches deeply: %o → %s', (value, expected) => expect(containsCjk(value)).toBe(expected));

  it('checks code points', () => {
    expect(isCjkCodePoint(0x4e00)).toBe(true);
    expect(isCjkCodePoint(0xac00)).toBe(false); // 가
  });

  it('strips CJK characters', () => {
    expect(stripCjk('빨강 红色 셔츠')).toBe('빨강 셔츠');
  });
});
