import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exposedAttributesKey, findDuplicateExposedAttributes } from './find-duplicate-exposed-attributes.ts';
import { makeOptionNumber, planSplit } from './plan-split.ts';

const attr = (attributeName: string, attributeValue: string) => ({ attributeName, attributeValue });

describe('findDuplicateExposedAttributes (Q §4 step 7)', () => {
  it('groups identical exposed attributes regardless of order', () => {
    const options = [
      { optionNumber: 'R001', exposedAttributes: [attr('색상', '빨강'), attr('사이즈', 'M')] },
      { optionNumber: 'R002', exposedAttributes: [attr('사이즈', 'M'), attr('색상', '빨강')] },
      { optionNumber: 'R003', exposedAttributes: [attr('색상', '파랑')] },
      { optionNumber: 'R004', exposedAttributes: [attr('색상', '파랑 ')] },
      { optionNumber: 'R005', exposedAttributes: [attr('색상', '초록')] },
    ];
    expect(findDuplicateExposedAttributes(options)).toEqual([
      ['R001', 'R002'],
      ['R003', 'R004'],
    ]);
    expect(findDuplicateExposedAttributes(options.slice(4))).toEqual([]);
    expect(exposedAttributesKey([])).toBe('');
  });
});

describe('planSplit (Q §4 Split)', () => {
  const options = [
    { optionNumber: 'R100001', exposedAttributes: [attr('색상', '빨강')], additionalValue: '소형', stock: 1 },
    { optionNumber: 'R100002', exposedAttributes: [attr('색상', '빨강')], additionalValue: '대형', stock: 2 },
    { optionNumber: 'R100003', exposedAttributes: [attr('색상', '파랑')], additionalValue: '소형', stock: 3 },
    {
      optionNumber: 'R100004',
      exposedAttributes: [attr('색상', '파랑'), attr('크기', '?')],
      additionalValue: '대형',
      stock: 4,
    },
  ];

  it('keeps the original for the first group and suffixes the others', () => {
    const r = planSplit({
      registrationId: 'R100',
      productName: '수납함',
      additionalAttributeName: '크기',
      options,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((p) => [p.registrationId, p.productName, p.isOriginal])).toEqual([
      ['R100', '수납함, 소형', true],
      ['R100_2', '수납함, 대형', false],
    ]);
    expect(
      r.value[1]?.options.map((o) => [o.previousOptionNumber, o.option.optionNumber, o.option.stock]),
    ).toEqual([
      ['R100002', 'R100_2001', 2],
      ['R100004', 'R100_2002', 4],
    ]);
    expect(r.value[0]?.options.map((o) => o.option.optionNumber)).toEqual(['R100001', 'R100002']);
    expect(r.value[1]?.options[1]?.option.exposedAttributes).toEqual([
      attr('색상', '파랑'),
      attr('크기', '대형'),
    ]);
    expect(r.value[0]?.options[0]?.option.exposedAttributes).toEqual([
      attr('색상', '빨강'),
      attr('크기', '소형'),
    ]);
  });

  it.each([
    [[], 'noOptionsToProcess'],
    [[{ optionNumber: 'a', exposedAttributes: [], additionalValue: '' }], 'noAdditionalAttributes'],
    [
      [
        { optionNumber: 'a', exposedAttributes: [], additionalValue: '대형' },
        { optionNumber: 'b', exposedAttributes: [], additionalValue: '대형' },
      ],
      'splitNotNeeded',
    ],
  ])('refuses %#', (opts, code) => {
    const r = planSplit({
      registrationId: 'R',
      productName: 'p',
      additionalAttributeName: '크기',
      options: opts,
    });
    expect(r.ok ? null : r.issues[0]?.code).toBe(code);
  });

  it('makes option numbers with a 3-digit suffix', () => {
    expect(makeOptionNumber('R9', 7)).toBe('R9007');
    expect(makeOptionNumber('R9', 123)).toBe('R9123');
  });

  it('keeps every option exactly once; options with different additional values never collide', () => {
    const option = fc.record({
      colour: fc.constantFrom('빨강', '파랑'),
      extra: fc.constantFrom('소형', '중형', '대형'),
    });
    fc.assert(
      fc.property(fc.array(option, { minLength: 1, maxLength: 30 }), (raw) => {
        const opts = raw.map((o, i) => ({
          optionNumber: makeOptionNumber('R1', i + 1),
          exposedAttributes: [attr('색상', o.colour)],
          additionalValue: o.extra,
        }));
        const r = planSplit({
          registrationId: 'R1',
          productName: 'p',
          additionalAttributeName: '크기',
          options: opts,
        });
        const distinct = new Set(raw.map((o) => o.extra)).size;
        if (distinct < 2) {
          expect(r.ok).toBe(false);
          return;
        }
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const all = r.value.flatMap((p) => p.options);
        expect(all.map((o) => o.previousOptionNumber).sort()).toEqual(opts.map((o) => o.optionNumber).sort());
        const newNumbers = all.map((o) => o.option.optionNumber);
        expect(new Set(newNumbers).size).toBe(newNumbers.length);
        for (const a of all) {
          for (const b of all) {
            const va = opts.find((o) => o.optionNumber === a.previousOptionNumber)?.additionalValue;
            const vb = opts.find((o) => o.optionNumber === b.previousOptionNumber)?.additionalValue;
            if (va !== vb)
              expect(exposedAttributesKey(a.option.exposedAttributes)).not.toBe(
                exposedAttributesKey(b.option.exposedAttributes),
              );
          }
        }
        expect(r.value.length).toBe(distinct);
      }),
    );
  });
});
