import { describe, expect, it } from 'vitest';
import {
  buildDefaultSizeChart,
  detectSizeCategory,
  isUsableSizeChart,
  normalizeSizeChart,
  planSizeChartImageGroups,
} from './build-default-size-chart.ts';

describe('size chart defaults (W §4: clothing, shoes, furniture, other; cm; S M L XL)', () => {
  it.each([
    ['패션의류잡화>여성패션>여성의류>티셔츠', 'clothing'],
    ['패션의류잡화>남성화>운동화', 'shoes'],
    ['가구/홈데코>가구>소파', 'furniture'],
    ['완구/취미>퍼즐/큐브/피젯토이>3D/입체퍼즐', 'other'],
    [undefined, 'other'],
  ] as const)('%s → %s', (path, category) => expect(detectSizeCategory(path)).toBe(category));

  it.each(['clothing', 'shoes', 'furniture', 'other'] as const)('%s chart', (category) => {
    const chart = buildDefaultSizeChart(category);
    expect(chart.sizeType).toBe(category);
    expect(chart.sizeUnits).toBe('cm');
    expect(chart.sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(chart.measurements.length).toBeGreaterThan(0);
    for (const m of chart.measurements) {
      expect(m.unit).toBe('cm');
      expect(m.values).toHaveLength(4);
    }
    expect(isUsableSizeChart(chart)).toBe(true);
  });

  it('analyses at most 30 images in groups', () => {
    const images = Array.from({ length: 45 }, (_, i) => i);
    const groups = planSizeChartImageGroups(images);
    expect(groups.map((g) => g.length)).toEqual([10, 10, 10]);
    expect(groups.flat()).toEqual(images.slice(0, 30));
    expect(planSizeChartImageGroups([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(planSizeChartImageGroups([], 0)).toEqual([]);
  });

  it.each([
    [null, false],
    [{ sizes: [], measurements: [] }, false],
    [{ sizes: ['S'], measurements: [{ name: 'a', unit: 'cm', values: [] }] }, false],
    [{ sizes: ['S'], measurements: [{ name: 'a', unit: 'cm', values: ['1'] }] }, true],
  ])('usable %o → %s', (chart, expected) => expect(isUsableSizeChart(chart)).toBe(expected));
});

describe('normalizeSizeChart (W §3, §4)', () => {
  const toKorean = (t: string) => t.replace('衣长', '총장').replace('胸围', '가슴둘레');
  it.each([
    [
      {
        sizeType: 'clothing',
        sizes: ['S', ' M ', ''],
        measurements: [
          { name: '衣长', unit: 'inch', values: ['66', '68'] },
          { name: '胸围', values: ['', ''] },
          { name: '', values: ['1', '2'] },
        ],
      },
      {
        sizeType: 'clothing',
        sizeUnits: 'cm',
        sizes: ['S', 'M'],
        measurements: [{ name: '총장', unit: 'cm', values: ['66', '68'] }],
      },
    ],
    [
      { sizeType: 'hats', sizes: ['F'], measurements: [{ name: '둘레', values: ['56', '58'] }] },
      {
        sizeType: 'other',
        sizeUnits: 'cm',
        sizes: ['F'],
        measurements: [{ name: '둘레', unit: 'cm', values: ['56'] }],
      },
    ],
    [{}, { sizeType: 'other', sizeUnits: 'cm', sizes: [], measurements: [] }],
  ])('%#', (raw, expected) => {
    expect(normalizeSizeChart(raw, 'other', toKorean)).toEqual(expected);
  });
});
