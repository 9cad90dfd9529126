import { isRecord } from '@rr/domain';

// The fake Coupang's creation rules, pure: what Coupang's documentation says a create (and a modify
// of the whole product) must satisfy, each refusal with its source in a one-line comment. The sources
// are collected in /work/shared/reference/coupang_open_api_rules.md; "상품 생성" is article
// 360033877853 (mirrored in optionalg/coupang-developers.github.io, create-seller-product.document.ts),
// the business and technical FAQs are assets/faq/*.etc.ts of the same mirror, "RG 상품 생성" is article
// 39406974365849, and "observed" means a live answer published in 420god/cupang-auto
// (docs/api/coupang-open-api.md). Messages are Coupang's own wording where it is known; where it is
// not, a plain Korean sentence in the same style (said so next to it).

export type PlaceAddress = {
  addressType: string;
  countryCode: string;
  companyContactNumber: string;
  phoneNumber2: string;
  returnZipCode: string;
  returnAddress: string;
  returnAddressDetail: string;
};
export type OutboundPlace = {
  outboundShippingPlaceCode: number;
  shippingPlaceName: string;
  placeAddresses: PlaceAddress[];
  remoteInfos: unknown[];
  createDate: string;
  usable: boolean;
};
export type ReturnCenter = {
  returnCenterCode: string;
  shippingPlaceName: string;
  deliverCode: string;
  deliverName: string;
  goodsflowStatus: string;
  createdAt: number;
  placeAddresses: PlaceAddress[];
  usable: boolean;
};

export type MetaAttribute = {
  attributeTypeName: string;
  dataType?: string;
  inputType?: string;
  inputValues?: string[];
  basicUnit?: string;
  usableUnits?: string[];
  required?: string;
  groupNumber?: string;
  exposed?: string;
};
export type CategoryMeta = {
  attributes: MetaAttribute[];
  noticeCategories: {
    noticeCategoryName: string;
    noticeCategoryDetailNames: { noticeCategoryDetailName: string; required?: string }[];
  }[];
  certifications: { certificationType: string }[];
  requiredDocumentNames: { templateName: string; required: string }[];
};

export type ValidationContext = {
  /** The vendor the access key belongs to. */
  vendorId: string;
  /** The category's metadata; null when the fake does not know the category at all. */
  meta(displayCategoryCode: number): CategoryMeta | null;
  /** Rocket Growth (registrationType=RFM) categories. */
  rfmCodes: ReadonlySet<number>;
  outboundPlaces: readonly OutboundPlace[];
  returnCenters: readonly ReturnCenter[];
  /** The seller agreed in WING to "로켓그로스 상품 생성 API 이용 및 검수 기준". */
  rocketGrowthConsent: boolean;
  /** Accept image URLs on 127.0.0.1/localhost with any port (the demo serves its own images). */
  allowLocalImagePorts: boolean;
};

export type RuleId =
  | 'vendor'
  | 'product_name'
  | 'item_name'
  | 'category'
  | 'layout_mixed'
  | 'shipping_info'
  | 'rg_item_data'
  | 'sku_info'
  | 'legal_agreement'
  | 'rg_consent'
  | 'rg_category'
  | 'required_field'
  | 'outbound_code'
  | 'return_center_code'
  | 'return_address'
  | 'free_shipping_charges'
  | 'return_charge_ratio'
  | 'item_field'
  | 'price_unit'
  | 'notice'
  | 'attribute'
  | 'certification'
  | 'required_document'
  | 'image';

export type Refusal = { rule: RuleId; message: string };

/** The flat layout's delivery and return block (also the content of marketplaceShippingAndReturnInfo). */
export const SHIPPING_AND_RETURN_KEYS = [
  'deliveryMethod',
  'deliveryCompanyCode',
  'deliveryChargeType',
  'deliveryCharge',
  'freeShipOverAmount',
  'deliveryChargeOnReturn',
  'remoteAreaDeliverable',
  'unionDeliveryType',
  'returnCenterCode',
  'returnChargeName',
  'companyContactNumber',
  'returnZipCode',
  'returnAddress',
  'returnAddressDetail',
  'returnCharge',
  'outboundShippingPlaceCode',
] as const;

/** Item fields the business FAQ lists as required in the flat layout (all but the 8 optional ones). */
export const FLAT_ITEM_REQUIRED = [
  'itemName',
  'originalPrice',
  'salePrice',
  'maximumBuyCount',
  'maximumBuyForPerson',
  'outboundShippingTimeDay',
  'maximumBuyForPersonPeriod',
  'unitCount',
  'adultOnly',
  'taxType',
  'parallelImported',
  'overseasPurchased',
  'pccNeeded',
  'images',
  'notices',
  'attributes',
  'contents',
] as const;

/**
 * In the new schema the prices move into rocketGrowthItemData/marketplaceItemData.priceData; the
 * item keeps the fields that stay common to both channels (no public copy of the RG article's full
 * table was found, so only these are required at the item's top level).
 */
export const NEW_SCHEMA_ITEM_REQUIRED = [
  'itemName',
  'unitCount',
  'adultOnly',
  'taxType',
  'parallelImported',
  'overseasPurchased',
  'pccNeeded',
  'images',
  'notices',
  'attributes',
  'contents',
] as const;

/** The 22 keys of a complete skuInfo (observed on live products; all required once skuInfo is sent). */
export const SKU_INFO_KEYS = [
  'width',
  'length',
  'height',
  'weight',
  'netWeight',
  'inboundName',
  'season',
  'quantityPerBox',
  'fragile',
  'standAlone',
  'expiredAtManaged',
  'producedAtManaged',
  'manufacturedAtManaged',
  'distributionPeriod',
  'hazardous',
  'heatSensitive',
  'heavyBulky',
  'year',
  'vendorFlexCode',
  'rocketInstallation',
  'originalBarcode',
  'originalDimensionInputType',
] as const;

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
const chars = (v: unknown) => (typeof v === 'string' ? [...v].length : 0);
const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => isRecord(x)) : [];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when the payload is in the new (Rocket Growth / hybrid) schema: its items carry the channel keys. */
export function isNewSchema(payload: Record<string, unknown>): boolean {
  return records(payload.items).some((i) => 'rocketGrowthItemData' in i || 'marketplaceItemData' in i);
}

/** Every documented rule a create (or a full modify) breaks, in Coupang's order: product, then items. */
export function validateCreatePayload(payload: unknown, ctx: ValidationContext): Refusal[] {
  const out: Refusal[] = [];
  const refuse = (rule: RuleId, message: string) => out.push({ rule, message });
  if (!isRecord(payload)) return [{ rule: 'required_field', message: '입력값에 오류가 있습니다. line: 1' }];
  const items = records(payload.items);
  const newSchema = isNewSchema(payload);

  // 상품 생성: vendorId is the seller's; a foreign one is refused ("업체코드가 잘못 되었습니다", observed).
  if (payload.vendorId !== ctx.vendorId) refuse('vendor', '업체코드가 잘못 되었습니다.');

  // 상품 생성 (sellerProductName, at most 100 characters); message in the fake's words.
  const nameLength = chars(payload.sellerProductName);
  if (nameLength < 1 || nameLength > 100)
    refuse('product_name', '등록상품명(sellerProductName)은 1자 이상 100자 이하로 입력해주세요.');

  // 상품 생성: displayCategoryCode must be a category of the tree ("카테고리 목록 조회").
  const code = Number(payload.displayCategoryCode);
  const meta = Number.isInteger(code) ? ctx.meta(code) : null;
  if (!meta)
    refuse('category', `노출카테고리코드(${String(payload.displayCategoryCode)})를 찾을 수 없습니다.`);

  // 상품 생성: items is required (at least one).
  if (items.length === 0) refuse('item_field', "'옵션(items)' 값을 입력해주세요.");

  const rgItems = newSchema ? items.filter((i) => isRecord(i.rocketGrowthItemData)) : [];
  const mpItems = newSchema ? items.filter((i) => isRecord(i.marketplaceItemData)) : items;

  let shipping: Record<string, unknown> | null = payload;
  if (newSchema) {
    // RG 상품 생성: the new schema groups delivery/return under marketplaceShippingAndReturnInfo;
    // the flat keys at the top level are the other layout (mixing both is refused).
    const mixed = SHIPPING_AND_RETURN_KEYS.filter((k) => k in payload);
    if (mixed.length > 0)
      refuse(
        'layout_mixed',
        `로켓그로스 상품 스키마에서는 배송·반품 정보를 marketplaceShippingAndReturnInfo 안에 입력해야 합니다. (최상위 입력: ${mixed.join(', ')})`,
      );
    const info = payload.marketplaceShippingAndReturnInfo;
    shipping = isRecord(info) ? info : null;
    // RG 상품 생성: required for marketplace items, may be null for a Rocket Growth only listing.
    if (mpItems.length > 0 && !shipping)
      refuse(
        'shipping_info',
        "'marketplaceShippingAndReturnInfo' 값을 입력해주세요. (마켓플레이스 판매 옵션 포함)",
      );
  }

  if (shipping) {
    // 상품 생성 field table (all required) / business FAQ; the fake's wording.
    for (const key of SHIPPING_AND_RETURN_KEYS)
      if (!filled(shipping[key])) refuse('required_field', `'${key}' 값을 입력해주세요.`);
    checkCodesAndCharges(shipping, ctx, refuse);
  }
  // 상품 생성: vendorUserId (WING user) is required. In the new schema query answers show it at the
  // top level (observed); it is accepted there or inside marketplaceShippingAndReturnInfo.
  if (!filled(payload.vendorUserId) && !(shipping && filled(shipping.vendorUserId)))
    refuse('required_field', "'vendorUserId' 값을 입력해주세요.");

  if (rgItems.length > 0) {
    // Guide for Rocket Growth Open APIs / RG 상품 생성: the seller agrees in WING first (no documented
    // error text; the fake's sentence says what to do).
    if (!ctx.rocketGrowthConsent)
      refuse(
        'rg_consent',
        '로켓그로스 상품 생성 API 이용 및 검수 기준에 동의하지 않았습니다. WING > 판매자 정보 > 추가 판매정보 > OPEN API 키 발급에서 동의 후 다시 시도해주세요.',
      );
    // Observed: legalAgreement must be the string "AGREE" (true, "Y", "true" are refused with this).
    const extra = payload.rocketGrowthAdditionalInformation;
    if (!isRecord(extra) || extra.legalAgreement !== 'AGREE')
      refuse('legal_agreement', '로켓그로스 입고 불가 조건을 확인하시고 동의해주세요');
    // "How to get category list for Rocket Growth Products" (39428894927257): RG categories only.
    if (meta && !ctx.rfmCodes.has(code))
      refuse('rg_category', `노출카테고리코드(${code})는 로켓그로스 운영 카테고리가 아닙니다.`);
  }

  for (const [index, item] of items.entries()) checkItem(item, index + 1, newSchema, meta, ctx, refuse);

  if (meta) checkRequiredDocuments(payload, items, meta, refuse);
  return out;
}

function checkCodesAndCharges(
  s: Record<string, unknown>,
  ctx: ValidationContext,
  refuse: (rule: RuleId, message: string) => void,
) {
  // Business FAQ / "출고지 조회": the outbound place comes from the seller's account.
  if (
    filled(s.outboundShippingPlaceCode) &&
    !ctx.outboundPlaces.some((p) => p.outboundShippingPlaceCode === Number(s.outboundShippingPlaceCode))
  )
    refuse('outbound_code', '올바른 출고지 코드를 입력 하세요.');
  // 상품 생성 errorSpec: "올바른 반품지 센터코드를 입력 하세요." The same article allows
  // "NO_RETURN_CENTERCODE" for a seller who cannot create a return centre (address typed instead).
  const centreCode = s.returnCenterCode;
  if (filled(centreCode) && centreCode !== 'NO_RETURN_CENTERCODE') {
    const centre = ctx.returnCenters.find((c) => c.returnCenterCode === String(centreCode));
    if (!centre) refuse('return_center_code', '올바른 반품지 센터코드를 입력 하세요.');
    // 상품 생성 (returnZipCode/returnAddress: "반품지 등록 후 확인"): the centre's own address.
    else if (
      (filled(s.returnZipCode) || filled(s.returnAddress)) &&
      !centre.placeAddresses.some(
        (a) => a.returnZipCode === s.returnZipCode && a.returnAddress === s.returnAddress,
      )
    )
      refuse(
        'return_address',
        `반품지 우편번호·주소가 반품지 센터코드(${centre.returnCenterCode})에 등록된 정보와 다릅니다.`,
      );
  }
  if (s.deliveryChargeType === 'FREE') {
    const initial = Number(s.deliveryChargeOnReturn);
    const charge = Number(s.returnCharge);
    // Business FAQ: FREE shipping sets both 초도반품배송비 and 반품배송비 (fake's wording).
    if (!(initial > 0) || !(charge > 0))
      refuse(
        'free_shipping_charges',
        '무료배송 상품은 초도반품배송비(deliveryChargeOnReturn)와 반품배송비(returnCharge)를 0원보다 크게 입력해주세요.',
      );
    // Technical FAQ (Coupang's VALIDATION message): 반품배송비 is 100%–150% of 초도반품배송비.
    else if (charge < initial || charge > initial * 1.5)
      refuse(
        'return_charge_ratio',
        '일반배송상품의 경우, 반품배송비는 초도반품비의 100%~150%까지만 입력가능합니다. 반품배송비를 변경해주세요',
      );
  }
}

function checkItem(
  item: Record<string, unknown>,
  n: number,
  newSchema: boolean,
  meta: CategoryMeta | null,
  ctx: ValidationContext,
  refuse: (rule: RuleId, message: string) => void,
) {
  const label = `옵션(${typeof item.itemName === 'string' ? item.itemName : n})`;
  // Business FAQ: every items[] field is required but the 8 optional ones (fake's wording).
  for (const key of newSchema ? NEW_SCHEMA_ITEM_REQUIRED : FLAT_ITEM_REQUIRED)
    if (!filled(item[key])) refuse('item_field', `'${n}번옵션의 ${key}' 값을 입력해주세요.`);
  // Business FAQ / 상품 생성: itemName at most 150 characters.
  if (filled(item.itemName) && chars(item.itemName) > 150)
    refuse('item_name', `${label} : 옵션명(itemName)은 150자 이하로 입력해주세요.`);

  const prices: [unknown, unknown][] = [];
  if (!newSchema) prices.push([item.originalPrice, item.salePrice]);
  else {
    const rg = item.rocketGrowthItemData;
    const mp = item.marketplaceItemData;
    // Business FAQ (prices are required) + RG 상품 생성: an item sells on at least one channel.
    if (!isRecord(rg) && !isRecord(mp))
      refuse(
        'rg_item_data',
        `'${n}번옵션의 rocketGrowthItemData 또는 marketplaceItemData' 값을 입력해주세요.`,
      );
    if (isRecord(rg)) {
      // RG 상품 생성: externalVendorSku and priceData {originalPrice, salePrice} inside rocketGrowthItemData.
      if (!filled(rg.externalVendorSku))
        refuse('rg_item_data', `'${n}번옵션의 rocketGrowthItemData.externalVendorSku' 값을 입력해주세요.`);
      const price = isRecord(rg.priceData) ? rg.priceData : {};
      if (!filled(price.originalPrice) || !filled(price.salePrice))
        refuse('rg_item_data', `'${n}번옵션의 rocketGrowthItemData.priceData' 값을 입력해주세요.`);
      else prices.push([price.originalPrice, price.salePrice]);
      if (rg.skuInfo !== undefined && rg.skuInfo !== null) checkSkuInfo(rg.skuInfo, n, refuse);
    }
    if (isRecord(mp)) {
      // RG 상품 생성: a hybrid item's marketplace price sits in marketplaceItemData.priceData.
      const price = isRecord(mp.priceData) ? mp.priceData : {};
      if (!filled(price.originalPrice) || !filled(price.salePrice))
        refuse('rg_item_data', `'${n}번옵션의 marketplaceItemData.priceData' 값을 입력해주세요.`);
      else prices.push([price.originalPrice, price.salePrice]);
    }
  }
  for (const [original, sale] of prices) {
    // Coupang's own refusal (responses sample): originalPrice in units of 10 won.
    if (filled(original) && Number(original) % 10 !== 0)
      refuse('price_unit', `${label} : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)`);
    // Same rule for the sale price (fake's sentence modelled on the one above).
    if (filled(sale) && Number(sale) % 10 !== 0)
      refuse('price_unit', `${label} : 판매가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)`);
  }

  if (meta) {
    if (Array.isArray(item.notices)) checkNotices(records(item.notices), n, meta, refuse);
    if (Array.isArray(item.attributes)) checkAttributes(records(item.attributes), n, meta, refuse);
    checkCertifications(records(item.certifications), n, meta, refuse);
  }
  if (Array.isArray(item.images)) checkImages(records(item.images), n, ctx, refuse);
}

function checkSkuInfo(sku: unknown, n: number, refuse: (rule: RuleId, message: string) => void) {
  const where = `${n}번옵션의 rocketGrowthItemData.skuInfo`;
  if (!isRecord(sku)) return refuse('sku_info', `'${where}' 값을 확인해 주세요.`);
  // Observed: skuInfo may be left out, but once sent every one of its 22 keys is required.
  const missing = SKU_INFO_KEYS.filter((k) => !(k in sku));
  if (missing.length > 0) refuse('sku_info', `'${where}'에 항목이 빠졌습니다: ${missing.join(', ')}`);
  // RG query example / observed: sizes in mm and weight in g, positive; quantityPerBox is always 1.
  for (const k of ['width', 'length', 'height', 'weight'] as const)
    if (k in sku && !(Number(sku[k]) > 0))
      refuse('sku_info', `'${where}.${k}'에 '${String(sku[k])}' 입력할 수 없습니다`);
  if ('quantityPerBox' in sku && sku.quantityPerBox !== 1)
    refuse('sku_info', `'${where}.quantityPerBox'에 '${String(sku.quantityPerBox)}' 입력할 수 없습니다`);
}

function checkNotices(
  notices: Record<string, unknown>[],
  n: number,
  meta: CategoryMeta,
  refuse: (rule: RuleId, message: string) => void,
) {
  const names = [...new Set(notices.map((x) => String(x.noticeCategoryName ?? '')))];
  // Business FAQ: choose exactly one of the category's notice categories (택1; fake's wording).
  if (names.length !== 1) {
    refuse(
      'notice',
      names.length === 0
        ? '상품필수 정보 확인:[입력된 카테고리[]의 상품필수 고지정보를 찾을 수 없습니다.]'
        : `${n}번옵션의 상품고시정보는 고시정보 카테고리 하나만 선택해 입력해주세요. (입력: ${names.join(', ')})`,
    );
    return;
  }
  const name = names[0]!;
  const group = meta.noticeCategories.find((c) => c.noticeCategoryName === name);
  // Business FAQ #6: a notice category the meta does not have.
  if (!group) {
    refuse('notice', `상품필수 정보 확인:[입력된 카테고리[${name}]의 상품필수 고지정보를 찾을 수 없습니다.]`);
    return;
  }
  const expected = group.noticeCategoryDetailNames.map((d) => d.noticeCategoryDetailName);
  // Business FAQ #7: the number of detail names differs from the meta's.
  if (notices.length !== expected.length) {
    refuse(
      'notice',
      `입력된 상품필수 고지정보 갯수[${notices.length}]가 카테고리[${name}]에서 제공하는 갯수[${expected.length}]와 다릅니다.`,
    );
    return;
  }
  // 상품 생성 errorSpec: a detail name the category does not provide (each must be there once).
  const given = notices.map((x) => String(x.noticeCategoryDetailName ?? ''));
  const wrong = given.find((d) => !expected.includes(d)) ?? expected.find((d) => !given.includes(d));
  if (wrong !== undefined)
    refuse('notice', `입력된 상품필수 고지정보[${wrong}]가 카테고리[${name}]에서 제공하는 것과 다릅니다.`);
}

function checkAttributes(
  attributes: Record<string, unknown>[],
  n: number,
  meta: CategoryMeta,
  refuse: (rule: RuleId, message: string) => void,
) {
  const value = (name: string) => {
    const a = attributes.find((x) => x.attributeTypeName === name);
    return a && filled(a.attributeValueName) ? String(a.attributeValueName) : null;
  };
  const mandatory = meta.attributes.filter((a) => a.required === 'MANDATORY');
  // 상품 생성 errorSpec / business FAQ #5: every MANDATORY attribute is present.
  const missing = mandatory.filter(
    (a) => (a.groupNumber ?? 'NONE') === 'NONE' && value(a.attributeTypeName) === null,
  );
  // "상품 생성 방법 가이드" (37469683829401): MANDATORY attributes sharing a groupNumber: one of them.
  const groups = new Map<string, MetaAttribute[]>();
  for (const a of mandatory)
    if ((a.groupNumber ?? 'NONE') !== 'NONE')
      groups.set(a.groupNumber!, [...(groups.get(a.groupNumber!) ?? []), a]);
  const missingGroups = [...groups.values()].filter((g) =>
    g.every((a) => value(a.attributeTypeName) === null),
  );
  const missingNames = [
    ...missing.map((a) => a.attributeTypeName),
    ...missingGroups.map((g) => g.map((a) => a.attributeTypeName).join('/')),
  ];
  if (missingNames.length > 0)
    refuse('attribute', `카테고리의 필수 속성이 존재하지 않습니다. (${n}번옵션: ${missingNames.join(', ')})`);

  for (const attribute of attributes) {
    const def = meta.attributes.find((a) => a.attributeTypeName === attribute.attributeTypeName);
    const given = filled(attribute.attributeValueName) ? String(attribute.attributeValueName) : null;
    if (!def || given === null) continue;
    const cantTake = `'${n}번옵션의 속성(${def.attributeTypeName})'에 '${given}' 입력할 수 없습니다`;
    // Category metadata: a SELECT attribute takes one of its inputValues.
    if ((def.inputValues?.length ?? 0) > 0 && !def.inputValues!.includes(given)) {
      refuse('attribute', cantTake);
      continue;
    }
    // 상품 생성 (attributeValueName "단위와 함께 입력", e.g. "200ml") + metadata's basicUnit/usableUnits.
    if (def.dataType === 'NUMBER') {
      const match = /^(\d+(?:\.\d+)?)\s*(.*)$/.exec(given.trim());
      const units = [
        ...(def.basicUnit && def.basicUnit !== '없음' ? [def.basicUnit] : []),
        ...(def.usableUnits ?? []),
      ];
      const unitOk = match && (units.length === 0 ? match[2] === '' : units.includes(match[2]!));
      if (!unitOk) refuse('attribute', cantTake);
    }
  }
}

function checkCertifications(
  certifications: Record<string, unknown>[],
  n: number,
  meta: CategoryMeta,
  refuse: (rule: RuleId, message: string) => void,
) {
  const allowed = new Set(meta.certifications.map((c) => c.certificationType));
  certifications.forEach((c, i) => {
    // Business FAQ / category metadata; Coupang's own refusal text (a live answer).
    if (!allowed.has(String(c.certificationType)))
      refuse(
        'certification',
        `'${n}번옵션의 ${i + 1}번인증정보의 타입'에 '${String(c.certificationType)}' 입력할 수 없습니다, '${n}번옵션의 인증정보' 값을 확인해 주세요`,
      );
  });
}

function checkRequiredDocuments(
  payload: Record<string, unknown>,
  items: Record<string, unknown>[],
  meta: CategoryMeta,
  refuse: (rule: RuleId, message: string) => void,
) {
  const parallelImported = items.some((i) => i.parallelImported === 'PARALLEL_IMPORTED');
  const documents = records(payload.requiredDocuments);
  for (const d of meta.requiredDocumentNames) {
    // 상품 생성 (requiredDocuments "구비 서류 필수인 경우 입력") + metadata: MANDATORY templates, and the
    // conditional MANDATORY_PARALLEL_IMPORTED only for a parallel-imported item; the other conditional
    // tokens (battery tests, ingredients) depend on facts the payload does not carry.
    const needed =
      d.required === 'MANDATORY' || (d.required === 'MANDATORY_PARALLEL_IMPORTED' && parallelImported);
    if (!needed) continue;
    const sent = documents.some(
      (x) => x.templateName === d.templateName && (filled(x.vendorDocumentPath) || filled(x.documentPath)),
    );
    // Business FAQ #8: Coupang's message.
    if (!sent) refuse('required_document', `필수 구비서류를 모두 등록 해 주세요 (${d.templateName})`);
  }
}

function checkImages(
  images: Record<string, unknown>[],
  n: number,
  ctx: ValidationContext,
  refuse: (rule: RuleId, message: string) => void,
) {
  // 상품 생성 (imageType): REPRESENTATION required (one), DETAIL at most 9 (fake's wording).
  const representation = images.filter((i) => i.imageType === 'REPRESENTATION').length;
  if (representation !== 1)
    refuse(
      'image',
      `${n}번옵션의 대표이미지(REPRESENTATION)는 1개를 등록해야 합니다. (입력: ${representation}개)`,
    );
  const detail = images.filter((i) => i.imageType === 'DETAIL').length;
  if (detail > 9)
    refuse('image', `${n}번옵션의 기타이미지(DETAIL)는 최대 9개까지 등록 가능합니다. (입력: ${detail}개)`);
  images.forEach((image, i) => {
    const where = `'${n}번옵션의 ${i + 1}번이미지'`;
    // 상품 생성: vendorPath or cdnPath, at most 150 characters each.
    if (!filled(image.vendorPath) && !filled(image.cdnPath)) {
      refuse('image', `${where} 경로(vendorPath 또는 cdnPath)를 입력해주세요.`);
      return;
    }
    for (const key of ['vendorPath', 'cdnPath'] as const)
      if (chars(image[key]) > 150) refuse('image', `${where}의 ${key}는 최대 150자까지 입력 가능합니다.`);
    if (!filled(image.vendorPath)) return;
    const path = String(image.vendorPath);
    let url: URL | null = null;
    try {
      url = new URL(path);
    } catch {
      url = null;
    }
    // 상품 생성: Coupang downloads an http(s) vendorPath into its CDN.
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      refuse('image', `${where}의 vendorPath는 http:// 또는 https:// 로 시작해야 합니다.`);
      return;
    }
    // Observed (cupang-auto): only ports 80/443 are fetched. The fake, being local, also takes
    // 127.0.0.1/localhost on any port when allowLocalImagePorts is on (the demo serves its own images).
    const local = ctx.allowLocalImagePorts && LOCAL_HOSTS.has(url.hostname);
    if (url.port !== '' && url.port !== '80' && url.port !== '443' && !local)
      refuse('image', `${where}의 vendorPath 포트(${url.port})는 사용할 수 없습니다. (80, 443만 가능)`);
  });
}

/**
 * Modify (RG 상품 수정, article 39407792403609): a Rocket Growth item the product already has is
 * identified inside rocketGrowthItemData; its sellerProductItemId only at the item's top level is refused.
 */
export function validateModifyItemIds(
  payload: Record<string, unknown>,
  existingRgItemIds: ReadonlySet<number>,
): Refusal[] {
  const out: Refusal[] = [];
  records(payload.items).forEach((item, index) => {
    const rg = item.rocketGrowthItemData;
    if (!isRecord(rg)) return;
    const top = Number(item.sellerProductItemId);
    if (filled(item.sellerProductItemId) && !filled(rg.sellerProductItemId) && existingRgItemIds.has(top))
      out.push({
        rule: 'rg_item_data',
        message: `'${index + 1}번옵션의 sellerProductItemId'는 rocketGrowthItemData 안에 입력해주세요.`,
      });
  });
  return out;
}
