import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCoupang, startFakeCoupang } from '../../../src/coupang/fake/fake-coupang-server.ts';
import {
  FLAT_ITEM_REQUIRED,
  type RuleId,
  SHIPPING_AND_RETURN_KEYS,
  type ValidationContext,
  validateCreatePayload,
} from '../../../src/coupang/fake/validate-create-payload.ts';
import {
  call,
  fakeContext,
  flatPayload,
  hybridPayload,
  rocketGrowthPayload,
  SELLER_PRODUCTS,
  skuInfo,
} from './payloads.ts';

// One test per documented creation rule: a valid payload per layout, one mutation per test; each is
// refused by validateCreatePayload (the rule and its message) and by the fake over HTTP (400 and
// Coupang's error shape).

type Json = Record<string, unknown>;
const item = (p: Json, n = 0) => (p.items as Json[])[n]!;
const rg = (p: Json) => item(p).rocketGrowthItemData as Json;

/** A category whose meta makes a document MANDATORY and does not list NOT_REQUIRED. */
const STRICT_CODE = 99001;
const STRICT_META = {
  code: 'SUCCESS',
  message: '',
  data: {
    attributes: [],
    noticeCategories: [
      {
        noticeCategoryName: '기타 재화',
        noticeCategoryDetailNames: [
          '품명 및 모델명',
          '인증/허가 사항',
          '제조국(원산지)',
          '제조자(수입자)',
          '소비자상담 관련 전화번호',
        ].map((d) => ({ noticeCategoryDetailName: d, required: 'MANDATORY' })),
      },
    ],
    certifications: [
      {
        certificationType: 'KC_KID_CERTIFICATION',
        name: '어린이제품 안전인증',
        dataType: 'CODE',
        required: 'MANDATORY',
      },
    ],
    requiredDocumentNames: [{ templateName: '기타인증서류', required: 'MANDATORY' }],
  },
};
const strict = (p: Json) => {
  p.displayCategoryCode = STRICT_CODE;
  for (const i of p.items as Json[]) {
    i.attributes = [];
    i.certifications = [{ certificationType: 'KC_KID_CERTIFICATION', certificationCode: 'CB000A000-0000' }];
  }
  p.requiredDocuments = [
    { templateName: '기타인증서류', vendorDocumentPath: 'https://docs.example.com/cert.pdf' },
  ];
  return p;
};

/** 79382 여성 반소매: 사이즈 is a MANDATORY SELECT, notices 의류 (9). */
const clothing = (p: Json) => {
  p.displayCategoryCode = 79382;
  const i = item(p);
  i.attributes = [
    { attributeTypeName: '색상', attributeValueName: '흰색' },
    { attributeTypeName: '사이즈', attributeValueName: 'M' },
  ];
  i.notices = [
    '제품 소재',
    '색상',
    '치수',
    '제조자(수입자)',
    '제조국',
    '세탁방법 및 취급시 주의사항',
    '제조연월',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ].map((d) => ({ noticeCategoryName: '의류', noticeCategoryDetailName: d, content: '상세페이지 참조' }));
  return p;
};

let fake: FakeCoupang;
beforeAll(async () => {
  fake = await startFakeCoupang({
    rateLimitPerSecond: Number.POSITIVE_INFINITY,
    categoryMetas: { [STRICT_CODE]: STRICT_META },
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.setBehaviour({ rocketGrowthConsent: true, faults: [] });
});

const ctx = (over: Partial<ValidationContext> = {}) => fakeContext(over, { [STRICT_CODE]: STRICT_META });

async function expectRefused(
  payload: Json,
  rule: RuleId,
  message: string,
  over: Partial<ValidationContext> = {},
) {
  const refusals = validateCreatePayload(payload, ctx(over));
  expect(refusals.map((r) => r.rule)).toContain(rule);
  expect(refusals.find((r) => r.rule === rule)!.message).toContain(message);
  if (over.rocketGrowthConsent === false) fake.setBehaviour({ rocketGrowthConsent: false });
  const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, payload);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code: 'ERROR', data: null, details: null, errorItems: null });
  expect(answer.body.message).toMatch(/^\[.*\]$/s);
  expect(answer.body.message).toContain(message);
}

describe('valid creates', () => {
  it.each([
    ['flat marketplace', flatPayload],
    ['Rocket Growth only', rocketGrowthPayload],
    ['hybrid', hybridPayload],
    [
      'Rocket Growth without skuInfo (entered later)',
      () => {
        const p = rocketGrowthPayload();
        delete rg(p).skuInfo;
        return p;
      },
    ],
    [
      'a category the fake has no meta for (generic meta)',
      () => {
        const p = flatPayload();
        p.displayCategoryCode = 80987;
        item(p).attributes = [];
        return p;
      },
    ],
    ['a category with a MANDATORY document, sent', () => strict(flatPayload())],
    [
      "a demo image on the app's own port (localhost)",
      () => {
        const p = flatPayload();
        (item(p).images as Json[])[0]!.vendorPath = 'http://127.0.0.1:4781/api/images/abc.jpg';
        return p;
      },
    ],
  ])('%s is accepted', async (_name, build) => {
    const payload = build();
    expect(validateCreatePayload(payload, ctx())).toEqual([]);
    const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, payload);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 'SUCCESS' });
    expect(typeof answer.body.data).toBe('number');
  });
});

describe('product level', () => {
  it("vendorId must be the key's vendor", async () => {
    const p = flatPayload();
    p.vendorId = 'A99999999';
    await expectRefused(p, 'vendor', '업체코드가 잘못 되었습니다');
  });
  it.each([[''], ['가'.repeat(101)]])('sellerProductName of %#: 1 to 100 characters', async (name) => {
    const p = flatPayload();
    p.sellerProductName = name;
    await expectRefused(p, 'product_name', '등록상품명(sellerProductName)은 1자 이상 100자 이하');
  });
  it('displayCategoryCode must be a known category', async () => {
    const p = flatPayload();
    p.displayCategoryCode = 999999;
    await expectRefused(p, 'category', '노출카테고리코드(999999)를 찾을 수 없습니다');
  });
  it.each([...SHIPPING_AND_RETURN_KEYS, 'vendorUserId'])(
    'flat layout: %s is required and non-empty',
    async (key) => {
      const p = flatPayload();
      p[key] = key === 'vendorUserId' ? '' : null;
      await expectRefused(p, 'required_field', `'${key}' 값을 입력해주세요`);
    },
  );
  it('new schema: the same block is required inside marketplaceShippingAndReturnInfo', async () => {
    const p = hybridPayload();
    delete (p.marketplaceShippingAndReturnInfo as Json).returnCharge;
    await expectRefused(p, 'required_field', "'returnCharge' 값을 입력해주세요");
  });
  it("outboundShippingPlaceCode must be one of the vendor's outbound places", async () => {
    const p = flatPayload();
    p.outboundShippingPlaceCode = 74010;
    await expectRefused(p, 'outbound_code', '올바른 출고지 코드를 입력 하세요');
  });
  it("returnCenterCode must be one of the vendor's return centres", async () => {
    const p = flatPayload();
    p.returnCenterCode = '1000274592';
    await expectRefused(p, 'return_center_code', '올바른 반품지 센터코드를 입력 하세요');
  });
  it("returnZipCode/returnAddress must be the return centre's", async () => {
    const p = flatPayload();
    p.returnZipCode = '135-090';
    await expectRefused(
      p,
      'return_address',
      '반품지 우편번호·주소가 반품지 센터코드(1000552101)에 등록된 정보와 다릅니다',
    );
  });
  it('FREE shipping: 초도반품배송비 and 반품배송비 both above 0', async () => {
    const p = flatPayload();
    p.deliveryChargeOnReturn = 0;
    await expectRefused(
      p,
      'free_shipping_charges',
      '초도반품배송비(deliveryChargeOnReturn)와 반품배송비(returnCharge)',
    );
  });
  it.each([[4990], [7510]])(
    'FREE shipping: returnCharge %i outside 100–150 %% of 5000 is refused',
    async (charge) => {
      const p = flatPayload();
      p.returnCharge = charge;
      await expectRefused(
        p,
        'return_charge_ratio',
        '반품배송비는 초도반품비의 100%~150%까지만 입력가능합니다',
      );
    },
  );
  it('requiredDocuments: a MANDATORY template must be sent', async () => {
    const p = strict(flatPayload());
    p.requiredDocuments = [];
    await expectRefused(p, 'required_document', '필수 구비서류를 모두 등록 해 주세요 (기타인증서류)');
  });
  it('requiredDocuments: MANDATORY_PARALLEL_IMPORTED applies to a parallel-imported item only', async () => {
    const p = flatPayload();
    item(p).parallelImported = 'PARALLEL_IMPORTED';
    await expectRefused(p, 'required_document', '수입신고필증(병행수입 선택시)');
    p.requiredDocuments = [
      { templateName: '수입신고필증(병행수입 선택시)', vendorDocumentPath: 'https://docs.example.com/a.pdf' },
    ];
    expect(validateCreatePayload(p, ctx())).toEqual([]);
  });
});

describe('Rocket Growth / hybrid layout', () => {
  it('flat delivery keys at the top level of a new-schema payload are refused (no mixing)', async () => {
    const p = hybridPayload();
    p.deliveryMethod = 'SEQUENCIAL';
    p.returnCenterCode = '1000552101';
    await expectRefused(p, 'layout_mixed', '최상위 입력: deliveryMethod, returnCenterCode');
  });
  it('marketplaceShippingAndReturnInfo is required when an item sells on the marketplace', async () => {
    const p = hybridPayload();
    p.marketplaceShippingAndReturnInfo = null;
    await expectRefused(p, 'shipping_info', "'marketplaceShippingAndReturnInfo' 값을 입력해주세요");
  });
  it('rocketGrowthItemData needs externalVendorSku', async () => {
    const p = rocketGrowthPayload();
    delete rg(p).externalVendorSku;
    await expectRefused(
      p,
      'rg_item_data',
      "'1번옵션의 rocketGrowthItemData.externalVendorSku' 값을 입력해주세요",
    );
  });
  it('rocketGrowthItemData needs priceData {originalPrice, salePrice}', async () => {
    const p = rocketGrowthPayload();
    rg(p).priceData = { salePrice: 12000 };
    await expectRefused(p, 'rg_item_data', "'1번옵션의 rocketGrowthItemData.priceData' 값을 입력해주세요");
  });
  it('marketplaceItemData needs priceData', async () => {
    const p = hybridPayload();
    (item(p).marketplaceItemData as Json).priceData = null;
    await expectRefused(p, 'rg_item_data', "'1번옵션의 marketplaceItemData.priceData' 값을 입력해주세요");
  });
  it('an item with neither channel is refused', async () => {
    const p = hybridPayload();
    item(p).rocketGrowthItemData = null;
    item(p).marketplaceItemData = null;
    await expectRefused(p, 'rg_item_data', 'rocketGrowthItemData 또는 marketplaceItemData');
  });
  it('skuInfo, once sent, has all 22 keys', async () => {
    const p = rocketGrowthPayload();
    const sku = skuInfo();
    delete sku.season;
    delete sku.vendorFlexCode;
    rg(p).skuInfo = sku;
    await expectRefused(p, 'sku_info', '항목이 빠졌습니다: season, vendorFlexCode');
  });
  it.each([
    ['width', 0],
    ['height', -1],
    ['weight', 0],
  ])('skuInfo.%s must be above 0', async (key, value) => {
    const p = rocketGrowthPayload();
    (rg(p).skuInfo as Json)[key] = value;
    await expectRefused(p, 'sku_info', `skuInfo.${key}'에 '${value}' 입력할 수 없습니다`);
  });
  it('skuInfo.quantityPerBox is 1', async () => {
    const p = rocketGrowthPayload();
    (rg(p).skuInfo as Json).quantityPerBox = 2;
    await expectRefused(p, 'sku_info', "quantityPerBox'에 '2' 입력할 수 없습니다");
  });
  it.each([[true], ['Y'], ['true'], [undefined]])(
    'legalAgreement %s is refused (only "AGREE")',
    async (value) => {
      const p = rocketGrowthPayload();
      (p.rocketGrowthAdditionalInformation as Json).legalAgreement = value;
      await expectRefused(p, 'legal_agreement', '로켓그로스 입고 불가 조건을 확인하시고 동의해주세요');
    },
  );
  it('without the WING consent to the Rocket Growth product API, creation is refused', async () => {
    await expectRefused(
      rocketGrowthPayload(),
      'rg_consent',
      '로켓그로스 상품 생성 API 이용 및 검수 기준에 동의하지 않았습니다',
      {
        rocketGrowthConsent: false,
      },
    );
  });
  it('a Rocket Growth item needs a Rocket Growth (RFM) category', async () => {
    const p = rocketGrowthPayload();
    p.displayCategoryCode = 80987;
    item(p).attributes = [];
    await expectRefused(p, 'rg_category', '노출카테고리코드(80987)는 로켓그로스 운영 카테고리가 아닙니다');
  });
});

describe('items', () => {
  it.each(FLAT_ITEM_REQUIRED.map((k) => [k]))('flat item: %s is required', async (key) => {
    const p = flatPayload();
    delete item(p)[key];
    await expectRefused(p, 'item_field', `'1번옵션의 ${key}' 값을 입력해주세요`);
  });
  it('new-schema item: the common fields stay required (notices)', async () => {
    const p = rocketGrowthPayload();
    delete item(p).notices;
    await expectRefused(p, 'item_field', "'1번옵션의 notices' 값을 입력해주세요");
  });
  it('itemName at most 150 characters', async () => {
    const p = flatPayload();
    item(p).itemName = '옵'.repeat(151);
    await expectRefused(p, 'item_name', '옵션명(itemName)은 150자 이하로 입력해주세요');
  });
  it("originalPrice in units of 10 won (Coupang's message)", async () => {
    const p = flatPayload();
    item(p).originalPrice = 15005;
    await expectRefused(
      p,
      'price_unit',
      '옵션(에펠탑_1) : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)',
    );
  });
  it('salePrice in units of 10 won', async () => {
    const p = flatPayload();
    item(p).salePrice = 12001;
    await expectRefused(p, 'price_unit', '판매가는 최소 10원 단위로 입력가능합니다');
  });
  it('new schema: priceData in units of 10 won too', async () => {
    const p = hybridPayload();
    ((item(p).marketplaceItemData as Json).priceData as Json).originalPrice = 16001;
    await expectRefused(p, 'price_unit', '정상가는 최소 10원 단위로 입력가능합니다');
  });
});

describe('notices', () => {
  it('all detail names of the chosen notice category (count differs)', async () => {
    const p = flatPayload();
    (item(p).notices as Json[]).pop();
    await expectRefused(
      p,
      'notice',
      '입력된 상품필수 고지정보 갯수[4]가 카테고리[기타 재화]에서 제공하는 갯수[5]와 다릅니다',
    );
  });
  it('a detail name the notice category does not have', async () => {
    const p = flatPayload();
    (item(p).notices as Json[])[0]!.noticeCategoryDetailName = '품명';
    await expectRefused(
      p,
      'notice',
      '입력된 상품필수 고지정보[품명]가 카테고리[기타 재화]에서 제공하는 것과 다릅니다',
    );
  });
  it('a notice category the meta does not list', async () => {
    const p = flatPayload();
    for (const n of item(p).notices as Json[]) n.noticeCategoryName = '화장품';
    await expectRefused(p, 'notice', '입력된 카테고리[화장품]의 상품필수 고지정보를 찾을 수 없습니다');
  });
  it('exactly one notice category per item', async () => {
    const p = flatPayload();
    (item(p).notices as Json[])[0]!.noticeCategoryName = '어린이제품';
    await expectRefused(p, 'notice', '고시정보 카테고리 하나만 선택해 입력해주세요');
  });
});

describe('attributes', () => {
  it("every MANDATORY attribute present (Coupang's message)", async () => {
    const p = flatPayload();
    item(p).attributes = (item(p).attributes as Json[]).filter((a) => a.attributeTypeName !== '색상');
    await expectRefused(p, 'attribute', '카테고리의 필수 속성이 존재하지 않습니다. (1번옵션: 색상)');
  });
  it('an empty value counts as missing', async () => {
    const p = flatPayload();
    (item(p).attributes as Json[])[1]!.attributeValueName = '';
    await expectRefused(p, 'attribute', '카테고리의 필수 속성이 존재하지 않습니다');
  });
  it.each([['1'], ['1kg'], ['한개']])(
    'a NUMBER attribute carries a usable unit (수량 %s refused)',
    async (value) => {
      const p = flatPayload();
      (item(p).attributes as Json[])[2]!.attributeValueName = value;
      await expectRefused(p, 'attribute', `'1번옵션의 속성(수량)'에 '${value}' 입력할 수 없습니다`);
    },
  );
  it('a SELECT attribute takes one of its inputValues', async () => {
    const p = clothing(flatPayload());
    expect(validateCreatePayload(p, ctx())).toEqual([]);
    (item(p).attributes as Json[])[1]!.attributeValueName = 'XXL';
    await expectRefused(p, 'attribute', "'1번옵션의 속성(사이즈)'에 'XXL' 입력할 수 없습니다");
  });
});

describe('certifications', () => {
  it("a type the meta does not list is refused (Coupang's message)", async () => {
    const p = flatPayload();
    item(p).certifications = [{ certificationType: 'HEALTH_FUNCTIONAL_FOOD_LICENSE', certificationCode: '' }];
    await expectRefused(
      p,
      'certification',
      "'1번옵션의 1번인증정보의 타입'에 'HEALTH_FUNCTIONAL_FOOD_LICENSE' 입력할 수 없습니다, '1번옵션의 인증정보' 값을 확인해 주세요",
    );
  });
  it('NOT_REQUIRED only where the meta lists it', async () => {
    const p = strict(flatPayload());
    item(p).certifications = [{ certificationType: 'NOT_REQUIRED', certificationCode: '' }];
    await expectRefused(p, 'certification', "'NOT_REQUIRED' 입력할 수 없습니다");
  });
});

describe('images', () => {
  const images = (p: Json) => item(p).images as Json[];
  it('exactly one REPRESENTATION (none)', async () => {
    const p = flatPayload();
    images(p)[0]!.imageType = 'DETAIL';
    await expectRefused(p, 'image', '대표이미지(REPRESENTATION)는 1개를 등록해야 합니다. (입력: 0개)');
  });
  it('exactly one REPRESENTATION (two)', async () => {
    const p = flatPayload();
    images(p)[1]!.imageType = 'REPRESENTATION';
    await expectRefused(p, 'image', '(입력: 2개)');
  });
  it('at most 9 DETAIL', async () => {
    const p = flatPayload();
    for (let i = 0; i < 9; i++)
      images(p).push({
        imageOrder: i + 2,
        imageType: 'DETAIL',
        vendorPath: `https://images.example.com/p/d${i}.jpg`,
      });
    await expectRefused(p, 'image', '기타이미지(DETAIL)는 최대 9개까지 등록 가능합니다. (입력: 10개)');
  });
  it('vendorPath is http(s)', async () => {
    const p = flatPayload();
    images(p)[0]!.vendorPath = 'ftp://images.example.com/p/1.jpg';
    await expectRefused(p, 'image', 'vendorPath는 http:// 또는 https:// 로 시작해야 합니다');
  });
  it('vendorPath at most 150 characters', async () => {
    const p = flatPayload();
    images(p)[0]!.vendorPath = `https://images.example.com/${'a'.repeat(130)}.jpg`;
    await expectRefused(p, 'image', 'vendorPath는 최대 150자까지 입력 가능합니다');
  });
  it('vendorPath on port 80/443 only', async () => {
    const p = flatPayload();
    images(p)[0]!.vendorPath = 'http://images.example.com:8080/p/1.jpg';
    await expectRefused(p, 'image', '포트(8080)는 사용할 수 없습니다');
  });
  it('localhost on another port only when allowLocalImagePorts is on', () => {
    const p = flatPayload();
    images(p)[0]!.vendorPath = 'http://localhost:4781/api/images/1.jpg';
    expect(validateCreatePayload(p, ctx())).toEqual([]);
    expect(validateCreatePayload(p, ctx({ allowLocalImagePorts: false })).map((r) => r.rule)).toEqual([
      'image',
    ]);
  });
});

describe('all refusals together', () => {
  it('the HTTP answer joins every refusal in one bracketed message', async () => {
    const p = flatPayload();
    p.vendorId = 'A99999999';
    item(p).originalPrice = 15005;
    const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, p);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      '[업체코드가 잘못 되었습니다., 옵션(에펠탑_1) : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)]',
    );
  });
});
