import { describe, expect, it } from 'vitest';
import { type CheckedFields, type ProductFields, productFields, productPath } from './product-path.ts';

// Issue 40: a misspelled product field does not compile. The `@ts-expect-error` lines are checked by
// `tsc -p packages/domain` (this file is in its project): if a misspelled path ever type-checked,
// the directive itself would be the error.

const PRICE_FIELDS = ['price', 'stock'] as const;
const fromData: string = ['pri', 'ce'].join('');
const slot: number = [0].length;

/** What a writer taking fields generically accepts (the store's and the tasks' writers do so). */
function write<F extends ProductFields>(fields: CheckedFields<F>): string[] {
  return Object.keys(fields);
}

describe('productPath', () => {
  it('joins the segments the entity declares, array slots as numbers', () => {
    expect(productPath('options', 3, 'price')).toBe('options.3.price');
    expect(productPath('coupangDoc', 'jsonDocument', 0, 'imagePage', 'images', 'mainImage')).toBe(
      'coupangDoc.jsonDocument.0.imagePage.images.mainImage',
    );
    expect(productPath('seo', 'productName')).toBe('seo.productName');
    // A record's keys are any string (fieldSources, untranslatedPhrases).
    expect(productPath('untranslatedPhrases', 'seo')).toBe('untranslatedPhrases.seo');
    for (const field of PRICE_FIELDS) expect(productPath('options', 1, field)).toBe(`options.1.${field}`);
  });

  it('refuses a misspelled or unknown field when compiling', () => {
    const fields: ProductFields = {};
    // @ts-expect-error `prce` is not a field of an option
    fields[productPath('options', 0, 'prce')] = 1;
    // @ts-expect-error `seo.nmae` is not a field of the SEO
    fields['seo.nmae'] = 'x';
    // A template string in the index is typed as its pattern, and checked so.
    fields[`options.${slot}.price`] = 1;
    // @ts-expect-error a misspelled template string
    fields[`options.${slot}.prce`] = 1;
    // @ts-expect-error a string known only at run time is not a checked segment
    productPath('options', 0, fromData);
    // @ts-expect-error an option has no `jsonDocument` (it is under coupangDoc)
    productPath('options', 0, 'jsonDocument');
    // @ts-expect-error the literal's key is misspelled
    const literal: ProductFields = { 'seo.productNme': 'x' };
    expect(literal).toBeDefined();
  });

  it('a writer refuses fields whose keys were never checked', () => {
    const unchecked: Record<string, unknown> = { 'options.0.prce': 1 };
    // @ts-expect-error a plain record's keys are not checked paths
    write(unchecked);
    // @ts-expect-error an unknown key in a literal
    write({ 'options.0.prce': 1 });
    expect(write({ 'seo.productName': 'x' })).toEqual(['seo.productName']);
    // A computed key loses its type in a literal: productFields keeps the pairs checked.
    // @ts-expect-error an object literal with a computed key is a plain record
    write({ [productPath('options', 0, 'price')]: 1 });
    const pairs = productFields([productPath('options', 0, 'price'), 1], ['seo.productName', 'x']);
    expect(write(pairs)).toEqual(['options.0.price', 'seo.productName']);
    // @ts-expect-error a misspelled path in a pair
    productFields(['seo.productNme', 'x']);
  });

  it('throws on an index that is not a whole number ≥ 0, or a segment holding a dot', () => {
    expect(() => productPath('options', -1, 'price')).toThrow(/invalid product path segment -1/);
    expect(() => productPath('options', 1.5, 'price')).toThrow(/invalid product path segment 1.5/);
    expect(() => productPath('fieldSources', 'a.b')).toThrow(/invalid product path segment a.b/);
  });
});
