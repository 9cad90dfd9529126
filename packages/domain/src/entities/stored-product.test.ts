import { describe, expect, it } from 'vitest';
import { parseStoredProduct, storedDocumentOf } from './stored-product.ts';

const stored = {
  registrationId: 'R1',
  productName: '连衣裙',
  seoStatus: 'completed',
  options: [
    { optionNumber: 'R1001', sourceKey: '红色', option1: { name: '红色', nameTrans: '빨강' }, price: 12 },
    { optionNumber: 'R1002', mainImageStatus: { status: 'completed', image: 'https://x/1.jpg' } },
  ],
  seo: { productName: '원피스', keywords: ['여름'] },
  coupangDoc: { jsonDocument: [{ productPage: { brand: '브랜드' } }, {}] },
};

describe('parseStoredProduct', () => {
  it('answers the stored object itself when it fits: no copy, no defaults filled in', () => {
    const parsed = parseStoredProduct(stored);
    expect(parsed.setAside).toEqual([]);
    expect(parsed.product).toBe(stored);
    expect(parsed.product.seo).toEqual({ productName: '원피스', keywords: ['여름'] });
    expect(parsed.product.options?.[1]?.mainImageStatus).toEqual({
      status: 'completed',
      image: 'https://x/1.jpg',
    });
    expect(storedDocumentOf(parsed)).toBe(stored);
  });

  it('reads a document without _id, registrationId or options', () => {
    expect(parseStoredProduct({}).setAside).toEqual([]);
    expect(parseStoredProduct({ productName: 'x' }).product).toEqual({ productName: 'x' });
  });

  it('accepts status strings older versions wrote, on the product and its options', () => {
    const doc = { seoStatus: 'success', quotationStatus: 'failed', options: [{ pricingStatus: 'done' }] };
    const parsed = parseStoredProduct(doc);
    expect(parsed.setAside).toEqual([]);
    expect(parsed.product.seoStatus).toBe('success');
    expect(parsed.product.quotationStatus).toBe('failed');
  });

  it('keeps unknown fields, at the top and inside known objects', () => {
    const doc = {
      legacyField: { x: 1 },
      seo: { productName: 'a', legacyScore: 3 },
      options: [{ optionNumber: 'R1001', extra: [1, 2] }],
    };
    const parsed = parseStoredProduct(doc);
    expect(parsed.setAside).toEqual([]);
    expect(parsed.product.legacyField).toEqual({ x: 1 });
    expect(parsed.product.seo?.legacyScore).toBe(3);
    expect(parsed.product.options?.[0]?.extra).toEqual([1, 2]);
  });

  it('sets aside only the malformed property: the rest of the document stays typed', () => {
    const doc = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>;
    (doc.options as Record<string, unknown>[])[1]!.mainImageStatus = { image: 42 };
    doc.pricing = { info: { exchangeRate: 'many' } };
    const parsed = parseStoredProduct(doc);
    expect(parsed.setAside.map((s) => s.path.join('.')).sort()).toEqual([
      'options.1.mainImageStatus',
      'pricing.info.exchangeRate',
    ]);
    expect(parsed.product.options).toHaveLength(2);
    expect(parsed.product.options?.[1]?.optionNumber).toBe('R1002');
    expect(parsed.product.options?.[1]?.mainImageStatus).toBeUndefined();
    expect(parsed.product.pricing).toEqual({ info: {} });
    expect(parsed.product.seo).toEqual(stored.seo);
    expect(parsed.product.coupangDoc).toEqual(stored.coupangDoc);
    // The stored object is not touched, and the whole document comes back with the values in place.
    expect((doc.options as Record<string, unknown>[])[1]!.mainImageStatus).toEqual({ image: 42 });
    expect(storedDocumentOf(parsed)).toEqual(doc);
  });

  it('sets aside a whole list when one of its items is not an object (indices are kept)', () => {
    const doc = { productName: 'x', detailImages: ['https://x/1.jpg', 7], mainImages: ['https://x/m.jpg'] };
    const parsed = parseStoredProduct(doc);
    expect(parsed.setAside).toEqual([{ path: ['detailImages'], value: ['https://x/1.jpg', 7] }]);
    expect(parsed.product).toEqual({ productName: 'x', mainImages: ['https://x/m.jpg'] });
    expect(storedDocumentOf(parsed)).toEqual(doc);
  });

  it('restores values set aside inside a value set aside later', () => {
    const doc = { options: [{ optionNumber: 'R1', option1: { nameTrans: 'a' } }, 5] };
    const parsed = parseStoredProduct(doc);
    expect(parsed.product.options).toBeUndefined();
    expect(storedDocumentOf(parsed)).toEqual(doc);
  });

  it('answers an empty product for a value that is not an object, and keeps the value', () => {
    expect(parseStoredProduct(null)).toEqual({ product: {}, setAside: [] });
    const parsed = parseStoredProduct('text');
    expect(parsed.product).toEqual({});
    expect(parsed.setAside).toEqual([{ path: [], value: 'text' }]);
  });
});
