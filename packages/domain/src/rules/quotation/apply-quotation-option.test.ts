import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import { QuotationOption } from '../../entities/quotation.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { applyQuotationOption } from './apply-quotation-option.ts';

const schema = CategorySchema.parse({
  attributes: [
    { name: '색상', exposed: true, required: true },
    { name: '사이즈', exposed: true, inputType: 'SELECT', choices: ['S', 'M', 'L'] },
    { name: '사용계절', inputType: 'SELECT', choices: ['사계절용', '여름용'] },
  ],
});

const doc: RegistrationDocument = {
  productPage: {
    commonAttributes: {
      exposedAttributes: [{ attributeName: '색상', attributeValue: '' }],
      productBarcode: '8801234567890',
    },
    unexposedAttributes: [{ attributeName: '사용계절', attributeValue: null }],
  },
  legalPage: {
    notices: [{ noticeItemName: '색상', noticeItemValue: '' }],
    certificates: [{ certificateName: 'KC', certificateValue: '해당사항없음' }],
  },
};

const option = QuotationOption.parse({
  optionNumber: 'R1001',
  attributes: [
    { type: 'exposed', name: '색상', value: '黑色' },
    { type: 'exposed', name: '사이즈', value: 'XL' },
    { type: 'unexposed', name: '사용계절', value: '봄' },
    { type: 'unexposed', name: '소재', value: '' },
  ],
  logistics: { dimension: '5*5*5', weight: '350' },
  notices: [
    { name: '색상', value: '검정' },
    { name: '제조국', value: '中国' },
  ],
});

describe('applyQuotationOption (Q §5)', () => {
  it('applies attributes, notices, logistics and certificates with the rules', () => {
    const out = applyQuotationOption(
      doc,
      option,
      {
        modelNumber: 'M'.repeat(55),
        barcode: '바코드 없음(쿠팡 바코드 생성 요청)',
        certificates: [
          { name: 'KC', value: '' },
          { name: 'EMC', value: 'R-1' },
        ],
      },
      schema,
    );
    expect(out.productPage?.commonAttributes?.exposedAttributes).toEqual([
      { attributeName: '색상', attributeValue: '상세페이지 참조' },
      { attributeName: '사이즈', attributeValue: 'S' },
    ]);
    expect(out.productPage?.unexposedAttributes).toEqual([
      { attributeName: '사용계절', attributeValue: '사계절용' },
      { attributeName: '소재', attributeValue: null },
    ]);
    expect(out.productPage?.commonAttributes?.productBarcode).toBe('8801234567890');
    expect(out.productPage?.modelNumber).toHaveLength(50);
    expect(out.logisticsPage).toEqual({ skuUnitBoxDimension: '100*100*100', skuUnitBoxWeight: '350' });
    expect(out.legalPage?.notices).toEqual([
      { noticeItemName: '색상', noticeItemValue: '검정' },
      { noticeItemName: '제조국', noticeItemValue: '상세페이지 참조' },
    ]);
    expect(out.legalPage?.certificates).toEqual([
      { certificateName: 'KC', certificateValue: '해당사항없음' },
      { certificateName: 'EMC', certificateValue: 'R-1' },
    ]);
  });

  it('drops a placeholder barcode and writes page-level exposed attributes when the document uses them', () => {
    const out = applyQuotationOption(
      { productPage: { exposedAttributes: [], commonAttributes: undefined } },
      QuotationOption.parse({
        optionNumber: 'x',
        attributes: [{ type: 'exposed', name: '색상', value: '빨강' }],
      }),
      { barcode: '바코드 없음(쿠팡 바코드 생성 요청)' },
    );
    expect(out.productPage?.exposedAttributes).toEqual([{ attributeName: '색상', attributeValue: '빨강' }]);
    expect(out.productPage?.commonAttributes?.productBarcode).toBeUndefined();
    expect(
      applyQuotationOption({}, QuotationOption.parse({ optionNumber: 'x' })).productPage?.commonAttributes,
    ).toEqual({ exposedAttributes: [] });
  });
});
