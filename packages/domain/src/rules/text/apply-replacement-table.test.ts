import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacementTable, replaceCjkWithKorean } from './apply-replacement-table.ts';
import { containsCjk } from './contains-cjk.ts';
import { REPLACEMENT_TABLE } from './replacement-table.ts';
import { convertChineseUnits, formatUnitTableForPrompt, UNIT_TABLE } from './unit-table.ts';

describe('REPLACEMENT_TABLE (W §8)', () => {
  it('holds several hundred entries, all with Korean (or Latin) targets free of CJK', () => {
    expect(REPLACEMENT_TABLE.size).toBeGreaterThanOrEqual(400);
    for (const [source, target] of REPLACEMENT_TABLE) {
      expect(containsCjk(source)).toBe(true);
      expect(containsCjk(target)).toBe(false);
    }
  });
});

describe('applyReplacementTable (longest match first)', () => {
  it.each([
    ['红色', '빨간색'],
    ['红', '빨강'],
    ['浅粉色', '연핑크'],
    ['红色纯棉T恤', '빨간색 순면 티셔츠'],
    ['连帽卫衣 男', '후드티 남성'],
    ['藏青色 XL', '네이비 XL'],
    ['韩版宽松短袖T恤', '한국스타일 루즈핏 반팔 티셔츠'],
    ['ブラックのバッグ', '블랙 가방'],
    ['收纳盒3个', '수납함 3개'],
    ['Nike运动鞋', 'Nike 운동화'],
    ['abc', 'abc'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(applyReplacementTable(input)).toBe(expected));

  it('uses a custom table', () => {
    const table = new Map([
      ['ab', 'X'],
      ['abc', 'Y'],
    ]);
    expect(applyReplacementTable('abcab', table)).toBe('Y X');
  });
});

describe('unit table (Q §9)', () => {
  it('carries the spec examples', () => {
    expect(UNIT_TABLE.find((u) => u.source === '斤')).toEqual({ source: '斤', target: 'kg', factor: 0.5 });
    expect(UNIT_TABLE.find((u) => u.source === '码')?.target).toBe('사이즈');
    expect(UNIT_TABLE.find((u) => u.source === '寸')?.target).toBe('cm');
    expect(formatUnitTableForPrompt()).toContain('斤 → kg (× 0.5)');
    expect(formatUnitTableForPrompt()).toContain('厘米 → cm\n');
  });

  it.each([
    ['2斤', '1kg'],
    ['3寸', '9.99cm'],
    ['38码', '38사이즈'],
    ['XL码', 'XL사이즈'],
    ['2件装', '2개装'],
    ['50厘米', '50cm'],
    ['1.5公斤', '1.5kg'],
    ['6英寸', '15.24cm'],
    ['XL斤', 'XL斤'],
    ['무게 500克', '무게 500g'],
  ])('%s → %s', (input, expected) => expect(convertChineseUnits(input)).toBe(expected));
});

describe('replaceCjkWithKorean (local fallback)', () => {
  it.each([
    ['黑色 2斤 装', '검정 1kg'],
    ['男女通用 运动鞋 42码', '남녀공용 운동화 42사이즈'],
    ['未知词汇', ''],
  ])('%s → %s', (input, expected) => expect(replaceCjkWithKorean(input)).toBe(expected));

  it('never leaves a CJK character', () => {
    const chars = [...REPLACEMENT_TABLE.keys()].slice(0, 80);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...chars),
            fc.string({ maxLength: 3 }),
            fc.constantFrom('的', '装', '2斤'),
          ),
          { maxLength: 10 },
        ),
        (parts) => {
          expect(containsCjk(replaceCjkWithKorean(parts.join('')))).toBe(false);
        },
      ),
    );
  });
});
