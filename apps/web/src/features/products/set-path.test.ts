import { describe, expect, it } from 'vitest';
import { getPath, setPath } from './set-path';

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
    const empty: Record<string, unknown> = {};
    const next = setPath(empty, 'options.2.korName', '검정');
    expect(Array.isArray(next.options)).toBe(true);
    expect(getPath(next, 'options.2.korName')).toBe('검정');
    expect(setPath({ a: null }, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });
  it('reads nothing through a missing or plain value', () => {
    expect(getPath({ a: 'x' }, 'a.b')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
  });
});
