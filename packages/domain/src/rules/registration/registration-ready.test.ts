import { describe, expect, it } from 'vitest';
import shoes from '../../../test/fixtures/coupang_category_meta_68010_shoes.json' with { type: 'json' };
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { checkCompleteness } from '../completeness/check-completeness.ts';
import { findChineseText } from '../preflight/find-chinese-text.ts';
import { convertCoupangCategoryMeta } from '../schema/convert-coupang-category-meta.ts';
import { buildQuotationSummary } from './build-quotation-summary.ts';
import { buildRegistrationDocument } from './build-registration-document.ts';
import {
  buildAltText,
  buildProductDescription,
  cutAtWord,
  fillRegistrationDocument,
} from './fill-registration-document.ts';
import { syncDocumentNames } from './sync-document-names.ts';

const CHINESE_TITLE = '冰丝条纹短袖T恤女夏季薄款显瘦上衣韩版宽松';
const SEO_NAME = '아이스실크 스트라이프 반팔 티셔츠 여성 여름 루즈핏';
const attr = (attributeName: string, attributeValue: string | null) => ({ attributeName, attributeValue });

const defaults = { brand: '데모브랜드', manufacturer: '데모제조', importer: '데모수입', transactionType: '' };

describe('fillRegistrationDocument (issue 20)', () => {
  const doc: RegistrationDocument = {
    startPage: { productName: CHINESE_TITLE },
    productPage: {
      brand: '',
      manufacturer: '',
      searchTags: '',
      productDescription: '',
      commonAttributes: { exposedAttributes: [attr('색상', '블랙'), attr('사이즈', 'M')] },
      unexposedAttributes: [attr('소재', '면')],
    },
    imagePage: { details: { altText: '' } },
    logisticsPage: { totalSKUsInBox: null },
  };

  it('fills what the seller owns, the SEO name, tags, alt text, description and W §9 defaults', () => {
    const { doc: out, filled } = fillRegistrationDocument(doc, {
      seoName: SEO_NAME,
      keywords: ['티셔츠', '반팔', '夏季'],
      metaDescription: '',
      defaults,
    });
    expect(out.startPage?.productName).toBe(SEO_NAME);
    expect(out.productPage?.brand).toBe('데모브랜드');
    expect(out.productPage?.manufacturer).toBe('데모제조');
    expect(out.productPage?.businessType).toBe('기타 도소매업자');
    expect(out.productPage?.importType).toBe('수입대상아님');
    expect(out.productPage?.taxationSchema).toBe('과세');
    expect(out.productPage?.searchTags).toBe('티셔츠, 반팔'); // Chinese keyword left out
    expect(out.imagePage?.details?.altText).toBe(`${SEO_NAME} 블랙 M`);
    expect(out.productPage?.productDescription).toBe(`${SEO_NAME}. 색상: 블랙, 사이즈: M, 소재: 면`);
    expect(out.logisticsPage?.totalSKUsInBox).toBe(24);
    expect(filled).toContain('startPage.productName');
    expect(findChineseText(out)).toEqual([]);
    // the input is not changed
    expect(doc.startPage?.productName).toBe(CHINESE_TITLE);
  });

  it.each([
    ['seller-edited name stays', 'startPage.productName', '셀러가 지은 이름'],
    ['seller-edited brand stays', 'productPage.brand', '셀러브랜드'],
  ])('%s', (_label, path, value) => {
    const [section, ...rest] = path.split('.');
    const edited = JSON.parse(JSON.stringify(doc)) as Record<string, Record<string, unknown>>;
    edited[section!]![rest.join('.')] = value;
    const { doc: out } = fillRegistrationDocument(edited as RegistrationDocument, {
      seoName: SEO_NAME,
      defaults,
      isSellerOwned: (p) => p === path,
    });
    const read = (out as Record<string, Record<string, unknown>>)[section!]![rest.join('.')];
    expect(read).toBe(value);
  });

  it('replaces a value that is not the seller’s only when empty or Chinese', () => {
    const filledBefore = { ...doc, productPage: { ...doc.productPage, brand: '다른브랜드' } };
    expect(
      fillRegistrationDocument(filledBefore, { seoName: SEO_NAME, defaults }).doc.productPage?.brand,
    ).toBe('다른브랜드');
    const chinese = { ...doc, productPage: { ...doc.productPage, productDescription: '低温熨烫' } };
    expect(
      fillRegistrationDocument(chinese, {
        seoName: SEO_NAME,
        metaDescription: '시원한 여름 티셔츠',
        defaults,
      }).doc.productPage?.productDescription,
    ).toBe('시원한 여름 티셔츠');
  });

  it('never spreads a Chinese SEO name and answers the same document when nothing changes', () => {
    const done = fillRegistrationDocument(doc, { seoName: SEO_NAME, defaults, keywords: ['티셔츠'] }).doc;
    const again = fillRegistrationDocument(done, { seoName: SEO_NAME, defaults, keywords: ['티셔츠'] });
    expect(again.filled).toEqual([]);
    expect(again.doc).toBe(done);
    expect(fillRegistrationDocument(doc, { seoName: CHINESE_TITLE }).doc.startPage?.productName).toBe(
      CHINESE_TITLE,
    );
  });

  it.each([
    ['짧은 문장', 10, '짧은 문장'],
    ['하나 둘 셋 넷 다섯 여섯', 10, '하나 둘 셋 넷'],
    ['띄어쓰기없는아주긴이름입니다', 5, '띄어쓰기없'],
  ])('cutAtWord(%s, %i) → %s', (text, max, expected) => expect(cutAtWord(text, max)).toBe(expected));

  it('alt text and description skip Chinese and placeholder values', () => {
    expect(buildAltText('이름', [attr('색상', '红色'), attr('사이즈', 'L')])).toBe('이름 L');
    expect(buildProductDescription('이름', '', [attr('재질', '상세페이지 참조'), attr('용량', '1L')])).toBe(
      '이름. 용량: 1L',
    );
  });
});

describe('a skeleton of a real schema filled for registration is 100 % complete once images exist', () => {
  it('shoes (68010)', () => {
    const schema = convertCoupangCategoryMeta(shoes);
    const skeleton = buildRegistrationDocument(schema, {
      productName: CHINESE_TITLE,
      option: { optionNumber: 'DEMO-001' },
      prices: { purchasePrice: 12000, coupangSalePrice: 20000, msrp: 26000 },
    });
    const { doc } = fillRegistrationDocument(skeleton, { seoName: SEO_NAME, keywords: ['운동화'], defaults });
    const report = checkCompleteness(doc, schema);
    const left = report.issues.map((i) => i.code);
    // what is left is what the image tasks and the quotation write, never the seller's fields
    expect(left).not.toContain('productNameRequired');
    expect(left).not.toContain('brandRequired');
    expect(left).not.toContain('altTextRequired');
    expect(left).not.toContain('searchTagsRequired');
    expect(left).not.toContain('chineseCharacters');
  });
});

describe('syncDocumentNames (issue 20)', () => {
  it('moves every document name but the seller’s', () => {
    expect(
      syncDocumentNames(' 새 이름 ', 3, (p) => p === 'coupangDoc.jsonDocument.1.startPage.productName'),
    ).toEqual({
      'coupangDoc.productName': '새 이름',
      'coupangDoc.jsonDocument.0.startPage.productName': '새 이름',
      'coupangDoc.jsonDocument.2.startPage.productName': '새 이름',
    });
  });
  it.each([
    ['', 2],
    [CHINESE_TITLE, 2],
    ['이름', 0],
  ])('nothing for %j with %i documents', (name, count) => expect(syncDocumentNames(name, count)).toEqual({}));
});

describe('buildQuotationSummary (W §3, §9)', () => {
  it('holds every W §3 field, with W §9 defaults where the document is silent', () => {
    const summary = buildQuotationSummary({
      productName: SEO_NAME,
      document: {
        productPage: {
          brand: '데모브랜드',
          manufacturer: '데모제조',
          modelNumber: 'DEMO-001',
          commonAttributes: { purchasePrice: 12000, coupangSalePrice: '20000', msrp: 26000 },
        },
        legalPage: { kcMarkType: '해당없음' },
        logisticsPage: {},
      },
      category: { categoryPath: '패션의류잡화>여성패션', categoryId: '79382', displayCategoryCode: 79382 },
      certificates: [{ name: 'KC', value: '해당없음' }],
      generatedAt: '2026-11-25T00:00:00.000Z',
    });
    expect(summary).toEqual({
      productName: SEO_NAME,
      brand: '데모브랜드',
      modelNumber: 'DEMO-001',
      manufacturer: '데모제조',
      businessType: '기타 도소매업자',
      taxationType: '과세',
      importType: '수입대상아님',
      categoryPath: '패션의류잡화>여성패션',
      categoryId: 79382,
      displayCategoryCode: 79382,
      barcode: '바코드 없음(쿠팡 바코드 생성 요청)',
      purchasePrice: 12000,
      salePrice: 20000,
      msrp: 26000,
      kcMarkType: '해당없음',
      certificates: [{ name: 'KC', value: '해당없음' }],
      totalSkusInBox: 24,
      generatedAt: '2026-11-25T00:00:00.000Z',
      validUntil: '2026-12-25T00:00:00.000Z',
    });
  });
});

describe('findChineseText (issue 20)', () => {
  it('names every exported text field holding Chinese', () => {
    const found = findChineseText({
      startPage: { productName: CHINESE_TITLE },
      productPage: {
        brand: '品牌',
        searchTags: ['티셔츠', '夏季'],
        commonAttributes: { exposedAttributes: [attr('색상', '黑色')] },
        unexposedAttributes: [attr('소재', '면')],
      },
      legalPage: { notices: [{ noticeItemName: '세탁방법', noticeItemValue: '低温熨烫' }] },
    });
    expect(found.map((f) => f.path)).toEqual([
      'startPage.productName',
      'productPage.brand',
      'productPage.searchTags',
      'productPage.commonAttributes.exposedAttributes.0.attributeValue',
      'legalPage.notices.0.noticeItemValue',
    ]);
    expect(found[4]?.label.ko).toBe('세탁방법');
  });
});
