import { describe, expect, it } from 'vitest';
import { mergeCertificates } from './merge-certificates.ts';
import {
  coerceToAllowedValue,
  normalizeAttributeValue,
  replaceChineseValue,
} from './normalize-attribute-value.ts';

const choices = ['블랙계열', '화이트계열'];

describe('replaceChineseValue (Q §5)', () => {
  it.each([
    ['exposed', '红色', '상세페이지 참조'],
    ['notice', '中国', '상세페이지 참조'],
    ['unexposed', '棉', null],
    ['certificate', '无', '해당사항없음'],
    ['exposed', '빨강', '빨강'],
    ['unexposed', 3, 3],
  ] as const)('%s %o → %o', (kind, value, expected) =>
    expect(replaceChineseValue(kind, value)).toBe(expected),
  );
});

describe('normalizeAttributeValue (W §5 dropdowns and empties)', () => {
  it.each([
    ['exposed', '색상계열', '블랙계열', choices, '블랙계열'],
    ['exposed', '색상계열', '검정', choices, '상세페이지 참조'],
    ['notice', '색상', '', [], '상세페이지 참조'],
    ['exposed', '색상', null, [], '상세페이지 참조'],
    ['exposed', '색상', '상세페이지 참조', choices, '상세페이지 참조'],
    ['unexposed', '색상계열', '검정', choices, null],
    ['unexposed', '색상계열', '', [], null],
    ['unexposed', '브랜드', '노브랜드', ['A', 'B'], '노브랜드'],
    ['unexposed', '소재', '  면  ', [], '면'],
    ['exposed', '수량', 2, [], 2],
    ['exposed', '색상', '红色', [], '상세페이지 참조'],
    ['unexposed', '소재', '纯棉', [], null],
  ] as const)('%s %s=%o (choices %o) → %o', (kind, name, value, ch, expected) => {
    expect(normalizeAttributeValue({ kind, name, value, choices: ch })).toBe(expected);
  });
});

describe('coerceToAllowedValue (Q §5: outside the list → first allowed value)', () => {
  it.each([
    ['검정', choices, '블랙계열'],
    [' 화이트계열 ', choices, '화이트계열'],
    ['무엇이든', [], '무엇이든'],
    [null, choices, null],
  ] as const)('%o → %o', (value, ch, expected) => expect(coerceToAllowedValue(value, ch)).toBe(expected));
});

describe('mergeCertificates (Q §5: empty AI values keep the existing value)', () => {
  it('keeps, replaces, appends', () => {
    const existing = [
      { certificateName: 'KC 인증번호', certificateValue: '해당사항없음' },
      { certificateName: 'EMC', certificateValue: 'R-R-abc' },
      { certificateName: 'KCS', certificateValue: '旧' },
    ];
    const incoming = [
      { certificateName: 'KC 인증번호', certificateValue: 'CB000-1' },
      { certificateName: 'EMC', certificateValue: '' },
      { certificateName: 'NEW', certificateValue: '无' },
      { certificateName: 'EMPTY', certificateValue: null },
    ];
    expect(mergeCertificates(existing, incoming)).toEqual([
      { certificateName: 'KC 인증번호', certificateValue: 'CB000-1' },
      { certificateName: 'EMC', certificateValue: 'R-R-abc' },
      { certificateName: 'KCS', certificateValue: '해당사항없음' },
      { certificateName: 'NEW', certificateValue: '해당사항없음' },
    ]);
    expect(mergeCertificates()).toEqual([]);
  });
});
