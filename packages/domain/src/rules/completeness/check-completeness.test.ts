import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { checkCompleteness, readPath } from './check-completeness.ts';

const schema = CategorySchema.parse({
  attributes: [
    { name: '색상', required: true, exposed: true },
    { name: '사이즈', required: true, exposed: true },
    { name: '소재', required: true },
    { name: '시즌' },
  ],
  requiredFields: [
    { section: 'logisticsPage', path: 'totalSKUsInBox', title: '박스 내 SKU 수량', type: 'integer' },
    { section: 'legalPage', path: 'adCert', title: '광고 인증' },
    { section: 'productPage', path: 'manufacturer', title: 'title' },
    { section: 'sourcingPage', path: 'sourcingChannelType', title: '소싱 채널' },
  ],
});

const complete: RegistrationDocument = {
  startPage: { productName: '헤오르 발 디딤대' },
  productPage: {
    brand: '브랜드 없음',
    manufacturer: '헤오르',
    searchTags: '디딤대, 욕실',
    productDescription: '설명',
    commonAttributes: {
      purchasePrice: 5000,
      exposedAttributes: [
        { attributeName: '색상', attributeValue: '블루' },
        { attributeName: '사이즈', attributeValue: 'one size' },
      ],
    },
    unexposedAttributes: [{ attributeName: '소재', attributeValue: 'PP' }],
  },
  imagePage: { images: { mainImage: 'a.jpg' }, details: { detailedImage: 'b.png', altText: '발 디딤대' } },
  logisticsPage: { totalSKUsInBox: 30 },
  legalPage: { adCert: '' },
};

describe('checkCompleteness (W §5)', () => {
  it('a complete document: 100 %, total = 8 + schema-required + 1', () => {
    const r = checkCompleteness(complete, schema);
    // schema-required: 3 mandatory attributes + 3 fields (sourcingPage skipped) = 6
    expect(r).toMatchObject({ fulfilled: 15, total: 15, rate: 1, percent: 100, issues: [] });
  });

  it('an empty document gives every message', () => {
    const r = checkCompleteness({}, schema);
    expect(r.issues.map((i) => i.message)).toEqual([
      '상품명이 필수입니다.',
      '브랜드가 필수입니다.',
      '공급가가 필수입니다.',
      '대표이미지가 필수입니다.',
      '상세이미지가 필수입니다.',
      '대체텍스트가 필수입니다.',
      '검색태그가 필수입니다.',
      '노출속성이 최소 1개 필요합니다.',
      '필수 노출속성이 누락되었습니다: 색상, 사이즈',
      '박스 내 SKU 수량이(가) 필수입니다.',
      'title이(가) 필수입니다.',
      '필수 비노출속성이 누락되었습니다: 소재',
    ]);
    // fulfilled: adCert (may be empty) + the Chinese check
    expect(r).toMatchObject({ fulfilled: 2, total: 15, percent: 13 });
  });

  it.each([
    [
      {
        productPage: {
          ...complete.productPage,
          commonAttributes: { ...complete.productPage?.commonAttributes, purchasePrice: 0 },
        },
      },
      '공급가가 필수입니다.',
    ],
    [
      {
        productPage: {
          ...complete.productPage,
          commonAttributes: { ...complete.productPage?.commonAttributes, purchasePrice: 10.5 },
        },
      },
      '공급가은(는) 정수여야 합니다.',
    ],
    [{ logisticsPage: { totalSKUsInBox: 2.5 } }, '박스 내 SKU 수량은(는) 정수여야 합니다.'],
    [{ startPage: { productName: '纯棉 발 디딤대' } }, '중국어/일본어 문자가 포함되어 있습니다: productName'],
    [
      {
        imagePage: {
          images: { mainImage: 'a.jpg' },
          details: { htmlProductDetailContent: '<p>x</p>', altText: '尺码' },
        },
      },
      '중국어/일본어 문자가 포함되어 있습니다: altText',
    ],
    [{ productPage: { ...complete.productPage, searchTags: [] } }, '검색태그가 필수입니다.'],
  ] as const)('%#: %s', (patch, message) => {
    const r = checkCompleteness({ ...complete, ...patch } as RegistrationDocument, schema);
    expect(r.issues.map((i) => i.message)).toEqual([message]);
    expect(r.fulfilled).toBe(14);
  });

  it('works without a schema (8 + 0 + 1)', () => {
    expect(checkCompleteness(complete).total).toBe(9);
  });

  it('reads dotted paths', () => {
    expect(readPath({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(readPath({ a: 1 }, 'a.b')).toBeUndefined();
  });
});
