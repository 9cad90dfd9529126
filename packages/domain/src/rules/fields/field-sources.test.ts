import { describe, expect, it } from 'vitest';
import {
  diffPaths,
  findFieldSource,
  markSellerPaths,
  planTaskWrite,
  readFieldSources,
  resolveTaskValue,
} from './field-sources.ts';

describe('findFieldSource', () => {
  it.each([
    [{ 'seo.productName': 'seller' }, 'seo.productName', 'seller'],
    [{ seo: 'ai' }, 'seo.productName', 'ai'],
    [{ seo: 'ai', 'seo.productName': 'seller' }, 'seo.productName', 'seller'],
    [{ 'seo.productName': 'seller' }, 'seo', undefined],
    [{ 'seo.productNameX': 'seller' }, 'seo.productName', undefined],
  ] as const)('%j at %s → %s', (sources, path, expected) => {
    expect(findFieldSource({ ...sources }, path)).toBe(expected);
  });
});

describe('readFieldSources', () => {
  it('keeps only known marks', () => {
    expect(readFieldSources({ a: 'ai', b: 'robot', c: 3, d: 'seller' })).toEqual({ a: 'ai', d: 'seller' });
    expect(readFieldSources(null)).toEqual({});
  });
});

describe('markSellerPaths', () => {
  it('marks content paths and drops the marks it covers; statuses are not edits', () => {
    expect(
      markSellerPaths({ 'seo.productName': 'ai', 'seo.keywords': 'ai', pricing: 'source' }, [
        'seo',
        'seoStatus',
        'options.0.mainImageStatus.status',
      ]),
    ).toEqual({ pricing: 'source', seo: 'seller' });
  });
});

describe('diffPaths', () => {
  it.each([
    [{ a: 1 }, { a: 1 }, []],
    [
      { seo: { productName: 'A', keywords: ['x'] } },
      { seo: { productName: 'B', keywords: ['x'] } },
      ['seo.productName'],
    ],
    [
      { options: [{ korName: 'a' }, { korName: 'b' }] },
      { options: [{ korName: 'a' }, { korName: 'c' }] },
      ['options.1.korName'],
    ],
    [{ seo: { keywords: ['x'] } }, { seo: { keywords: ['x', 'y'] } }, ['seo.keywords']],
    [{ a: null }, {}, []],
    [{ a: 'x' }, {}, ['a']],
    [{ seoStatus: 'pending', brand: 'a' }, { seoStatus: 'completed', brand: 'b' }, ['brand']],
    [{ _id: 'a', brand: 'a' }, { _id: 'b', brand: 'a' }, []],
  ])('%j → %j', (before, after, expected) => {
    expect(diffPaths(before, after, new Set(['_id']))).toEqual(expected);
  });
});

describe('planTaskWrite', () => {
  const doc = {
    seo: { productName: '셀러가 고친 이름', keywords: ['a'], features: [] },
    options: [{ korName: '빨강' }, { korName: '' }],
  };

  it('writes what nobody edited and records the source', () => {
    const plan = planTaskWrite(doc, {}, { 'seo.productName': '새 이름', 'options.1.korName': '파랑' }, 'ai');
    expect(plan.written).toEqual(['seo.productName', 'options.1.korName']);
    expect(plan.skipped).toEqual([]);
    expect(plan.fieldSources).toEqual({ 'seo.productName': 'ai', 'options.1.korName': 'ai' });
  });

  it('skips a seller-edited path and a path under a seller-edited parent', () => {
    const plan = planTaskWrite(
      doc,
      { 'seo.productName': 'seller', options: 'seller' },
      { 'seo.productName': '새 이름', 'seo.keywords': ['b'], 'options.0.korName': '레드' },
      'ai',
    );
    expect(plan.written).toEqual(['seo.keywords']);
    expect(plan.skipped).toEqual(['seo.productName', 'options.0.korName']);
    expect(plan.fieldSources).toEqual({
      'seo.productName': 'seller',
      options: 'seller',
      'seo.keywords': 'ai',
    });
  });

  it('replaces a seller-edited value that is empty', () => {
    const plan = planTaskWrite(doc, { 'seo.features': 'seller' }, { 'seo.features': ['통기성'] }, 'ai');
    expect(plan.written).toEqual(['seo.features']);
    expect(plan.fieldSources).toEqual({ 'seo.features': 'ai' });
  });

  it('writes a whole block but puts the seller-edited parts inside it back', () => {
    const plan = planTaskWrite(
      doc,
      { 'seo.productName': 'seller', 'seo.keywords': 'ai' },
      { seo: { productName: 'AI 이름', keywords: ['c'], features: ['f'] } },
      'ai',
    );
    expect(plan.updates).toEqual([
      { path: 'seo', value: { productName: '셀러가 고친 이름', keywords: ['c'], features: ['f'] } },
    ]);
    expect(plan.skipped).toEqual(['seo.productName']);
    expect(plan.fieldSources).toEqual({ 'seo.productName': 'seller', seo: 'ai' });
  });

  it('is safe to repeat: a second identical run writes the same and skips the same', () => {
    const sources = { 'seo.productName': 'seller' } as const;
    const updates = { 'seo.productName': 'x', 'seo.keywords': ['k'] };
    const first = planTaskWrite(doc, { ...sources }, updates, 'ai');
    const second = planTaskWrite(doc, first.fieldSources, updates, 'ai');
    expect(second).toEqual(first);
  });
});

describe('resolveTaskValue', () => {
  const doc = { koreanLabels: { content: '셀러 내용', material: '면' } };
  it.each([
    [{}, { content: 'AI', material: 'AI', type: 'AI' }, { content: 'AI', material: 'AI', type: 'AI' }],
    [
      { 'koreanLabels.content': 'seller' },
      { content: 'AI', material: 'AI', type: 'AI' },
      { content: '셀러 내용', material: 'AI', type: 'AI' },
    ],
    [{ koreanLabels: 'seller' }, { content: 'AI' }, { content: '셀러 내용', material: '면' }],
  ] as const)('%j', (sources, value, expected) => {
    expect(resolveTaskValue(doc, { ...sources }, 'koreanLabels', value)).toEqual(expected);
  });
});
