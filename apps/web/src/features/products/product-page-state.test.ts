import { RocketProduct } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  categoryMinPath,
  offerView,
  optionLabel,
  shortCategory,
  sizeText,
  sourceAttributes,
  statusDotColour,
  tabOf,
  withTab,
} from './product-page-state';

const product = (extra: Record<string, unknown> = {}) =>
  RocketProduct.parse({ _id: 'p 1', registrationId: 'R1', ...extra });

describe('product page state', () => {
  it('the open tab is read from and written to the URL, the product kept', () => {
    const params = new URLSearchParams('product=p1');
    expect(tabOf(params)).toBe('source');
    const next = withTab(params, 'seo');
    expect(next.toString()).toBe('product=p1&tab=seo');
    expect(tabOf(next)).toBe('seo');
    expect(withTab(next, null).get('tab')).toBe('source');
    expect(params.has('tab')).toBe(false);
  });

  it('reads the 1688 offer the source tab shows, whatever its shape', () => {
    const p = product({
      source: {
        platform: '1688',
        offerId: '77',
        importedAt: '2026-01-01',
        offer: {
          offerId: '77',
          unit: '件',
          minOrderQuantity: 2,
          offerWeightG: 350,
          priceTiers: [{ minQuantity: 2, priceFen: 1250 }, { minQuantity: 'x' }],
          attributes: [{ name: '材质', value: '棉' }],
        },
      },
      attributes: [{ attributeName: '颜色', value: '红' }],
    });
    const offer = offerView(p);
    expect(offer).toEqual({
      offerId: '77',
      unit: '件',
      minOrderQuantity: 2,
      offerWeightG: 350,
      priceTiers: [{ minQuantity: 2, priceFen: 1250 }],
      attributes: [{ name: '材质', value: '棉' }],
    });
    expect(sourceAttributes(p, offer)).toEqual([{ name: '材质', value: '棉' }]);
    const bare = product({ attributes: [{ attributeName: '颜色', value: 3 }] });
    expect(offerView(bare)).toMatchObject({
      unit: '',
      minOrderQuantity: null,
      priceTiers: [],
      attributes: undefined,
    });
    expect(sourceAttributes(bare, offerView(bare))).toEqual([{ name: '颜色', value: '3' }]);
  });

  it('names the category screen with the product and its version', () => {
    expect(categoryMinPath(product())).toBe('/category_min?product=p%201');
    expect(categoryMinPath(product({ updatedAt: '2026-01-01T00:00:00Z' }))).toBe(
      '/category_min?product=p%201&v=2026-01-01T00%3A00%3A00Z',
    );
    expect(shortCategory('생활>가구>의자>스툴')).toBe('의자 > 스툴');
  });

  it.each([
    ['completed', 'green'],
    ['split_completed', 'green'],
    ['error', 'red'],
    ['processing', 'blue'],
    ['partially_completed', 'yellow'],
    ['pending', 'gray'],
  ])('a %s task has a %s dot', (status, colour) => {
    expect(statusDotColour(status)).toContain(colour);
  });

  it('labels an option by its source names, else its key; its pack size with ? for a missing side', () => {
    const [o1, o2] = product({
      options: [
        {
          optionNumber: 'R1001',
          option1: { name: '红' },
          option2: { name: 'XL' },
          sizeCm: { length: 10, width: null, height: 3 },
        },
        { optionNumber: 'R1002', sourceKey: '蓝>L' },
      ],
    }).options;
    if (!o1 || !o2) throw new Error('options missing');
    expect(optionLabel(o1)).toBe('红 / XL');
    expect(optionLabel(o2)).toBe('蓝>L');
    expect(sizeText(o1)).toBe('10×?×3');
    expect(sizeText(o2)).toBe('—');
  });
});
