import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinSearchTags, splitSearchTags } from './join-search-tags.ts';

describe('joinSearchTags (W §5: ", " joined, ≤ 150, trailing keywords dropped)', () => {
  const many = Array.from({ length: 30 }, (_, i) => `키워드${String(i).padStart(2, '0')}`); // 5 chars each

  it.each([
    [['운동화', '신발'], '운동화, 신발'],
    ['운동화,신발 , ,운동화', '운동화, 신발'],
    [['운동화', '鞋子', '신발'], '운동화, 신발'],
    [null, ''],
    [['x'.repeat(151)], ''],
  ])('%o → %s', (input, expected) => expect(joinSearchTags(input)).toBe(expected));

  it('drops trailing keywords until it fits', () => {
    const joined = joinSearchTags(many);
    // n keywords of 5 characters take 7n − 2: 21 → 145, 22 → 152
    expect(joined.length).toBe(145);
    expect(joined.split(', ')).toEqual(many.slice(0, 21));
  });

  it('splits strings and lists', () => {
    expect(splitSearchTags(' a, b ,')).toEqual(['a', 'b']);
    expect(splitSearchTags(undefined)).toEqual([]);
  });

  it('never exceeds 150 characters and keeps a prefix of the keywords', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 40 }), (tags) => {
        const joined = joinSearchTags(tags);
        expect(joined.length).toBeLessThanOrEqual(150);
      }),
    );
  });
});
