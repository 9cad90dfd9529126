import { describe, expect, it } from 'vitest';
import { fillDocument } from '../../../test/fill-document.ts';
import puzzle from '../../../test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import { buildSheetRow, readSheetChanges } from '../export/export-sheet.ts';
import { convertCoupangCategoryMeta } from '../schema/convert-coupang-category-meta.ts';
import { checkDetailImages } from './check-detail-images.ts';
import { checkDocumentPreflight } from './check-document-preflight.ts';
import { checkMainImage, type MainImageFacts } from './check-main-image.ts';
import { findDuplicateBarcodes } from './find-duplicate-barcodes.ts';
import {
  DEFAULT_BANNED_WORDS,
  DEFAULT_BRAND_WORDS,
  findListedWords,
  removeWord,
} from './find-listed-words.ts';
import { isSameProduct } from './is-same-product.ts';

const schema = convertCoupangCategoryMeta(puzzle, { displayCategoryCode: 77426, categoryPath: '완구>퍼즐' });
const words = { banned: DEFAULT_BANNED_WORDS, brand: DEFAULT_BRAND_WORDS };
const good: MainImageFacts = {
  url: 'u',
  width: 1000,
  height: 1000,
  bytes: 200_000,
  whiteBorderRatio: 0.98,
  texts: [],
  markedCorners: [],
};

describe('representative image', () => {
  it.each([
    ['a good image', {}, []],
    ['not square', { width: 1000, height: 800 }, ['mainImageSquare']],
    ['too small', { width: 400, height: 400 }, ['mainImageSize']],
    ['too large', { width: 6000, height: 6000 }, ['mainImageSize']],
    ['over 3 MB', { bytes: 3 * 1024 * 1024 + 1 }, ['mainImageBytes']],
    ['grey background', { whiteBorderRatio: 0.4 }, ['mainImageBackground']],
    ['text left', { texts: [{ text: '包邮 特价', confidence: 0.93 }] }, ['mainImageText']],
    [
      'OCR noise only',
      {
        texts: [
          { text: '|', confidence: 0.9 },
          { text: '特价', confidence: 0.3 },
        ],
      },
      [],
    ],
    ['watermark corner', { markedCorners: ['bottomRight'] as const }, ['mainImageWatermark']],
  ] as const)('%s', (_n, change, rules) => {
    const found = checkMainImage({ ...good, ...change }, 'f', 0);
    expect(found.map((f) => f.rule)).toEqual(rules);
  });

  it('says in Korean which text is left, and offers no fix for it', () => {
    const [f] = checkMainImage(
      { ...good, texts: [{ text: '包邮', confidence: 0.9 }] },
      'coupangDoc.jsonDocument.0.imagePage.images.mainImage',
      0,
    );
    expect(f).toMatchObject({
      severity: 'error',
      field: 'coupangDoc.jsonDocument.0.imagePage.images.mainImage',
    });
    expect(f?.message.ko).toBe(
      '대표이미지에 글자가 남아 있습니다: "包邮". 글자가 없는 이미지를 사용해주세요.',
    );
    expect(f?.fix).toBeUndefined();
    expect(checkMainImage({ ...good, width: 1200 }, 'f', 0)[0]?.fix).toMatchObject({
      action: 'squareMainImage',
    });
  });
});

describe('detail images', () => {
  it.each([
    [[{ url: 'a', width: 800, height: 3000, bytes: 1000 }], false, []],
    [[], false, ['detailImageMissing']],
    [[], true, []],
    [[{ url: 'a', width: 200, height: 3000, bytes: 1000 }], false, ['detailImageWidth']],
    [[{ url: 'a', width: 800, height: 40000, bytes: 1000 }], false, ['detailImageHeight']],
    [[{ url: 'a', width: 800, height: 300, bytes: 11 * 1024 * 1024 }], false, ['detailImageBytes']],
    [[{ url: 'a', width: null, height: null, bytes: null }], false, ['detailImageUnreadable']],
  ] as const)('%o (html %s)', (images, html, rules) => {
    expect(checkDetailImages(images, html, 'f', 0).map((f) => f.rule)).toEqual(rules);
  });
});

describe('banned and brand words', () => {
  it.each([
    [
      '초특가 무료배송 수납함',
      [
        { word: '무료배송', kind: 'banned' },
        { word: '특가', kind: 'banned' },
      ],
    ],
    ['NIKE 스타일 운동화', [{ word: 'nike', kind: 'brand' }]],
    ['심플 수납함', []],
  ])('%s', (text, expected) => {
    expect(findListedWords(text, words)).toEqual(expected);
  });
  it('does not flag the product’s own brand', () => {
    expect(findListedWords('레고 블록', words, '레고')).toEqual([]);
  });
  it.each([
    ['초특가 무료배송 수납함', '무료배송', '초특가 수납함'],
    ['수납, 최저가, 정리', '최저가', '수납, 정리'],
  ])('removeWord(%s, %s)', (text, word, expected) => expect(removeWord(text, word)).toBe(expected));
});

describe('barcodes and existing products', () => {
  it('finds duplicates and ignores the request placeholder', () => {
    const dup = findDuplicateBarcodes([
      { where: 'A/1', barcode: '8801234567890' },
      { where: 'A/2', barcode: '바코드 없음(쿠팡 바코드 생성 요청)' },
      { where: 'B/1', barcode: ' 8801234567890 ' },
      { where: 'B/2', barcode: '바코드 없음(쿠팡 바코드 생성 요청)' },
    ]);
    expect([...dup.entries()]).toEqual([
      [0, ['B/1']],
      [2, ['A/1']],
    ]);
  });
  it.each([
    [{ offerId: '1', name: '수납함', optionNames: ['빨강', '파랑'] }, true],
    [{ offerId: '1', name: '수납함 ', optionNames: ['파랑', '빨강'] }, true],
    [{ offerId: '2', name: '수납함', optionNames: ['빨강', '파랑'] }, false],
    [{ offerId: '1', name: '수납함', optionNames: ['빨강'] }, false],
    [{ offerId: null, name: '수납함', optionNames: ['빨강', '파랑'] }, false],
  ])('%o same: %s', (other, same) => {
    expect(
      isSameProduct(
        { offerId: other.offerId === null ? null : '1', name: '수납함', optionNames: ['빨강', '파랑'] },
        other,
      ),
    ).toBe(same);
  });
});

describe('document pre-flight', () => {
  it('a finished document has no findings', () => {
    expect(checkDocumentPreflight({ doc: fillDocument(schema), index: 0, schema, words })).toEqual([]);
  });

  it('names field, rule and a one-click fix', () => {
    const doc = fillDocument(schema);
    doc.startPage!.productName = '무료배송 입체 퍼즐';
    doc.productPage!.commonAttributes!.coupangSalePrice = 8905;
    doc.legalPage!.notices![1]!.noticeItemValue = '';
    doc.productPage!.commonAttributes!.exposedAttributes![1]!.attributeValue = '';
    const found = checkDocumentPreflight({ doc, index: 2, schema, words });
    const byRule = Object.fromEntries(found.map((f) => [f.rule, f]));
    expect(byRule.bannedWord).toMatchObject({
      field: 'coupangDoc.jsonDocument.2.startPage.productName',
      fix: { updateFields: { 'coupangDoc.jsonDocument.2.startPage.productName': '입체 퍼즐' } },
    });
    expect(byRule.priceMultiple?.message.ko).toBe('판매가는 10원 단위여야 합니다 (현재 8905원).');
    expect(byRule.priceMultiple?.fix).toMatchObject({
      updateFields: { 'coupangDoc.jsonDocument.2.productPage.commonAttributes.coupangSalePrice': 8910 },
    });
    const notices = (
      byRule.noticeRequired!.fix as { updateFields: Record<string, { noticeItemValue: string }[]> }
    ).updateFields['coupangDoc.jsonDocument.2.legalPage.notices']!;
    expect(notices.every((n) => n.noticeItemValue !== '')).toBe(true);
    expect(byRule.purchaseOption?.message.ko).toBe('구매옵션(필수 노출속성)이 비어 있습니다: 색상');
    expect(byRule.purchaseOption?.fix).toBeUndefined();
  });

  it('runs Q §5’s per-option schema check: attributes out of the schema’s order stop the export (issue 42)', () => {
    const doc = fillDocument(schema);
    const list = doc.productPage!.commonAttributes!.exposedAttributes!;
    expect(list.length).toBeGreaterThanOrEqual(2);
    doc.productPage!.commonAttributes!.exposedAttributes = [...list].reverse();
    const found = checkDocumentPreflight({ doc, index: 1, schema, words }).filter(
      (f) => f.rule === 'schemaOrder',
    );
    expect(found).toEqual([
      {
        field: 'coupangDoc.jsonDocument.1.productPage.commonAttributes.exposedAttributes',
        optionIndex: 1,
        rule: 'schemaOrder',
        severity: 'error',
        message: { ko: '속성 순서 오류: exposedAttributes', en: 'order error: exposedAttributes' },
      },
    ]);
  });

  it('asks for mandatory certifications', () => {
    const s = {
      ...schema,
      certifications: [
        { type: 'KC_KID_CERTIFICATION', name: '어린이제품 인증', dataType: 'CODE', required: 'MANDATORY' },
      ],
    };
    const doc = fillDocument(schema);
    expect(checkDocumentPreflight({ doc, index: 0, schema: s, words }).map((f) => f.rule)).toEqual([
      'certificationRequired',
    ]);
  });
});

describe('review sheet round trip', () => {
  const doc = fillDocument(schema);
  const row = buildSheetRow({
    productId: 'p',
    registrationId: 'R-1',
    optionNumber: 'R-1001',
    optionName: '레드',
    categoryPath: '완구>퍼즐',
    doc,
    schema,
    preflight: [],
  });
  it('shows the fields a seller reviews', () => {
    expect(row).toMatchObject({
      salePrice: '8900',
      boxDimension: '150*300*400',
      barcodeState: '생성 요청',
      completeness: 100,
    });
    expect(row.exposed).toBe('퍼즐/블럭 조각 수=1개\n색상=블랙\n수량=1개');
  });
  it.each([
    [
      { salePrice: 9900 },
      { 'coupangDoc.jsonDocument.0.productPage.commonAttributes.coupangSalePrice': 9900 },
      [],
    ],
    [{ salePrice: '9,9' }, {}, ['salePrice']],
    [
      { boxDimension: '200 x 100 x 50' },
      { 'coupangDoc.jsonDocument.0.logisticsPage.skuUnitBoxDimension': '200*100*50' },
      [],
    ],
    [{ boxDimension: '1*1*1' }, {}, ['boxDimension']],
    [{ optionName: '블루' }, { 'options.0.korName': '블루' }, []],
    [{ productName: '拼图' }, {}, ['productName']],
    [{ unexposed: '입체퍼즐 종류=없는값' }, {}, ['unexposed']],
    [{ completeness: 0, registrationId: 'X' }, {}, []],
  ] as const)('%o', (edited, updates, refused) => {
    const r = readSheetChanges({ current: row, edited, index: 0, doc, schema });
    expect(r.updates).toEqual(updates);
    expect(r.refused.map((x) => x.column)).toEqual(refused);
  });
});
