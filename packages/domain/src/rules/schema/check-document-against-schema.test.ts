import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import {
  checkDocumentAgainstSchema,
  findMissingMandatoryAttributes,
  followsSchemaOrder,
  pickNoticeCategory,
} from './check-document-against-schema.ts';
import { validateAdditionalDifferentiator } from './validate-additional-differentiator.ts';

const schema = CategorySchema.parse({
  attributes: [
    { name: '색상', required: true, exposed: true },
    { name: '사이즈', required: true, exposed: true },
    { name: '최소 중량', required: true, groupNumber: '1' },
    { name: '최소 용량', required: true, groupNumber: '1' },
    { name: '소재', required: true },
    { name: '시즌' },
  ],
  noticeCategories: [
    { name: '기타 재화', items: [{ name: '품명 및 모델명' }, { name: '제조국(원산지)' }] },
    {
      name: '의류',
      items: [
        { name: '제품소재' },
        { name: '색상' },
        { name: '치수' },
        { name: '세탁방법', required: false },
      ],
    },
  ],
});

const a = (attributeName: string, attributeValue: string | null) => ({ attributeName, attributeValue });

describe('checkDocumentAgainstSchema (Q §5)', () => {
  it('passes a complete document', () => {
    const doc = {
      productPage: {
        commonAttributes: { exposedAttributes: [a('색상', '빨강'), a('사이즈', 'M')] },
        unexposedAttributes: [a('최소 용량', '500ml'), a('소재', '면')],
      },
      legalPage: {
        notices: [
          { noticeItemName: '제품소재', noticeItemValue: '면' },
          { noticeItemName: '색상', noticeItemValue: '빨강' },
          { noticeItemName: '치수', noticeItemValue: 'M' },
        ],
      },
    };
    expect(checkDocumentAgainstSchema(doc, schema, 1)).toEqual([]);
  });

  it('reports missing, order and Chinese problems', () => {
    const doc = {
      productPage: {
        exposedAttributes: [a('사이즈', 'M'), a('색상', '红色')],
        unexposedAttributes: [a('소재', ''), a('시즌', null)],
      },
      legalPage: {
        notices: [{ noticeItemName: '품명 및 모델명', noticeItemValue: '' }],
        certificates: [{ certificateName: 'KC', certificateValue: '无' }],
      },
    };
    const issues = checkDocumentAgainstSchema(doc, schema, 2);
    expect(issues.map((i) => i.message)).toEqual([
      '옵션 2에 필수 속성이 누락되었습니다: 최소 중량/최소 용량, 소재, 품명 및 모델명, 제조국(원산지)',
      '속성 순서 오류: exposedAttributes',
      '옵션 2의 색상에 중국어 문자가 있습니다.',
      '옵션 2의 KC에 중국어 문자가 있습니다.',
    ]);
    expect(issues[0]?.code).toBe('optionMissingRequiredAttributes');
  });

  it('helpers', () => {
    expect(findMissingMandatoryAttributes([], schema, true)).toEqual(['색상', '사이즈']);
    expect(followsSchemaOrder([a('x', '1'), a('색상', '1'), a('시즌', '1')], ['색상', '시즌'])).toBe(true);
    expect(followsSchemaOrder([a('시즌', '1'), a('색상', '1')], ['색상', '시즌'])).toBe(false);
    expect(
      pickNoticeCategory(schema.noticeCategories, [
        { noticeCategoryName: '의류', noticeCategoryDetailName: 'x' },
      ])?.name,
    ).toBe('의류');
    expect(pickNoticeCategory(schema.noticeCategories, [])).toBeUndefined();
    expect(checkDocumentAgainstSchema({}, schema, 3)[0]?.message).toBe(
      '옵션 3에 필수 속성이 누락되었습니다: 색상, 사이즈, 최소 중량/최소 용량, 소재',
    );
  });
});

describe('validateAdditionalDifferentiator (Q §5: 2–6 Korean characters)', () => {
  it.each([
    ['대형', true],
    ['  소형  ', true],
    ['여섯글자까지', true],
    ['일곱글자입니다', false],
    ['대', false],
    ['Large', false],
    ['대형 ', true],
    ['대 형', false],
    ['大号', false],
    [null, false],
  ])('%o → %s', (value, expected) => {
    const r = validateAdditionalDifferentiator(value);
    expect(r.ok).toBe(expected);
    if (!r.ok) expect(r.issues[0]?.message).toBe('추가 구분 속성은 2~6자의 한글이어야 합니다.');
  });
});
