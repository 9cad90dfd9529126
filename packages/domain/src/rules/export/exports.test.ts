import { describe, expect, it } from 'vitest';
import { fillDocument } from '../../../test/fill-document.ts';
import shoes from '../../../test/fixtures/coupang_category_meta_68010_shoes.json' with { type: 'json' };
import puzzle from '../../../test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import docsExample from '../../../test/fixtures/coupang_category_meta_78877_docs_example.json' with {
  type: 'json',
};
import fragments from '../../../test/fixtures/coupang_category_meta_fragments.json' with { type: 'json' };
import rgExamples from '../../../test/fixtures/coupang_rocket_growth_item_examples.json' with {
  type: 'json',
};
import accepted from '../../../test/fixtures/coupang_seller_product_create_overseas_64302.request.json' with {
  type: 'json',
};
import draftFlow from '../../../test/fixtures/supplierhub_draft_flow_autosourcing.json' with { type: 'json' };
import { checkCompleteness } from '../completeness/check-completeness.ts';
import { checkDocumentPreflight } from '../preflight/check-document-preflight.ts';
import { convertCoupangCategoryMeta } from '../schema/convert-coupang-category-meta.ts';
import { buildItemName, stripOptionText } from './build-item-name.ts';
import {
  buildSellerProductPayload,
  type CoupangSellerInfo,
  imageUrlProblem,
  payloadSkus,
  requiredDocumentNames,
  toOpenApiNoticeValue,
} from './build-seller-product-payload.ts';
import { buildSkuInfo, SKU_INFO_KEYS } from './build-sku-info.ts';
import { buildSupplierHubDraft } from './build-supplier-hub-draft.ts';
import { checkAttributeValue } from './check-attribute-value.ts';
import { checkPurchaseOptions, listPurchaseOptions } from './purchase-options.ts';

/** A seller set up as the export settings screen sets one up (codes chosen from the account's lists). */
const SELLER: CoupangSellerInfo = {
  vendorId: 'A00012345',
  vendorUserId: 'seller',
  channel: 'rocket_growth',
  returnCenterCode: '1',
  outboundShippingPlaceCode: '2',
  returnChargeName: '반품센터',
  returnZipCode: '06544',
  returnAddress: '서울특별시 서초구 신반포로 270',
  returnAddressDetail: '1층',
  companyContactNumber: '02-000-0000',
  deliveryChargeOnReturn: 3000,
  returnCharge: 4000,
};

/** Every key of `ref` is in `ours` with a value of the same JSON type (null in either side passes). */
function shapeProblems(ours: unknown, ref: unknown, path = '$'): string[] {
  if (ref === null || ours === null) return [];
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v);
  if (kind(ours) !== kind(ref)) return [`${path}: ${kind(ours)} instead of ${kind(ref)}`];
  if (Array.isArray(ref) && Array.isArray(ours))
    return ref.length && ours.length ? shapeProblems(ours[0], ref[0], `${path}[0]`) : [];
  if (typeof ref === 'object') {
    const o = ours as Record<string, unknown>;
    return Object.entries(ref as Record<string, unknown>).flatMap(([k, v]) =>
      k in o ? shapeProblems(o[k], v, `${path}.${k}`) : [`${path}.${k}: missing`],
    );
  }
  return [];
}

const groupMeta = {
  attributes: [
    ...fragments['72882'].attributeExamples,
    {
      ...fragments['72882'].attributeExamples[0],
      attributeTypeName: '최소 용량',
      basicUnit: 'ml',
      usableUnits: ['ml', 'l'],
    },
    {
      attributeTypeName: '수량',
      dataType: 'NUMBER',
      inputType: 'INPUT',
      basicUnit: '개',
      usableUnits: ['개'],
      required: 'MANDATORY',
      groupNumber: 'NONE',
      exposed: 'EXPOSED',
    },
  ],
  noticeCategories: [
    {
      noticeCategoryName: '기타 재화',
      noticeCategoryDetailNames: [{ noticeCategoryDetailName: '품명 및 모델명', required: 'MANDATORY' }],
    },
  ],
  isExpirationDateRequiredForRocketGrowth: true,
};

const SAMPLES = [
  [
    '68010 shoes',
    convertCoupangCategoryMeta(shoes, {
      displayCategoryCode: 68010,
      categoryPath: '패션의류잡화>남성화>운동화',
    }),
  ],
  [
    '77426 3D puzzle',
    convertCoupangCategoryMeta(puzzle, { displayCategoryCode: 77426, categoryPath: '완구/취미>퍼즐>3D퍼즐' }),
  ],
  [
    '78877 older answer (no inputType)',
    convertCoupangCategoryMeta(docsExample, {
      displayCategoryCode: 78877,
      categoryPath: '자동차용품>거치대',
    }),
  ],
  [
    '72882 group pair',
    convertCoupangCategoryMeta(groupMeta, { displayCategoryCode: 72882, categoryPath: '식품>분말' }),
  ],
] as const;

describe('purchase options (Coupang rule)', () => {
  it.each([
    [
      '68010',
      SAMPLES[0][1],
      [
        { kind: 'single', name: '색상' },
        { kind: 'single', name: '신발사이즈' },
      ],
    ],
    [
      '77426',
      SAMPLES[1][1],
      [
        { kind: 'single', name: '퍼즐/블럭 조각 수' },
        { kind: 'single', name: '색상' },
        { kind: 'single', name: '수량' },
      ],
    ],
    ['78877', SAMPLES[2][1], []],
    [
      '72882',
      SAMPLES[3][1],
      [
        { kind: 'group', groupNumber: '1', names: ['최소 중량', '최소 용량'] },
        { kind: 'single', name: '수량' },
      ],
    ],
  ])('%s', (_code, schema, expected) => {
    expect(listPurchaseOptions(schema)).toEqual(expected);
  });

  it.each([
    [{ '최소 중량': '100g', 수량: '1개' }, []],
    [
      { '최소 중량': '100g', '최소 용량': '100ml', 수량: '1개' },
      [{ kind: 'groupSeveralFilled', names: ['최소 중량', '최소 용량'] }],
    ],
    [{ 수량: '1개' }, [{ kind: 'groupNoneFilled', names: ['최소 중량', '최소 용량'] }]],
    [{ '최소 용량': '1l' }, [{ kind: 'missing', names: ['수량'] }]],
  ])('group: exactly one of the pair is filled (%o)', (values, expected) => {
    const attrs = Object.entries(values).map(([attributeName, attributeValue]) => ({
      attributeName,
      attributeValue,
    }));
    expect(checkPurchaseOptions(attrs, SAMPLES[3][1])).toEqual(expected);
  });
});

describe('attribute values against inputValues and units', () => {
  const shoe = SAMPLES[0][1].attributes.find((a) => a.name === '신발사이즈')!;
  const count = SAMPLES[1][1].attributes.find((a) => a.name === '수량')!;
  it.each([
    [shoe, '250', { ok: true, value: '250' }],
    [shoe, '251', { ok: false, reason: 'notAChoice' }],
    [count, '2', { ok: true, value: '2개' }],
    [count, '2세트', { ok: true, value: '2세트' }],
    [count, '2kg', { ok: false, reason: 'unitNotAllowed' }],
    [count, '두 개', { ok: false, reason: 'notANumber' }],
    [count, '', { ok: false, reason: 'empty' }],
  ] as const)('%o %s', (attribute, value, expected) => {
    expect(checkAttributeValue(attribute, value)).toMatchObject(expected);
  });
});

describe('item names and product names', () => {
  it('joins the purchase options in schema order and keeps option text out of the product name', () => {
    const schema = SAMPLES[1][1];
    const exposed = [
      { attributeName: '수량', attributeValue: '1' },
      { attributeName: '색상', attributeValue: '레드' },
      { attributeName: '퍼즐/블럭 조각 수', attributeValue: '500' },
    ];
    expect(buildItemName('입체 퍼즐', exposed, schema)).toBe('입체 퍼즐 500개 레드 1개');
    expect(stripOptionText('입체 퍼즐 레드', ['레드', '블루'])).toBe('입체 퍼즐');
    expect(stripOptionText('레드', ['레드'])).toBe('레드');
    // a split product's name (Q §4 ", {value}"), nested splits too: no comma left behind (issue 42)
    expect(stripOptionText('입체 퍼즐, 대형', ['대형'])).toBe('입체 퍼즐');
    expect(stripOptionText('입체 퍼즐, 대형, 밝은색', ['대형', '밝은색'])).toBe('입체 퍼즐');
  });
});

describe('each reference metadata sample → schema → filled document → exports', () => {
  it.each(SAMPLES)('%s', (_name, schema) => {
    const docs = [fillDocument(schema, 0), fillDocument(schema, 1)];
    for (const doc of docs) {
      expect(checkCompleteness(doc, schema).percent).toBe(100);
      expect(
        checkDocumentPreflight({ doc, index: 0, schema, words: { banned: ['최저가'], brand: [] } }),
      ).toEqual([]);
    }

    const draft = buildSupplierHubDraft({
      productName: '심플 데일리 수납 바구니',
      categoryPath: schema.categoryPath,
      categoryId: schema.displayCategoryCode!,
      displayCategoryCode: schema.displayCategoryCode!,
      documents: docs,
    });
    const ref = draftFlow['05_update_final_logistics'].request;
    const { productNoticeNumber: _n, remark: _r, ...envelope } = ref;
    expect(shapeProblems(draft, envelope)).toEqual([]);
    expect((draft.jsonDocument as unknown[]).length).toBe(2);
    expect(Object.keys((draft.jsonDocument as Record<string, unknown>[])[0]!)).toEqual(
      Object.keys(ref.jsonDocument[0]!),
    );

    const input = {
      productName: '심플 데일리 수납 바구니',
      brand: '브랜드 없음',
      manufacturer: '협력사',
      displayCategoryCode: schema.displayCategoryCode!,
      categoryPath: schema.categoryPath,
      options: docs.map((document, i) => ({ optionNumber: `T-000001${i + 1}`, document })),
      schema,
      seller: SELLER,
      saleStartedAt: '2026-01-01T00:00:00',
      year: 2026,
      rocketGrowthCategories: new Set([schema.displayCategoryCode!]),
      accountCodes: { outbound: ['2'], returnCenters: ['1'] },
    };
    // Marketplace only: the flat layout of the request Coupang accepted.
    const flat = buildSellerProductPayload({ ...input, seller: { ...SELLER, channel: 'marketplace' } });
    expect(flat.issues).toEqual([]);
    const { items: refItems, requiredDocuments: _d, ...refTop } = accepted;
    const { items: flatItems, ...flatTop } = flat.payload as { items: Record<string, unknown>[] };
    expect(shapeProblems(flatTop, refTop)).toEqual([]);
    expect(shapeProblems(flatItems[0], refItems[0])).toEqual([]);
    expect(flatItems[0]).not.toHaveProperty('rocketGrowthItemData');
    expect(flat.payload).not.toHaveProperty('rocketGrowthAdditionalInformation');
    expect(flat.payload).toMatchObject({
      returnCenterCode: '1',
      returnZipCode: '06544',
      returnAddress: '서울특별시 서초구 신반포로 270',
      deliveryChargeOnReturn: 3000,
      returnCharge: 4000,
    });

    // Rocket Growth only: the new schema, price and SKU inside rocketGrowthItemData, no shipping block.
    const { payload, issues } = buildSellerProductPayload(input);
    expect(issues).toEqual([]);
    const { items, ...top } = payload as { items: Record<string, unknown>[] } & Record<string, unknown>;
    expect(top.marketplaceShippingAndReturnInfo).toBeNull();
    for (const key of ['deliveryMethod', 'returnCenterCode', 'outboundShippingPlaceCode', 'returnCharge'])
      expect(top).not.toHaveProperty(key);
    expect(items[0]).not.toHaveProperty('originalPrice');
    expect(items[0]).not.toHaveProperty('externalVendorSku');
    expect(items[0]!.marketplaceItemData).toBeNull();
    const rg = rgExamples.productQueryResponse_officialExample.data.items[0]!.rocketGrowthItemData;
    const { sellerProductItemId: _a, vendorItemId: _b, itemId: _c, ...rgWritable } = rg;
    expect(shapeProblems(items[0]!.rocketGrowthItemData, rgWritable)).toEqual([]);
    const sku = (items[0]!.rocketGrowthItemData as { skuInfo: Record<string, unknown> }).skuInfo;
    expect(Object.keys(sku).sort()).toEqual(
      [...rgExamples.skuInfo_observedOnLiveProduct.allSkuInfoKeys_22].sort(),
    );
    expect(sku).toMatchObject({ length: 150, width: 300, height: 400, weight: 500, quantityPerBox: 1 });
    expect(payload.rocketGrowthAdditionalInformation).toEqual({
      rfmInboundName: '심플 데일리 수납 바구니',
      legalAgreement: 'AGREE',
    });
    expect(payloadSkus(payload)).toEqual(['T-0000011', 'T-0000012']);

    // Hybrid: both item data, and the shipping and return block with the return centre's address.
    const hybrid = buildSellerProductPayload({ ...input, seller: { ...SELLER, channel: 'hybrid' } });
    expect(hybrid.issues).toEqual([]);
    const hybridItems = hybrid.payload.items as Record<string, Record<string, unknown>>[];
    expect(hybridItems[0]!.marketplaceItemData).toMatchObject({ externalVendorSku: 'T-0000011' });
    expect(hybridItems[0]!.rocketGrowthItemData).toMatchObject({ externalVendorSku: 'T-0000011' });
    const block = hybrid.payload.marketplaceShippingAndReturnInfo as Record<string, unknown>;
    expect(
      shapeProblems(block, Object.fromEntries(Object.entries(refTop).filter(([k]) => k in block))),
    ).toEqual([]);
    expect(Object.keys(block).length).toBe(16);
    expect(
      items.every((i) => (i.notices as { content: string }[]).every((n) => n.content !== '상세페이지 참조')),
    ).toBe(true);
    expect(items[0]!.itemName).not.toBe(items[1]!.itemName);
  });
});

describe('Rocket Growth lessons', () => {
  const schema = SAMPLES[1][1];
  const base = {
    productName: '퍼즐',
    brand: 'b',
    manufacturer: 'm',
    displayCategoryCode: 77426,
    categoryPath: 'a>b',
    schema,
    seller: SELLER,
    saleStartedAt: '2026-01-01T00:00:00',
    year: 2026,
    rocketGrowthCategories: new Set([77426]),
  };
  it.each([
    [
      'relative image URL',
      (d: ReturnType<typeof fillDocument>) => {
        d.imagePage!.images!.mainImage = '/files/c/1.jpg';
      },
      'imageNotPublic',
    ],
    [
      'original price not in 10 won',
      (d: ReturnType<typeof fillDocument>) => {
        d.productPage!.commonAttributes!.msrp = 12345;
      },
      'originalPriceMultiple',
    ],
    [
      'no box size',
      (d: ReturnType<typeof fillDocument>) => {
        d.logisticsPage!.skuUnitBoxDimension = '';
      },
      'skuInfoIncomplete',
    ],
    [
      'unit not usable',
      (d: ReturnType<typeof fillDocument>) => {
        d.productPage!.commonAttributes!.exposedAttributes![2]!.attributeValue = '3kg';
      },
      'attributeUnitNotAllowed',
    ],
  ])('%s is an error', (_n, change, rule) => {
    const doc = fillDocument(schema);
    change(doc);
    const { payload, issues } = buildSellerProductPayload({
      ...base,
      options: [{ optionNumber: '1', document: doc }],
    });
    expect(issues.map((i) => [i.rule, i.severity])).toContainEqual([rule, 'error']);
    if (rule === 'skuInfoIncomplete')
      expect(
        (payload.items as { rocketGrowthItemData: object }[])[0]!.rocketGrowthItemData,
      ).not.toHaveProperty('skuInfo');
  });

  it.each([
    ['상세페이지 참조', '상품 상세페이지 참조'],
    ['상세페이지참조', '상품 상세페이지 참조'],
    ['컨텐츠 참조', '상품 상세페이지 참조'],
    ['', '상품 상세페이지 참조'],
    ['중국', '중국'],
  ])('notice %j → %j', (value, expected) => expect(toOpenApiNoticeValue(value)).toBe(expected));

  it('skuInfo is all or nothing', () => {
    expect(
      buildSkuInfo({
        logistics: { skuUnitBoxDimension: '1*2', skuUnitBoxWeight: '5' },
        inboundName: 'x',
        barcode: null,
        year: 2026,
      }),
    ).toEqual({ ok: false, missing: ['skuUnitBoxDimension'] });
    const ok = buildSkuInfo({
      logistics: { skuUnitBoxDimension: '10*20*30', skuUnitBoxWeight: 70 },
      inboundName: 'x',
      barcode: null,
      year: 2026,
    });
    expect(ok.ok && Object.keys(ok.skuInfo)).toEqual([...SKU_INFO_KEYS]);
  });
});

// Issue 37: each rule Coupang's documentation states for a create, stopped here before anything is sent.
describe('what Coupang refuses, found before sending', () => {
  const schema = SAMPLES[1][1];
  type Input = Parameters<typeof buildSellerProductPayload>[0];
  const valid = (): Input => ({
    productName: '입체 퍼즐',
    brand: 'b',
    manufacturer: 'm',
    displayCategoryCode: 77426,
    categoryPath: 'a>b',
    schema,
    seller: { ...SELLER, channel: 'hybrid' },
    saleStartedAt: '2026-01-01T00:00:00',
    year: 2026,
    rocketGrowthCategories: new Set([77426]),
    accountCodes: { outbound: ['2'], returnCenters: ['1'] },
    options: [{ optionNumber: 'R-001', document: fillDocument(schema) }],
  });
  const rulesOf = (input: Input) =>
    buildSellerProductPayload(input)
      .issues.filter((i) => i.severity === 'error')
      .map((i) => i.rule);

  it('a valid hybrid product has no error', () => expect(rulesOf(valid())).toEqual([]));

  it.each<[string, (i: Input) => Input, string]>([
    [
      'empty outbound place',
      (i) => ({ ...i, seller: { ...i.seller, outboundShippingPlaceCode: '' } }),
      'sellerFieldMissing',
    ],
    [
      'empty return centre',
      (i) => ({ ...i, seller: { ...i.seller, returnCenterCode: '' } }),
      'sellerFieldMissing',
    ],
    [
      'missing return address',
      (i) => ({ ...i, seller: { ...i.seller, returnAddress: '' } }),
      'sellerFieldMissing',
    ],
    [
      'missing return zip code',
      (i) => ({ ...i, seller: { ...i.seller, returnZipCode: '' } }),
      'sellerFieldMissing',
    ],
    ['missing WING id', (i) => ({ ...i, seller: { ...i.seller, vendorUserId: '' } }), 'sellerFieldMissing'],
    [
      'unknown outbound code',
      (i) => ({ ...i, seller: { ...i.seller, outboundShippingPlaceCode: '999' } }),
      'sellerCodeUnknown',
    ],
    [
      'unknown return centre',
      (i) => ({ ...i, seller: { ...i.seller, returnCenterCode: '999' } }),
      'sellerCodeUnknown',
    ],
    [
      'free shipping without return fee',
      (i) => ({ ...i, seller: { ...i.seller, returnCharge: 0 } }),
      'returnFee',
    ],
    ['return fee above 150 %', (i) => ({ ...i, seller: { ...i.seller, returnCharge: 5000 } }), 'returnFee'],
    ['return fee below 100 %', (i) => ({ ...i, seller: { ...i.seller, returnCharge: 2000 } }), 'returnFee'],
    [
      'not a Rocket Growth category',
      (i) => ({ ...i, rocketGrowthCategories: new Set([1]) }),
      'rocketGrowthCategory',
    ],
    ['product name over 100', (i) => ({ ...i, productName: '가'.repeat(101) }), 'nameTooLong'],
  ])('%s', (_name, change, rule) => expect(rulesOf(change(valid()))).toContain(rule));

  const withDoc = (change: (d: ReturnType<typeof fillDocument>) => void): Input => {
    const input = valid();
    const doc = fillDocument(schema);
    change(doc);
    return { ...input, options: [{ optionNumber: 'R-001', document: doc }] };
  };
  it.each<[string, (d: ReturnType<typeof fillDocument>) => void, string]>([
    [
      'image not http(s)',
      (d) => {
        d.imagePage!.images!.mainImage = 'ftp://x.test/a.jpg';
      },
      'imageNotPublic',
    ],
    [
      'image address over 150',
      (d) => {
        d.imagePage!.images!.mainImage = `https://x.test/${'a'.repeat(150)}.jpg`;
      },
      'imageUrlTooLong',
    ],
    [
      'image on port 8080',
      (d) => {
        d.imagePage!.images!.mainImage = 'https://x.test:8080/a.jpg';
      },
      'imagePort',
    ],
    [
      'ten additional images',
      (d) => {
        d.imagePage!.images!.additionalImage = Array.from(
          { length: 10 },
          (_, k) => `https://x.test/${k}.jpg`,
        ).join(',');
      },
      'additionalImageCount',
    ],
    [
      'sale price not in 10 won',
      (d) => {
        d.productPage!.commonAttributes!.coupangSalePrice = 12345;
      },
      'salePriceMultiple',
    ],
    [
      'original price not in 10 won',
      (d) => {
        d.productPage!.commonAttributes!.msrp = 12345;
      },
      'originalPriceMultiple',
    ],
    [
      'a mandatory attribute missing',
      (d) => {
        d.productPage!.commonAttributes!.exposedAttributes = [];
      },
      'attributeMandatory',
    ],
    [
      'a purchase option outside the meta',
      (d) => {
        d.productPage!.commonAttributes!.exposedAttributes![2]!.attributeValue = '3kg';
      },
      'attributeUnitNotAllowed',
    ],
    [
      'a certification the meta does not list',
      (d) => {
        d.legalPage!.certificates = [{ certificateName: '없는인증', certificateValue: 'X-1' }];
      },
      'certificationType',
    ],
  ])('%s', (_name, change, rule) => expect(rulesOf(withDoc(change))).toContain(rule));

  it('NOT_REQUIRED only where the meta lists it', () => {
    const strict = {
      ...schema,
      certifications: schema.certifications.filter((c) => c.type !== 'NOT_REQUIRED'),
    };
    const input = { ...valid(), schema: strict };
    expect(rulesOf(input)).toContain('certificationType');
  });

  it('a MANDATORY required document must be uploaded, and is sent once it is', () => {
    const withDocs = {
      ...schema,
      requiredDocuments: [
        { templateName: '수입식품등 신고확인증', required: 'MANDATORY' },
        { templateName: '수입신고필증(병행수입 선택시)', required: 'MANDATORY_PARALLEL_IMPORTED' },
        { templateName: '기타인증서류', required: 'OPTIONAL' },
      ],
    };
    expect(requiredDocumentNames(withDocs, {})).toEqual(['수입식품등 신고확인증']);
    expect(requiredDocumentNames(withDocs, { parallelImported: true })).toHaveLength(2);
    const input = { ...valid(), schema: withDocs };
    const missing = buildSellerProductPayload(input).issues.find((i) => i.rule === 'requiredDocument');
    expect(missing?.message.ko).toContain('수입식품등 신고확인증');
    const uploaded = buildSellerProductPayload({
      ...input,
      requiredDocuments: [
        { templateName: '수입식품등 신고확인증', vendorDocumentPath: 'https://cdn.test/doc.jpg' },
      ],
    });
    expect(uploaded.issues.filter((i) => i.rule === 'requiredDocument')).toEqual([]);
    expect(uploaded.payload.requiredDocuments).toEqual([
      { templateName: '수입식품등 신고확인증', vendorDocumentPath: 'https://cdn.test/doc.jpg' },
    ]);
  });

  it('Rocket Growth only needs no shipping codes; marketplace needs no skuInfo', () => {
    const rgOnly = valid();
    const noCodes = {
      ...SELLER,
      channel: 'rocket_growth' as const,
      outboundShippingPlaceCode: '',
      returnCenterCode: '',
      returnAddress: '',
    };
    expect(rulesOf({ ...rgOnly, seller: noCodes })).toEqual([]);
    const flat = withDoc((d) => {
      d.logisticsPage!.skuUnitBoxDimension = '';
    });
    expect(rulesOf({ ...flat, seller: { ...SELLER, channel: 'marketplace' } })).not.toContain(
      'skuInfoIncomplete',
    );
    expect(rulesOf(flat)).toContain('skuInfoIncomplete');
  });

  it.each([
    ['https://cdn.test/a.jpg', null],
    ['http://cdn.test:80/a.jpg', null],
    ['https://cdn.test:443/a.jpg', null],
    ['https://cdn.test:3000/a.jpg', 'imagePort'],
    ['/files/a.jpg', 'imageNotPublic'],
    ['data:image/png;base64,AAA', 'imageNotPublic'],
  ])('image address %s → %s', (url, problem) => expect(imageUrlProblem(url)).toBe(problem));
});
