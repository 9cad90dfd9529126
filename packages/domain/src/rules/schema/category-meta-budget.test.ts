import { describe, expect, it } from 'vitest';
import shoes from '../../../test/fixtures/coupang_category_meta_68010_shoes.json' with { type: 'json' };
import { findCategoryMetaExcess, CATEGORY_META_LIMITS as L } from './category-meta-budget.ts';

const attrs = (n: number, values = 0) =>
  Array.from({ length: n }, (_, i) => ({
    attributeTypeName: `a${i}`,
    inputValues: Array.from({ length: values }, (_, j) => `v${j}`),
  }));
const notices = (n: number, items = 0) =>
  Array.from({ length: n }, (_, i) => ({
    noticeCategoryName: `n${i}`,
    noticeCategoryDetailNames: Array.from({ length: items }, (_, j) => ({
      noticeCategoryDetailName: `i${j}`,
    })),
  }));

describe('findCategoryMetaExcess', () => {
  it.each([
    ['a real answer (68010 shoes)', (shoes as { data?: unknown }).data ?? shoes, null],
    ['not an object', 'x', null],
    ['attributes at the limit', { attributes: attrs(L.attributes) }, null],
    ['one attribute too many', { attributes: attrs(L.attributes + 1) }, 'attributes'],
    ['2,000 attributes', { attributes: attrs(2000, 1) }, 'attributes'],
    [
      'too many values in one attribute',
      { attributes: attrs(1, L.valuesPerAttribute + 1) },
      'attributes[].inputValues',
    ],
    ['too many values in all', { attributes: attrs(40, 300) }, 'attributes[].inputValues (total)'],
    ['too many notice groups', { noticeCategories: notices(L.noticeCategories + 1) }, 'noticeCategories'],
    [
      'too many items in a notice group',
      { noticeCategories: notices(1, L.itemsPerNotice + 1) },
      'noticeCategories[].noticeCategoryDetailNames',
    ],
    ['too many certifications', { certifications: Array(L.certifications + 1).fill({}) }, 'certifications'],
  ])('%s', (_name, body, part) => {
    expect(findCategoryMetaExcess(body)?.part ?? null).toBe(part);
  });
});
