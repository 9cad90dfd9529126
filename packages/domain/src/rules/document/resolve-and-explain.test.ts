import { describe, expect, it } from 'vitest';
import { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { explainDocumentChanges } from './explain-document-changes.ts';
import { normalizeRegistrationDocument } from './normalize-registration-document.ts';
import { resolveOrigin } from './resolve-origin.ts';

describe('resolveOrigin (seller setting first, W §5 rule only without one)', () => {
  it.each([
    ['중국', '수입대상아님', '중국'],
    ['베트남', '수입대상', '베트남'],
    ['', '수입대상아님', '대한민국'],
    ['  ', '수입대상', '중국'],
    [undefined, undefined, '중국'],
    [null, '수입대상아님', '대한민국'],
  ])('origin %s, import %s → %s', (origin, importStatus, expected) =>
    expect(resolveOrigin({ origin, importStatus })).toBe(expected),
  );

  it('fills the origin notice from the settings, even for goods that are not an import target', () => {
    const out = normalizeRegistrationDocument(
      { legalPage: { notices: [{ noticeItemName: '제조국(원산지)', noticeItemValue: '대한민국' }] } },
      { settings: { origin: '중국', importStatus: '수입대상아님' } },
    );
    expect(out.legalPage?.notices?.[0]?.noticeItemValue).toBe('중국');
  });
});

describe('fashion season where the document or schema has it', () => {
  it.each([
    [{ fashionSeason: '봄' }, [], '사계절'],
    [{}, [], undefined],
    [{}, [{ section: 'logisticsPage', path: 'fashionSeason', title: '시즌' }], '사계절'],
  ])('%o → %s', (logisticsPage, requiredFields, expected) => {
    const schema = CategorySchema.parse({ requiredFields });
    const out = normalizeRegistrationDocument({ logisticsPage }, { schema });
    expect(out.logisticsPage?.fashionSeason).toBe(expected);
  });
});

describe('explainDocumentChanges (what was stored and why)', () => {
  const schema = CategorySchema.parse({
    attributes: [
      { name: '색상', exposed: true },
      { name: '사용계절', inputType: 'SELECT', choices: ['사계절용'] },
    ],
  });
  const sent: RegistrationDocument = {
    productPage: {
      modelNumber: 'A'.repeat(55),
      searchTags: '가방, 가방, 包',
      commonAttributes: {
        productBarcode: '바코드 없음(쿠팡 바코드 생성 요청)',
        exposedAttributes: [{ attributeName: '색상', attributeValue: '红色' }],
      },
      unexposedAttributes: [{ attributeName: '사용계절', attributeValue: '봄' }],
    },
    logisticsPage: { skuUnitBoxDimension: '1*1*1', skuUnitBoxWeight: '500', totalSKUsInBox: 0 },
    legalPage: {
      certificates: [{ certificateName: 'KC', certificateValue: '无' }],
      notices: [
        { noticeItemName: '제조국', noticeItemValue: '대한민국' },
        { noticeItemName: '제조국', noticeItemValue: '한국' },
        { noticeItemName: '색상', noticeItemValue: '红' },
      ],
    },
  };
  it('names every change with its reason', () => {
    const stored = normalizeRegistrationDocument(sent, { schema, settings: { origin: '중국' } });
    const changes = explainDocumentChanges(sent, stored);
    expect(changes.map((c) => [c.path, c.stored, c.reason])).toEqual([
      ['productPage.modelNumber', 'A'.repeat(50), 'changeModelNumberCut'],
      ['productPage.searchTags', '가방', 'changeSearchTagsCut'],
      ['productPage.commonAttributes.productBarcode', null, 'changeBarcodePlaceholder'],
      [
        'productPage.commonAttributes.exposedAttributes.0.attributeValue',
        '상세페이지 참조',
        'changeChineseReplaced',
      ],
      ['productPage.unexposedAttributes.0.attributeValue', null, 'changeValueNotAllowed'],
      ['logisticsPage.skuUnitBoxDimension', '100*100*100', 'changeBoxDimensionReset'],
      ['logisticsPage.totalSKUsInBox', 24, 'changeTotalSkusDefault'],
      ['legalPage.notices.0.noticeItemValue', '중국', 'changeNoticeFromSettings'],
      ['legalPage.notices.1.noticeItemValue', '상세페이지 참조', 'changeChineseReplaced'],
      ['legalPage.notices', 2, 'changeNoticeDuplicates'],
      ['legalPage.certificates.0.certificateValue', '해당사항없음', 'changeChineseReplaced'],
    ]);
  });
  it('is empty when the rules change nothing', () => {
    const context = { schema, settings: { origin: '중국' } };
    const stored = normalizeRegistrationDocument(sent, context);
    expect(explainDocumentChanges(stored, normalizeRegistrationDocument(stored, context))).toEqual([]);
  });
});
