import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { assembleQuotationOption } from './assemble-quotation-option.ts';
import { chooseNoticeCategory } from './choose-notice-category.ts';
import { decideKcMarkType } from './decide-kc-mark-type.ts';
import { findValueSource } from './find-value-source.ts';
import { fitUnitValue } from './fit-unit-value.ts';
import { harmonizeTranslations } from './harmonize-translations.ts';
import { pickSourceAxis } from './pick-source-axis.ts';
import { readDifferentiatedBatch } from './read-differentiated-batch.ts';
import { restoreVerbatimTokens, verbatimTokens } from './restore-verbatim-tokens.ts';

const schema = CategorySchema.parse({
  attributes: [
    { name: '색상', exposed: true, required: true },
    { name: '사이즈', inputType: 'SELECT', choices: ['S', 'M', 'L'], exposed: true },
    { name: '수량', basicUnit: '개', usableUnits: ['개', '개입'], exposed: true },
    { name: '소재', required: true },
    { name: '무게', basicUnit: 'g', usableUnits: ['g', 'kg'] },
  ],
  noticeCategories: [
    { name: '의류', items: [{ name: '제품 소재' }, { name: '색상' }, { name: '제조국' }] },
    { name: '기타 재화', items: [{ name: '품명 및 모델명' }, { name: '제조국' }] },
  ],
});

describe('readDifferentiatedBatch (exact counts, matched by option number)', () => {
  const asked = ['R001', 'R002'];
  const names = ['색상', '사이즈'];
  it('matches by option number, not position, and drops attributes the schema does not list', () => {
    const r = readDifferentiatedBatch(
      [
        { optionNumber: 'R002', attributes: [{ name: '색상', value: '검정' }] },
        {
          optionNumber: ' R001 ',
          attributes: [
            { name: '색상', value: '흰색' },
            { name: '원산지', value: '중국' },
            { name: '색상', value: '빨강' },
          ],
        },
      ],
      asked,
      names,
    );
    expect(r.ok && Object.fromEntries(r.value)).toEqual({
      R001: [{ name: '색상', value: '흰색' }],
      R002: [{ name: '색상', value: '검정' }],
    });
  });
  it.each([
    [[{ optionNumber: 'R001', attributes: [] }], 'batchAnswerCountMismatch'],
    [
      [
        { optionNumber: 'R001', attributes: [] },
        { optionNumber: 'R001', attributes: [] },
      ],
      'batchAnswerOptionUnknown',
    ],
    [
      [
        { optionNumber: 'R001', attributes: [] },
        { optionNumber: 'R003', attributes: [] },
      ],
      'batchAnswerOptionUnknown',
    ],
    [
      [
        { optionNumber: 'R001', attributes: [] },
        { optionNumber: 'R002', attributes: [] },
        { optionNumber: 'R002', attributes: [] },
      ],
      'batchAnswerCountMismatch',
    ],
  ])('refuses %#', (answer, code) => {
    const r = readDifferentiatedBatch(answer, asked, names);
    expect(r.ok ? null : r.issues[0]?.code).toBe(code);
  });
});

describe('fitUnitValue (a number plus an allowed unit)', () => {
  const grams = { basicUnit: 'g', usableUnits: ['g', 'kg'] };
  const count = { basicUnit: '개', usableUnits: ['개', '개입'] };
  it.each([
    ['70', grams, '70g'],
    ['70 g', grams, '70g'],
    ['1.5kg', grams, '1.5kg'],
    ['70그램', grams, '70g'],
    [1, count, '1개'],
    ['2개입', count, '2개입'],
    ['1 pcs', count, '1개'],
    ['상세페이지 참조', count, '상세페이지 참조'],
    ['여러 개', count, '여러 개'],
    [null, count, null],
    ['빨강', { basicUnit: '없음', usableUnits: [] }, '빨강'],
    ['3', { basicUnit: null }, '3'],
  ])('%s → %s', (value, units, expected) => expect(fitUnitValue(value, units)).toBe(expected));
});

describe('restoreVerbatimTokens (numbers, units, model numbers, material codes)', () => {
  it.each([
    ['材质: PP', '재질: 폴리프로필렌', '재질: 폴리프로필렌 PP'],
    ['ABS+PU 30cm', 'ABS+PU 30cm 소재', 'ABS+PU 30cm 소재'],
    ['型号 X-200 60*40*40', '모델', '모델 X-200 60*40*40'],
    ['适用 iPhone15 Pro', '아이폰15 프로 호환', '아이폰15 프로 호환 iPhone15 Pro'],
    ['红色', '빨강', '빨강'],
    ['EVA', '', 'EVA'],
  ])('%s / %s → %s', (source, translation, expected) =>
    expect(restoreVerbatimTokens(source, translation)).toBe(expected),
  );
  it('keeps every token of the source in the result', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (source, translation) => {
        const out = restoreVerbatimTokens(source, translation);
        for (const t of verbatimTokens(source)) expect(out).toContain(t);
      }),
    );
  });
});

describe('harmonizeTranslations (same source → same Korean)', () => {
  it('uses the first Korean of a source text for every later entry, per attribute', () => {
    const out = harmonizeTranslations([
      { attribute: '색상', source: '白色', value: '흰색' },
      { attribute: '색상', source: '白色', value: '화이트' },
      { attribute: '색상', source: '黑色', value: '검정' },
      { attribute: '소재', source: '白色', value: '화이트' },
      { attribute: '색상', source: '', value: '아무거나' },
    ]);
    expect(out.map((e) => e.value)).toEqual(['흰색', '흰색', '검정', '화이트', '아무거나']);
  });
  it('never gives one source two values', () => {
    const entry = fc.record({
      attribute: fc.constantFrom('색상', '사이즈'),
      source: fc.constantFrom('白色', '黑色', 'M'),
      value: fc.constantFrom('흰색', '화이트', '검정', 'M'),
    });
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        const out = harmonizeTranslations(entries);
        const seen = new Map<string, string | null>();
        for (const e of out) {
          const key = `${e.attribute}|${e.source}`;
          if (seen.has(key)) expect(e.value).toBe(seen.get(key));
          else seen.set(key, e.value);
        }
      }),
    );
  });
});

describe('chooseNoticeCategory (exactly one notice category)', () => {
  it.each([
    [[{ noticeCategoryName: '기타 재화', noticeItemName: '제조국' }], '기타 재화'],
    [[{ noticeItemName: '품명 및 모델명' }], '기타 재화'],
    [[], '의류'],
  ])('%# → %s', (notices, name) => expect(chooseNoticeCategory(schema, notices)?.name).toBe(name));
  it('is null without categories', () => {
    expect(chooseNoticeCategory({ noticeCategories: [] })).toBeNull();
  });
});

describe('assembleQuotationOption', () => {
  it('keeps schema attributes in schema order, typed, coerced, with units; notices of one category', () => {
    const option = assembleQuotationOption({
      optionNumber: 'R001',
      korName: '흰색 M',
      schemaAttributes: schema.attributes,
      common: [
        { name: '소재', value: ' 면 ' },
        { name: '무게', value: '180' },
        { name: '수량', value: '1' },
        { name: '원산지', value: '중국' },
      ],
      differentiated: [
        { name: '사이즈', value: 'XL' },
        { name: '색상', value: '흰색' },
      ],
      notices: [
        { name: '제품 소재', value: '면 100%' },
        { name: '품명 및 모델명', value: '티셔츠' },
        { name: '제품 소재', value: '폴리' },
      ],
      noticeCategory: schema.noticeCategories[0],
      logistics: { dimension: '300*250*20', weight: '180' },
    });
    expect(option).toEqual({
      optionNumber: 'R001',
      korName: '흰색 M',
      attributes: [
        { type: 'exposed', name: '색상', value: '흰색' },
        { type: 'exposed', name: '사이즈', value: 'S' },
        { type: 'exposed', name: '수량', value: '1개' },
        { type: 'unexposed', name: '소재', value: '면' },
        { type: 'unexposed', name: '무게', value: '180g' },
      ],
      notices: [{ name: '제품 소재', value: '면 100%' }],
      logistics: { dimension: '300*250*20', weight: '180' },
    });
  });
});

describe('findValueSource (the source text an AI value came from)', () => {
  const sources = [
    { original: '材质: 棉', translated: '소재: 면', name: '소재' },
    { original: '白色', translated: '흰색' },
    { original: '型号: X-200' },
  ];
  it.each([
    ['색상', '흰색', '白色'],
    ['소재', '면 100%', '材质: 棉'],
    ['모델명', 'X-200', '型号: X-200'],
    ['색상', '파랑', null],
    ['색상', null, null],
  ])('%s=%s → %s', (name, value, original) =>
    expect(findValueSource(name, value, sources)?.original ?? null).toBe(original),
  );
});

it('no rule here lets Chinese through an assembled option when the answers are Korean', () => {
  const option = assembleQuotationOption({
    optionNumber: 'R1',
    schemaAttributes: schema.attributes,
    common: [{ name: '소재', value: '면' }],
    differentiated: [{ name: '색상', value: '흰색' }],
  });
  expect(containsCjk(option)).toBe(false);
});

describe('pickSourceAxis (which option value an attribute was made from)', () => {
  const grid = (value: (colour: string, size: string) => string) =>
    ['白色', '黑色'].flatMap((c) => ['S', 'M', 'L'].map((s) => ({ axes: [c, s], value: value(c, s) })));
  it.each([
    ['colour follows axis 0', grid((c) => (c === '白色' ? '흰색' : '검정')), 0],
    ['size follows axis 1', grid((_c, s) => s), 1],
    [
      'an inconsistent translation still follows axis 0',
      grid((c, s) => (c === '白色' ? (s === 'L' ? '화이트' : '흰색') : '검정')),
      0,
    ],
    ['a constant follows no axis', grid(() => '1개'), null],
    ['the whole label follows neither', grid((c, s) => `${c}${s}`), null],
    [
      'one axis only',
      [
        { axes: ['红'], value: '빨강' },
        { axes: ['蓝'], value: '파랑' },
      ],
      0,
    ],
  ])('%s', (_name, entries, axis) => expect(pickSourceAxis(entries)).toBe(axis));
});

describe('decideKcMarkType', () => {
  it.each([
    ['KC 인증', [], 'KC 인증'],
    ['', [{ value: '해당사항없음' }, { value: '' }], '해당사항없음'],
    [null, [], '해당사항없음'],
    ['', [{ value: 'CB061R1234-5001' }], null],
  ])('%s with %o → %s', (current, certificates, expected) =>
    expect(decideKcMarkType(current, certificates)).toBe(expected),
  );
});
