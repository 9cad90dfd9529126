import { convertCoupangCategoryMeta, parseStoredProduct } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { fillDocument } from '../../../../packages/domain/test/fill-document.ts';
import puzzle from '../../../../packages/domain/test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import { toExportProduct } from '../../src/exports/export-products.ts';
import type { ProductRow } from '../../src/products/product-store.ts';

// Issue 42: a split product's name ends with ", {value}" (Q §4); the Rocket Growth payload's item
// names carry the value, so the product name it is built from leaves the value off.

const schema = convertCoupangCategoryMeta(puzzle.data ?? puzzle, {
  displayCategoryCode: 77426,
  categoryPath: '완구/취미>퍼즐/큐브>입체퍼즐',
});

function splitRow(): ProductRow {
  const document = fillDocument(schema, 0, {
    image: 'https://cdn.example.com/main.jpg',
    productName: '입체 퍼즐 세트, 대형',
  });
  const { product } = parseStoredProduct({
    productName: '立体拼图',
    seo: { productName: '입체 퍼즐 세트, 대형' },
    options: [{ optionNumber: 'R-1_2001', korName: '레드' }],
    rocketRegInfo: { displayCategoryCode: 77426, categoryPath: schema.categoryPath, schemaInfo: schema },
    coupangDoc: { productName: '입체 퍼즐 세트, 대형', jsonDocument: [document] },
    splitGroup: { attributeName: '크기', value: '대형', values: ['대형'] },
  });
  const at = new Date('2026-11-28T09:00:00Z');
  return {
    id: 'p',
    registration_id: 'R-1_2',
    doc: product,
    setAside: [],
    completeness: 100,
    created_at: at,
    updated_at: at,
  };
}

describe('a split product in the exports', () => {
  it('the product name without ", 대형"; the value is the items’ (the schema has no 크기)', async () => {
    const categories = {
      find: async () => {
        throw new Error('the document carries its schema');
      },
    };
    const p = await toExportProduct(categories, 'c1', splitRow());
    expect(p.productName).toBe('입체 퍼즐 세트');
    expect(p.options.map((o) => o.itemValues)).toEqual([['대형']]);
  });
});
