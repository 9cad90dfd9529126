import { describe, expect, it } from 'vitest';
import { getPath, setPath } from './editable-field';

describe('setPath (the page shows a saved dotted-path edit without a reload)', () => {
  it('sets inside arrays and objects without touching the original', () => {
    const doc = {
      coupangDoc: { jsonDocument: [{ productPage: { brand: '' } }, { productPage: { brand: 'A' } }] },
    };
    const next = setPath(doc, 'coupangDoc.jsonDocument.0.productPage.brand', '로켓');
    expect(getPath(next, 'coupangDoc.jsonDocument.0.productPage.brand')).toBe('로켓');
    expect(getPath(next, 'coupangDoc.jsonDocument.1.productPage.brand')).toBe('A');
    expect(doc.coupangDoc.jsonDocument[0]?.productPage.brand).toBe('');
  });
  it('creates missing containers: arrays before numeric segments', () => {
    const next = setPath({} as Record<string, unknown>, 'options.2.korName', '검정');
    expect(Array.isArray(next.options)).toBe(true);
    expect(getPath(next, 'options.2.korName')).toBe('검정');
  });
});
