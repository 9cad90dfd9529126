import { describe, expect, it } from 'vitest';
import {
  buildDefaultSeo,
  limitSeoKeywords,
  normalizeSeo,
  truncateSeoName,
  validateManualSeo,
} from './normalize-seo.ts';
import { scoreSeo } from './score-seo.ts';
import { stripEmojis } from './strip-emojis.ts';

describe('stripEmojis (W §5)', () => {
  it.each([
    ['🔥 특가 운동화 👟', '특가 운동화'],
    ['👍🏽 좋아요', '좋아요'],
    ['👨‍👩‍👧 가족', '가족'],
    ['🇰🇷 국산', '국산'],
    ['1️⃣ 번', '1 번'],
    ['❤️하트', '하트'],
    ['100% 면', '100% 면'],
  ])('%s → %s', (input, expected) => expect(stripEmojis(input)).toBe(expected));
});

describe('SEO limits (W §9: name 70, keywords 10)', () => {
  it('cuts long names on a word boundary', () => {
    const long = `${'가나다라마 '.repeat(15)}`.trim(); // 89 characters
    const cut = truncateSeoName(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(70);
    expect(cut.endsWith('가나다라마')).toBe(true);
    expect(Array.from(truncateSeoName('가'.repeat(80))).length).toBe(70);
  });

  it('keeps at most 10 distinct keywords', () => {
    expect(limitSeoKeywords(Array.from({ length: 15 }, (_, i) => `k${i}`))).toHaveLength(10);
    expect(limitSeoKeywords('a, a, ,b')).toEqual(['a', 'b']);
    expect(limitSeoKeywords(undefined)).toEqual([]);
  });
});

describe('scoreSeo (W §9 weights 0.3 / 0.3 / 0.25 / 0.15)', () => {
  it.each([
    [{}, 0, { name: 0, keywords: 0, description: 0, features: 0 }],
    [
      {
        productName: '가'.repeat(20),
        keywords: Array(10).fill('k'),
        metaDescription: 'd'.repeat(50),
        features: Array(5).fill('f'),
      },
      100,
      { name: 100, keywords: 100, description: 100, features: 100 },
    ],
    [
      { productName: '가'.repeat(10), keywords: Array(5).fill('k') },
      30,
      { name: 50, keywords: 50, description: 0, features: 0 },
    ],
    [
      { productName: '가'.repeat(71), metaDescription: 'd'.repeat(161), features: ['a', ' '] },
      38,
      { name: 50, keywords: 0, description: 80, features: 20 },
    ],
  ])('%#', (seo, score, breakdown) => {
    expect(scoreSeo(seo)).toEqual({ score, scoreBreakdown: breakdown });
  });
});

const product = {
  productName: '纯棉T恤',
  productNameTrans: '순면 티셔츠 여름 반팔',
  options: [
    { optionNumber: 'R1001', option1: { name: '红色', nameTrans: '빨강' }, option2: { nameTrans: 'M' } },
    { optionNumber: 'R1002', korName: '파랑 L' },
  ],
};

describe('normalizeSeo / buildDefaultSeo (W §5)', () => {
  it('falls back to defaults when productName is missing', () => {
    for (const raw of [null, {}, { productName: '  ' }, { productName: '🔥' }]) {
      const seo = normalizeSeo(raw, product);
      expect(seo.productName).toBe('순면 티셔츠 여름 반팔');
      expect(seo.keywords).toEqual(['순면', '티셔츠', '여름', '반팔']);
      expect(seo.options).toEqual([
        { optionNumber: 'R1001', korName: '빨강 M' },
        { optionNumber: 'R1002', korName: '파랑 L' },
      ]);
      expect(seo.score).toBeGreaterThan(0);
    }
    expect(buildDefaultSeo({}).productName).toBe('');
  });

  it('cleans an AI answer', () => {
    const seo = normalizeSeo(
      {
        productName: '✨ 여름 순면 반팔 티셔츠 ✨',
        keywords: ['반팔', '반팔', '티셔츠 👕'],
        metaDescription: '시원한 여름 티셔츠 😎',
        features: ['통기성', '  ', 3],
        options: [{ optionNumber: 'R1001', korName: '레드 M 🔴' }, { bad: true }],
        extra: 'kept',
      },
      product,
    );
    expect(seo).toMatchObject({
      productName: '여름 순면 반팔 티셔츠',
      keywords: ['반팔', '티셔츠'],
      metaDescription: '시원한 여름 티셔츠',
      features: ['통기성'],
      options: [
        { optionNumber: 'R1001', korName: '레드 M' },
        { optionNumber: 'R1002', korName: '파랑 L' },
      ],
      extra: 'kept',
    });
    expect(
      normalizeSeo({
        productName: '이름',
        keywords: 'a,b',
        options: [{ optionNumber: 'X', korName: '엑스' }],
      }).options,
    ).toEqual([{ optionNumber: 'X', korName: '엑스' }]);
  });
});

describe('validateManualSeo (W §5)', () => {
  it('requires a product name', () => {
    const r = validateManualSeo({ productName: ' ' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.message).toBe('상품명은 필수입니다.');
  });
  it('drops blank features', () => {
    const r = validateManualSeo({ productName: '이름', features: ['a', '', '  ', 'b'], keywords: ['x'] });
    expect(r.ok && r.value.features).toEqual(['a', 'b']);
    expect(r.ok && r.value.keywords).toEqual(['x']);
  });
});
