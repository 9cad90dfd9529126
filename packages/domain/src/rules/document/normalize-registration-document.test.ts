import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { isValidBoxDimension } from './normalize-box-dimension.ts';
import { isValidBoxWeight } from './normalize-box-weight.ts';
import { normalizeRegistrationDocument } from './normalize-registration-document.ts';

const schema = CategorySchema.parse({
  attributes: [
    { name: '색상', inputType: 'INPUT', required: true, exposed: true },
    { name: '신발사이즈', inputType: 'SELECT', choices: ['230', '240'], required: true, exposed: true },
    { name: '사용계절', inputType: 'SELECT', choices: ['사계절용', '여름용'] },
    { name: '브랜드', inputType: 'SELECT', choices: ['나이키'] },
  ],
  noticeCategories: [{ name: '구두/신발', items: [{ name: '색상' }, { name: '제조국' }] }],
});

const doc: RegistrationDocument = {
  startPage: { productName: '운동화' },
  productPage: {
    brand: '브랜드 없음',
    modelNumber: 'M'.repeat(60),
    searchTags: '운동화, 신발, 鞋',
    commonAttributes: {
      purchasePrice: 5000,
      productBarcode: '바코드 없음(쿠팡 바코드 생성 요청)',
      exposedAttributes: [
        { attributeName: '신발사이즈', attributeValue: '250' },
        { attributeName: '색상', attributeValue: '黑色' },
      ],
    },
    unexposedAttributes: [
      { attributeName: '사용계절', attributeValue: '봄' },
      { attributeName: '브랜드', attributeValue: '노브랜드' },
      { attributeName: '소재', attributeValue: '' },
    ],
    futureField: 'kept',
  },
  logisticsPage: {
    skuUnitBoxDimension: '5*5*5',
    skuUnitBoxWeight: '1kg',
    totalSKUsInBox: 0,
    fashionSeason: '봄',
  },
  legalPage: {
    kcMarkType: '해당사항없음',
    certificates: [{ certificateName: 'KC', certificateValue: '无' }],
    notices: [
      { noticeItemName: '색상', noticeItemValue: '黑' },
      { noticeItemName: '색상', noticeItemValue: '검정' },
      { noticeItemName: '제조국', noticeItemValue: '' },
    ],
  },
};

describe('normalizeRegistrationDocument (W §5 + Q §5)', () => {
  it('applies every field rule', () => {
    const out = normalizeRegistrationDocument(doc, {
      schema,
      settings: { asInfo: '02-000-0000', manufacturer: '메이커', importStatus: '수입대상' },
    });
    expect(out.productPage?.modelNumber).toHaveLength(50);
    expect(out.productPage?.searchTags).toBe('운동화, 신발');
    expect(out.productPage?.commonAttributes?.productBarcode).toBeUndefined();
    expect(out.productPage?.commonAttributes?.exposedAttributes).toEqual([
      { attributeName: '색상', attributeValue: '상세페이지 참조' },
      { attributeName: '신발사이즈', attributeValue: '상세페이지 참조' },
    ]);
    expect(out.productPage?.unexposedAttributes).toEqual([
      { attributeName: '사용계절', attributeValue: null },
      { attributeName: '브랜드', attributeValue: '노브랜드' },
      { attributeName: '소재', attributeValue: null },
    ]);
    expect(out.productPage?.futureField).toBe('kept');
    expect(out.logisticsPage).toEqual({
      skuUnitBoxDimension: '100*100*100',
      skuUnitBoxWeight: '1000',
      totalSKUsInBox: 24,
      fashionSeason: '사계절',
    });
    expect(out.legalPage?.certificates).toEqual([
      { certificateName: 'KC', certificateValue: '해당사항없음' },
    ]);
    expect(out.legalPage?.notices).toEqual([
      { noticeItemName: '색상', noticeItemValue: '상세페이지 참조' },
      { noticeItemName: '제조국', noticeItemValue: '중국' },
    ]);
    expect(doc.logisticsPage?.totalSKUsInBox).toBe(0); // input untouched
  });

  it('works without schema or settings, and on a bare document', () => {
    const out = normalizeRegistrationDocument({
      productPage: { exposedAttributes: [{ attributeName: 'x', attributeValue: 'y' }] },
      legalPage: {},
    });
    expect(out.productPage?.exposedAttributes).toEqual([{ attributeName: 'x', attributeValue: 'y' }]);
    expect(out.logisticsPage?.skuUnitBoxDimension).toBe('100*100*100');
    expect(
      normalizeRegistrationDocument({
        legalPage: { notices: [{ noticeItemName: '제조국', noticeItemValue: '' }] },
      }).legalPage?.notices?.[0]?.noticeItemValue,
    ).toBe('대한민국');
  });

  const text = fc.oneof(
    fc.string(),
    fc.constantFrom('红色', '黑', 'カラー', '빨강', '', '상세페이지 참조', '230'),
  );
  const attribute = fc.record({
    attributeName: fc.constantFrom('색상', '신발사이즈', '사용계절', '소재'),
    attributeValue: fc.option(text),
  });
  const anyDoc = fc.record({
    productPage: fc.record({
      searchTags: fc.array(text),
      commonAttributes: fc.record({ exposedAttributes: fc.array(attribute) }),
      unexposedAttributes: fc.array(attribute),
    }),
    logisticsPage: fc.record({
      skuUnitBoxDimension: fc.option(text),
      skuUnitBoxWeight: fc.option(fc.oneof(text, fc.integer())),
    }),
    legalPage: fc.record({
      notices: fc.array(
        fc.record({
          noticeItemName: fc.constantFrom('색상', '제조국', '크기', '제조자(수입자)'),
          noticeItemValue: fc.option(text),
        }),
      ),
      certificates: fc.array(
        fc.record({ certificateName: fc.constantFrom('KC', 'EMC'), certificateValue: fc.option(text) }),
      ),
    }),
  });

  it('never leaves CJK in attributes, notices, certificates or tags; box, weight and tags always valid', () => {
    fc.assert(
      fc.property(anyDoc, fc.option(fc.constantFrom(schema), { nil: undefined }), (input, s) => {
        const out = normalizeRegistrationDocument(input as RegistrationDocument, {
          schema: s,
          settings: { manufacturer: '某厂' },
        });
        const page = out.productPage;
        expect(containsCjk(page?.commonAttributes?.exposedAttributes?.map((a) => a.attributeValue))).toBe(
          false,
        );
        expect(containsCjk(page?.unexposedAttributes?.map((a) => a.attributeValue))).toBe(false);
        expect(containsCjk(out.legalPage?.notices?.map((n) => n.noticeItemValue))).toBe(false);
        expect(containsCjk(out.legalPage?.certificates?.map((c) => c.certificateValue))).toBe(false);
        expect(containsCjk(page?.searchTags)).toBe(false);
        expect(String(page?.searchTags).length).toBeLessThanOrEqual(150);
        expect(isValidBoxDimension(out.logisticsPage?.skuUnitBoxDimension)).toBe(true);
        expect(isValidBoxWeight(out.logisticsPage?.skuUnitBoxWeight)).toBe(true);
      }),
    );
  });
});
