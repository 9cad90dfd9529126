import { describe, expect, it } from 'vitest';
import { knownAfterWrite, sparseFromKnown } from '../../src/products/known-products.ts';
import { BytesBoundedMap, type KnownDocuments, type StoredValue } from '../../src/products/product-caches.ts';

const update = (path: string, value: unknown) => ({ segments: path.split('.'), value });
const values = (entries: Record<string, StoredValue>) => new Map(Object.entries(entries));

describe('what a write leaves known (rr_jsonb_set_path semantics)', () => {
  it('keeps a sibling value only when the containers on the written path are known to be of the right type', () => {
    const before = { paths: values({ 'options.1.korName': { v: '검정' }, importStatus: { v: 'direct' } }) };
    // `options` was never written here: it may be an object, which the write replaces by an array.
    const first = knownAfterWrite(before, [update('options.0.korName', '흰색')], false);
    expect([...first.paths!.keys()].sort()).toEqual(['importStatus', 'options.0.korName']);
    // Now `options` is known to be an array and `options.0` an object: a sibling survives.
    const withSibling = { ...first, paths: new Map([...first.paths!, ['options.1.korName', { v: '검정' }]]) };
    const second = knownAfterWrite(withSibling, [update('options.0.korName', '회색')], false);
    expect(second.paths!.get('options.1.korName')).toEqual({ v: '검정' });
    expect(second.paths!.get('options.0.korName')).toEqual({ v: '회색' });
  });

  it('drops what the written value replaces or contains, and the seller marks when they are written', () => {
    const before = {
      paths: values({ 'options.0.korName': { v: 'a' }, options: { v: [] }, 'fieldSources.x': { v: 'ai' } }),
      containers: new Map<string, 'array' | 'object'>([['options', 'array']]),
    };
    const after = knownAfterWrite(before, [update('options.0', { korName: 'b' })], true);
    expect(after.paths!.has('options')).toBe(false); // it held the written path
    expect(after.paths!.has('options.0.korName')).toBe(false); // under the written path
    expect(after.paths!.has('fieldSources.x')).toBe(false);
    expect(after.paths!.get('options.0')).toEqual({ v: { korName: 'b' } });
  });

  it('answers no sparse document when a written path or importStatus is not known', () => {
    const known: KnownDocuments = {
      version: '1',
      docs: [{ a: 1 }, { b: 2 }],
      schemaHash: null,
      paths: values({ importStatus: {}, 'options.0.korName': { v: 'x' } }),
      bytes: 10,
    };
    expect(sparseFromKnown(known, [1], ['options.1.korName'])).toBeUndefined();
    expect(sparseFromKnown({ ...known, paths: values({}) }, [1], [])).toBeUndefined();
    const doc = sparseFromKnown(known, [1], ['options.0.korName']);
    expect(doc).toEqual({
      options: { 0: { korName: 'x' } },
      coupangDoc: { jsonDocument: [undefined, { b: 2 }] },
    });
    expect(Object.hasOwn((doc!.coupangDoc as { jsonDocument: unknown[] }).jsonDocument, 0)).toBe(false);
  });
});

describe('BytesBoundedMap', () => {
  it('keeps at most its bytes, least recently used out first, and refuses an entry over a quarter', () => {
    const m = new BytesBoundedMap<string, { bytes: number }>(100);
    m.set('a', { bytes: 20 });
    m.set('b', { bytes: 20 });
    m.set('c', { bytes: 20 });
    m.get('a'); // used: b is now the oldest
    m.set('d', { bytes: 25 });
    m.set('e', { bytes: 25 });
    expect([...m.keys()]).toEqual(['c', 'a', 'd', 'e']);
    expect(m.heldBytes).toBe(90);
    m.set('huge', { bytes: 26 });
    expect(m.has('huge')).toBe(false);
    m.set('a', { bytes: 5 });
    expect(m.heldBytes).toBe(75);
  });
});
