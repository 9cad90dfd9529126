import type { ImportResult } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { formatValue } from './import-diff';
import {
  type ImportState,
  importInputs,
  initialImportState as init,
  readUpload,
  importReducer as reduce,
} from './import-state';

const result = (offerId: string | null, outcome: ImportResult['outcome']): ImportResult => ({
  offerId,
  outcome,
  productId: offerId ? `p-${offerId}` : null,
  registrationId: null,
  title: `상품 ${offerId}`,
  readOptions: 2,
  keptOptions: 2,
  message: '옵션 2개를 읽고 2개를 저장했습니다.',
  warnings: [],
  diff: null,
  inputs: ['paste'],
});

describe('import screen state', () => {
  it('text: the pasted page data is kept as typed', () => {
    expect(reduce(init, { type: 'text', text: '{"offerId":1}' }).text).toBe('{"offerId":1}');
  });

  it('filesRead adds to the chosen files; its errors replace the last ones; removeFile drops one by place', () => {
    let s = reduce(init, {
      type: 'filesRead',
      files: [{ name: 'a.json', json: {} }],
      errors: ['x 비어 있음'],
    });
    s = reduce(s, { type: 'filesRead', files: [{ name: 'b.html', text: '<html>' }], errors: [] });
    expect(s.files.map((f) => f.name)).toEqual(['a.json', 'b.html']);
    expect(s.fileErrors).toEqual([]);
    expect(reduce(s, { type: 'removeFile', index: 0 }).files.map((f) => f.name)).toEqual(['b.html']);
  });

  it('failed shows the message; sending clears it and keeps the results', () => {
    let s = reduce(init, {
      type: 'imported',
      results: [result('1', 'created')],
      inputs: [{ text: 'x', name: 'p' }],
    });
    s = reduce(s, { type: 'failed', message: '가져올 내용이 없습니다.' });
    expect(s.error).toBe('가져올 내용이 없습니다.');
    s = reduce(s, { type: 'sending' });
    expect(s.error).toBeNull();
    expect(s.results).toHaveLength(1);
  });

  it('imported keeps the results and the inputs to send again on a confirmation', () => {
    const inputs = [{ json: { a: 1 }, name: 'a.json' }];
    const s = reduce(init, { type: 'imported', results: [result('1', 'updateAvailable')], inputs });
    expect(s.lastInputs).toEqual(inputs);
    expect(s.results.map((r) => r.outcome)).toEqual(['updateAvailable']);
  });

  it("applied replaces only that offer's result; a missing answer changes nothing", () => {
    const before: ImportState = reduce(init, {
      type: 'imported',
      results: [result('1', 'updateAvailable'), result('2', 'updateAvailable')],
      inputs: [],
    });
    const after = reduce(before, { type: 'applied', offerId: '2', result: result('2', 'updated') });
    expect(after.results.map((r) => r.outcome)).toEqual(['updateAvailable', 'updated']);
    expect(reduce(before, { type: 'applied', offerId: '2', result: undefined })).toBe(before);
  });
});

describe('import inputs', () => {
  it('a file is JSON when it parses, else its text; an empty file is refused', () => {
    expect(readUpload('a.json', '{"x":1}')).toEqual({ name: 'a.json', json: { x: 1 } });
    expect(readUpload('b.html', '<script>window.context={}</script>')).toEqual({
      name: 'b.html',
      text: '<script>window.context={}</script>',
    });
    expect(readUpload('c.json', '  \n')).toBeNull();
  });

  it('the paste goes first under its name, then the files; blank paste is left out', () => {
    const files = [
      { name: 'a.json', json: { x: 1 } },
      { name: 'b.html', text: '<html>' },
    ];
    expect(importInputs('page data', files, '붙여넣기')).toEqual([
      { text: 'page data', name: '붙여넣기' },
      { json: { x: 1 }, name: 'a.json' },
      { text: '<html>', name: 'b.html' },
    ]);
    expect(importInputs('   ', [], '붙여넣기')).toEqual([]);
  });

  it('diff values: price tiers as quantity+ price, fen in yuan, nothing as a dash', () => {
    expect(formatValue('priceTiers', [{ minQuantity: 2, priceFen: 1250 }])).toMatch(/^2\+ .*12\.5/);
    expect(formatValue('stock', null)).toBe('—');
    expect(formatValue('skuId', ['a', 'b'])).toBe('a, b');
  });
});
