import { coupangAuthorization } from '../../../src/coupang/coupang-signature.ts';
import {
  DEFAULT_OUTBOUND_PLACES,
  DEFAULT_RETURN_CENTERS,
  GENERIC_META,
  metaOf,
  readCategoryTree,
  readStoredMetas,
  treeCodes,
} from '../../../src/coupang/fake/fake-account.ts';
import { DEMO_COUPANG_KEYS } from '../../../src/coupang/fake/fake-coupang-server.ts';
import {
  type CategoryMeta,
  SKU_INFO_KEYS,
  type ValidationContext,
} from '../../../src/coupang/fake/validate-create-payload.ts';

// Minimal valid creates for the fake Coupang, one per layout, built from the documented examples
// (create-seller-product example, the accepted 64302 request, the RG query example): category 77426
// (3D/입체퍼즐: MANDATORY 퍼즐/블럭 조각 수, 색상, 수량; notices 기타 재화), the fake account's first
// outbound place and return centre. Tests mutate a fresh copy per rule.

type Json = Record<string, unknown>;

const centre = DEFAULT_RETURN_CENTERS[0]!;
const centreAddress = centre.placeAddresses[0]!;

export const NOTICES_77426 = [
  '품명 및 모델명',
  '인증/허가 사항',
  '제조국(원산지)',
  '제조자(수입자)',
  '소비자상담 관련 전화번호',
].map((d) => ({ noticeCategoryName: '기타 재화', noticeCategoryDetailName: d, content: '상세페이지 참조' }));

/** The delivery and return block (flat top level, or marketplaceShippingAndReturnInfo). */
export function shippingBlock(): Json {
  return {
    deliveryMethod: 'AGENT_BUY',
    deliveryCompanyCode: 'CJGLS',
    deliveryChargeType: 'FREE',
    deliveryCharge: 0,
    freeShipOverAmount: 0,
    deliveryChargeOnReturn: 5000,
    remoteAreaDeliverable: 'N',
    unionDeliveryType: 'UNION_DELIVERY',
    returnCenterCode: centre.returnCenterCode,
    returnChargeName: centre.shippingPlaceName,
    companyContactNumber: centreAddress.companyContactNumber,
    returnZipCode: centreAddress.returnZipCode,
    returnAddress: centreAddress.returnAddress,
    returnAddressDetail: centreAddress.returnAddressDetail,
    returnCharge: 5000,
    outboundShippingPlaceCode: DEFAULT_OUTBOUND_PLACES[0]!.outboundShippingPlaceCode,
  };
}

/** What every item carries whatever the layout. */
function commonItem(n: number): Json {
  return {
    itemName: `에펠탑_${n}`,
    unitCount: 1,
    adultOnly: 'EVERYONE',
    taxType: 'TAX',
    parallelImported: 'NOT_PARALLEL_IMPORTED',
    overseasPurchased: 'OVERSEAS_PURCHASED',
    pccNeeded: true,
    emptyBarcode: true,
    emptyBarcodeReason: '구매대행상품',
    certifications: [{ certificationType: 'NOT_REQUIRED', certificationCode: '' }],
    searchTags: ['입체퍼즐'],
    images: [
      { imageOrder: 0, imageType: 'REPRESENTATION', vendorPath: 'https://images.example.com/p/1.jpg' },
      { imageOrder: 1, imageType: 'DETAIL', vendorPath: 'https://images.example.com/p/2.jpg' },
    ],
    notices: NOTICES_77426.map((x) => ({ ...x })),
    attributes: [
      { attributeTypeName: '퍼즐/블럭 조각 수', attributeValueName: '100조각' },
      { attributeTypeName: '색상', attributeValueName: '혼합' },
      { attributeTypeName: '수량', attributeValueName: `${n}개` },
    ],
    contents: [
      { contentsType: 'HTML', contentDetails: [{ content: '<p>입체퍼즐</p>', detailType: 'TEXT' }] },
    ],
    offerCondition: 'NEW',
  };
}

function productTop(): Json {
  return {
    displayCategoryCode: 77426,
    sellerProductName: '3D 입체퍼즐 에펠탑',
    vendorId: DEMO_COUPANG_KEYS.vendorId,
    saleStartedAt: '2026-01-01T00:00:00',
    saleEndedAt: '2099-01-01T23:59:59',
    displayProductName: '3D 입체퍼즐 에펠탑',
    brand: '기타',
    generalProductName: '3D 입체퍼즐 에펠탑',
    vendorUserId: 'wing-user-1',
    requested: true,
    requiredDocuments: [],
    manufacture: '기타',
  };
}

/** The flat marketplace layout (article 360033877853; the accepted 64302 request). */
export function flatPayload(sku = 'SKU-FLAT'): Json {
  return {
    ...productTop(),
    ...shippingBlock(),
    items: [
      {
        ...commonItem(1),
        originalPrice: 15000,
        salePrice: 12000,
        maximumBuyCount: 100,
        maximumBuyForPerson: 0,
        outboundShippingTimeDay: 3,
        maximumBuyForPersonPeriod: 1,
        externalVendorSku: `${sku}-1`,
      },
    ],
  };
}

/** A complete skuInfo (the 22 keys; sizes in mm, weights in g, quantityPerBox 1). */
export function skuInfo(): Json {
  const values: Json = {
    width: 300,
    length: 200,
    height: 80,
    weight: 450,
    netWeight: 400,
    inboundName: '3D 입체퍼즐 에펠탑',
    season: 'YEAR_ROUND',
    quantityPerBox: 1,
    fragile: false,
    standAlone: false,
    expiredAtManaged: false,
    producedAtManaged: false,
    manufacturedAtManaged: false,
    distributionPeriod: 0,
    hazardous: null,
    heatSensitive: null,
    heavyBulky: null,
    year: null,
    vendorFlexCode: null,
    rocketInstallation: null,
    originalBarcode: null,
    originalDimensionInputType: 'USER_INPUT',
  };
  return Object.fromEntries(SKU_INFO_KEYS.map((k) => [k, values[k]]));
}

/** Rocket Growth only (article 39406974365849): no marketplace block. */
export function rocketGrowthPayload(sku = 'SKU-RG'): Json {
  return {
    ...productTop(),
    marketplaceShippingAndReturnInfo: null,
    rocketGrowthAdditionalInformation: { rfmInboundName: '3D 입체퍼즐 에펠탑', legalAgreement: 'AGREE' },
    items: [
      {
        ...commonItem(1),
        rocketGrowthItemData: {
          externalVendorSku: `${sku}-1`,
          modelNo: 'EP-100',
          barcode: '',
          skuInfo: skuInfo(),
          priceData: { originalPrice: 15000, salePrice: 12000 },
        },
        marketplaceItemData: null,
      },
    ],
  };
}

/** Rocket Growth and marketplace at once (hybrid): both channel data, the marketplace block. */
export function hybridPayload(sku = 'SKU-HY'): Json {
  const payload = rocketGrowthPayload(sku);
  payload.marketplaceShippingAndReturnInfo = shippingBlock();
  const item = (payload.items as Json[])[0]!;
  item.marketplaceItemData = {
    externalVendorSku: `${sku}-1-MP`,
    priceData: { originalPrice: 16000, salePrice: 13000 },
  };
  return payload;
}

/** The context the fake's server builds, for pure tests. */
export function fakeContext(
  over: Partial<ValidationContext> = {},
  extraMetas: Record<number, unknown> = {},
): ValidationContext {
  const metas = readStoredMetas();
  for (const [code, answer] of Object.entries(extraMetas)) metas.set(Number(code), answer);
  const inTree = treeCodes(readCategoryTree().data);
  return {
    vendorId: DEMO_COUPANG_KEYS.vendorId,
    meta: (code: number): CategoryMeta | null => {
      const stored = metas.get(code);
      if (stored) return metaOf(stored);
      return inTree.has(code) && code !== 0 ? GENERIC_META : null;
    },
    rfmCodes: new Set(metas.keys()),
    outboundPlaces: DEFAULT_OUTBOUND_PLACES,
    returnCenters: DEFAULT_RETURN_CENTERS,
    rocketGrowthConsent: true,
    allowLocalImagePorts: true,
    ...over,
  };
}

/** A signed request to the fake (its own signing, so these tests do not depend on the app's client). */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; text: string; contentType: string }> {
  const [path, query = ''] = pathAndQuery.split('?');
  const res = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      authorization: coupangAuthorization(DEMO_COUPANG_KEYS, method, path!, query, new Date()),
      'content-type': 'application/json;charset=UTF-8',
      'x-requested-by': DEMO_COUPANG_KEYS.vendorId,
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed, text, contentType: res.headers.get('content-type') ?? '' };
}

export const SELLER_PRODUCTS = '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products';
