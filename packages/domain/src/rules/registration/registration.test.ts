import { describe, expect, it } from 'vitest';
import shoes from '../../../test/fixtures/coupang_category_meta_68010_shoes.json' with { type: 'json' };
import { checkCompleteness } from '../completeness/check-completeness.ts';
import { convertCoupangCategoryMeta } from '../schema/convert-coupang-category-meta.ts';
import { buildCoupangDoc, buildRegistrationDocument } from './build-registration-document.ts';
import { quotationValidUntil } from './registration-defaults.ts';

describe('quotationValidUntil (W §9)', () => {
  it.each([
    ['2026-11-22T00:00:00.000Z', '2026-12-22T00:00:00.000Z'],
    [Date.UTC(2026, 0, 31), '2026-03-02T00:00:00.000Z'],
  ])('quotation valid 30 days: %s → %s', (at, expected) => expect(quotationValidUntil(at)).toBe(expected));

  it('rejects invalid dates', () => expect(() => quotationValidUntil('nope')).toThrow(RangeError));
});

describe('buildRegistrationDocument (coupangDoc skeleton from a real schema)', () => {
  const schema = convertCoupangCategoryMeta(shoes);
  it('lays out every attribute and notice with the defaults', () => {
    const doc = buildRegistrationDocument(schema, {
      productName: '남녀공용 운동화',
      categoryPath: '패션의류잡화>남성화>운동화',
      exposedValues: { 색상: '블랙' },
      noticeCategoryName: '구두/신발',
      importStatus: '수입대상',
      labelImage: 'label.png',
      prices: { purchasePrice: 5800 },
    });
    expect(doc.productPage?.commonAttributes?.exposedAttributes).toEqual([
      { attributeName: '색상', attributeValue: '블랙' },
      { attributeName: '신발사이즈', attributeValue: '' },
    ]);
    expect(doc.productPage?.unexposedAttributes).toHaveLength(23);
    expect(doc.legalPage?.notices).toHaveLength(8);
    expect(doc.legalPage?.notices?.find((n) => n.noticeItemName === '제조국')?.noticeItemValue).toBe('중국');
    expect(doc.logisticsPage).toMatchObject({
      skuUnitBoxDimension: '100*100*100',
      skuUnitBoxWeight: '1000',
      totalSKUsInBox: 24, // W §9 boxed SKUs
      fashionSeason: '사계절',
    });
    expect(doc.imagePage?.images?.labelImages?.[0]?.labelImageType).toBe(
      '제품 한글 표시사항 라벨 또는 도안 이미지',
    );
    const report = checkCompleteness(doc, schema);
    expect(report.issues.map((i) => i.code)).toContain('mainImageRequired');
    expect(report.percent).toBeLessThan(100);
  });
  it('uses the first notice category by default', () => {
    const doc = buildRegistrationDocument(schema, { productName: 'x' });
    expect(doc.legalPage?.notices).toHaveLength(14);
    expect(doc.legalPage?.notices?.find((n) => n.noticeItemName === '제조국')?.noticeItemValue).toBe(
      '대한민국',
    );
    expect(
      buildRegistrationDocument({ ...schema, noticeCategories: [] }, { productName: 'x' }).legalPage?.notices,
    ).toEqual([]);
  });
});

describe("the skeleton from the seller's settings and the option (add to registration)", () => {
  const schema = convertCoupangCategoryMeta(shoes);
  const settings = {
    brand: '브랜드 없음',
    manufacturer: '',
    importer: '(주)수입사',
    importStatus: '수입대상',
    transactionType: '기타 도소매업자',
    origin: '',
    asInfo: '1588-0000',
  };
  it('numbers options, sizes boxes and answers notices from the settings', () => {
    const box = (option: Parameters<typeof buildRegistrationDocument>[1]['option']) =>
      buildRegistrationDocument(schema, { productName: 'x', option }).logisticsPage;
    expect(
      box({ optionNumber: '1', weightG: 412.6, sizeCm: { length: 30, width: 20.04, height: 0.5 } }),
    ).toMatchObject({ skuUnitBoxDimension: '300*200*10', skuUnitBoxWeight: '413' });
    expect(
      box({ optionNumber: '1', weightG: 0, sizeCm: { length: 30, width: null, height: 1 } }),
    ).toMatchObject({
      skuUnitBoxDimension: '100*100*100',
      skuUnitBoxWeight: '1000',
    });
    const doc = buildRegistrationDocument(schema, {
      ...settings,
      productName: '운동화',
      categoryPath: '스포츠/레져>신발',
      option: { optionNumber: 'R123001', weightG: 800, sizeCm: { length: 33, width: 22, height: 12 } },
      offerId: '597090034012',
    });
    expect(doc.productPage?.modelNumber).toBe('R123001');
    expect(doc.productPage?.brand).toBe('브랜드 없음');
    expect(doc.logisticsPage).toMatchObject({ skuUnitBoxDimension: '330*220*120', skuUnitBoxWeight: '800' });
    expect(doc.logisticsPage?.fashionSeason).toBeUndefined();
    const notice = (name: string) => doc.legalPage?.notices?.find((n) => n.noticeItemName?.includes(name));
    expect(notice('제조국')?.noticeItemValue).toBe('중국');
    expect(notice('제조자')?.noticeItemValue).toBe('(주)수입사');
    expect(notice('A/S')?.noticeItemValue).toBe('1588-0000');
    expect(doc.legalPage?.notices?.[0]?.noticeCategoryName).toBe(schema.noticeCategories[0]?.name);
    expect(doc.sourcingPage).toEqual({ sourcingChannelType: '1688', sourcingChannelId: '597090034012' });
    // The seller's own origin wins over the import-status rule.
    const korea = buildRegistrationDocument(schema, { ...settings, origin: '베트남', productName: 'x' });
    expect(korea.legalPage?.notices?.find((n) => n.noticeItemName === '제조국')?.noticeItemValue).toBe(
      '베트남',
    );
    expect(korea.sourcingPage).toEqual({ sourcingChannelType: null, sourcingChannelId: null });
  });
  it('wraps one skeleton per option in the Supplier Hub draft envelope', () => {
    const coupangDoc = buildCoupangDoc(schema, {
      ...settings,
      productName: '운동화',
      categoryPath: '패션의류잡화>남성화>운동화',
      options: [{ optionNumber: 'R1001' }, { optionNumber: 'R1002', weightG: 300 }],
      offerId: null,
    });
    expect(coupangDoc).toMatchObject({ docId: null, version: 164, scope: 'Retail_Categorized_Single' });
    expect(coupangDoc.jsonDocument.map((d) => d.productPage?.modelNumber)).toEqual(['R1001', 'R1002']);
    expect(coupangDoc.jsonDocument.map((d) => d.logisticsPage?.skuUnitBoxWeight)).toEqual(['1000', '300']);
    expect(coupangDoc.jsonDocument[0]?.logisticsPage?.fashionSeason).toBe('사계절');
  });
});
