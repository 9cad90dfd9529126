import { DETAIL_PAGE_REFERENCE } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { splitSearchTags } from '../document/join-search-tags.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { isBarcodePlaceholder } from '../document/sanitize-barcode.ts';
import {
  exposedAttributesOf,
  pickNoticeCategory,
  unexposedAttributesOf,
} from '../schema/check-document-against-schema.ts';
import { buildItemName } from './build-item-name.ts';
import { buildSkuInfo } from './build-sku-info.ts';
import { checkAttributeValue } from './check-attribute-value.ts';
import { type ExportMessage, exportMessage } from './export-messages.ts';

// Issue 37: the seller-products creation payload (POST …/marketplace/seller-products) in the layout
// the documentation gives for the company's channel, and every rule of that documentation the
// payload can be checked against before anything is sent (the rules and their sources:
// shared/reference/coupang_open_api_rules.md).
//
// - Rocket Growth only / hybrid: the new schema of "Product Creation (Rocket Growth / hybrid)"
//   (article 39406974365849): price, SKU and barcode inside `rocketGrowthItemData` (and
//   `marketplaceItemData` for a hybrid item), delivery and return grouped as
//   `marketplaceShippingAndReturnInfo` (null for a Rocket Growth only listing).
// - Marketplace only: the flat layout of "상품 생성" (article 360033877853), as the accepted request
//   in the reference samples.

/** The Open API's "see the detail page" text (the Supplier Hub form keeps the document's own). */
export const OPEN_API_DETAIL_PAGE_REFERENCE = '상품 상세페이지 참조';
/** Rocket Growth's legal agreement is this string; true, "Y" or "true" are refused. */
export const ROCKET_GROWTH_LEGAL_AGREEMENT = 'AGREE';
export const SALE_ENDED_AT = '2099-01-01T23:59:59';
export const EMPTY_BARCODE_REASON = '상품확인불가_바코드없음사유';

/** Where the company sells: Coupang's warehouses, its own shipping, or both (one listing). */
export const COUPANG_CHANNELS = ['rocket_growth', 'marketplace', 'hybrid'] as const;
export type CoupangChannel = (typeof COUPANG_CHANNELS)[number];

/** Limits of the create call ("상품 생성" field table; business FAQ). */
export const SELLER_PRODUCT_LIMITS = {
  sellerProductName: 100,
  itemName: 150,
  imageUrl: 150,
  detailImages: 9,
} as const;

/** Default return fees (won): 초도반품배송비 and 반품배송비 (the latter 100–150 % of the former). */
export const DEFAULT_RETURN_FEES = { deliveryChargeOnReturn: 3000, returnCharge: 3000 } as const;

/** The seller's Coupang account details the payload needs (stored per company). */
export interface CoupangSellerInfo {
  readonly vendorId: string;
  /** The WING login id. */
  readonly vendorUserId: string;
  readonly channel: CoupangChannel;
  /** Chosen from the account's outbound places (shipping-place/outbound). */
  readonly outboundShippingPlaceCode: string;
  /** Chosen from the account's return centres; the address, zip code and contact come with it. */
  readonly returnCenterCode: string;
  readonly returnChargeName: string;
  readonly returnZipCode: string;
  readonly returnAddress: string;
  readonly returnAddressDetail: string;
  readonly companyContactNumber: string;
  /** 초도반품배송비 (won). */
  readonly deliveryChargeOnReturn: number;
  /** 반품배송비 (won). */
  readonly returnCharge: number;
}

/** A document the seller uploaded for the category's required-document template. */
export interface UploadedRequiredDocument {
  readonly templateName: string;
  readonly vendorDocumentPath: string;
}

export interface SellerProductInput {
  readonly productName: string;
  readonly brand: string;
  readonly manufacturer: string;
  readonly displayCategoryCode: number;
  readonly categoryPath: string;
  readonly options: readonly {
    readonly optionNumber: string;
    readonly document: RegistrationDocument;
    /** Item values outside the schema (a split product's distinguishing value, issue 20). */
    readonly itemValues?: readonly string[] | undefined;
  }[];
  readonly schema: CategorySchema;
  readonly seller: CoupangSellerInfo;
  /** Local time of the sale start (the caller's clock), `YYYY-MM-DDTHH:mm:ss`. */
  readonly saleStartedAt: string;
  readonly year: number;
  /** The account's codes as last fetched from Coupang; null when never fetched (not checked). */
  readonly accountCodes?: {
    readonly outbound: readonly string[];
    readonly returnCenters: readonly string[];
  } | null;
  /** Rocket Growth category codes (registrationType=RFM) as last fetched; null when never fetched. */
  readonly rocketGrowthCategories?: ReadonlySet<number> | null;
  /** The product's uploaded required documents. */
  readonly requiredDocuments?: readonly UploadedRequiredDocument[];
  /** Whether the product is a parallel import (the MANDATORY_PARALLEL_IMPORTED documents then apply). */
  readonly parallelImported?: boolean;
  /**
   * The gateway is our own local stand-in (demo, tests): it fetches the app's images on the app's own
   * port, which the real Coupang never would. Only the port rule is relaxed.
   */
  readonly localGateway?: boolean;
}

export type PayloadIssue = {
  readonly optionIndex: number | null;
  /** Path inside the option document (or the product) the issue is about. */
  readonly field: string;
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  readonly message: ExportMessage;
};

type Json = Record<string, unknown>;

const DETAIL_REFERENCE_VARIANTS = /^(상품\s*)?상세\s*페이지\s*참조$|^컨텐츠\s*참조$|^상세설명\s*참조$/;

/** A notice value as the Open API takes it: the "see detail page" variants become 상품 상세페이지 참조. */
export function toOpenApiNoticeValue(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '' || text === DETAIL_PAGE_REFERENCE || DETAIL_REFERENCE_VARIANTS.test(text))
    return OPEN_API_DETAIL_PAGE_REFERENCE;
  return text;
}

const splitList = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

function detailHtml(doc: RegistrationDocument): string {
  const html = doc.imagePage?.details?.htmlProductDetailContent;
  if (typeof html === 'string' && html.trim() !== '') return html;
  const images = splitList(doc.imagePage?.details?.detailedImage);
  const alt = doc.imagePage?.details?.altText ?? '';
  return `<html><div>${images.map((src) => `<img src="${src}" alt="${alt.replace(/"/g, '&quot;')}" />`).join('')}</div></html>`;
}

const toInt = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

/**
 * What Coupang does with an image address: http(s) only, at most 150 characters, fetched on port 80
 * or 443 only (observed). Answers the rule it breaks, or null.
 */
export function imageUrlProblem(url: string): 'imageNotPublic' | 'imageUrlTooLong' | 'imagePort' | null {
  const m = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[^/:?#\s[\]]+)(?::(\d+))?(?:[/?#]|$)/i.exec(url);
  if (!m) return 'imageNotPublic';
  if (url.length > SELLER_PRODUCT_LIMITS.imageUrl) return 'imageUrlTooLong';
  const port = m[1];
  if (port !== undefined && port !== '80' && port !== '443') return 'imagePort';
  return null;
}

const SELLER_FIELD_LABELS = {
  vendorId: '업체코드(vendorId)',
  vendorUserId: 'WING 아이디(vendorUserId)',
  outboundShippingPlaceCode: '출고지',
  returnCenterCode: '반품지',
  returnChargeName: '반품지 담당자/이름',
  returnZipCode: '반품지 우편번호',
  returnAddress: '반품지 주소',
  companyContactNumber: '연락처',
} as const;

/** Whether the channel lists the product in Coupang's warehouses / ships it from the seller. */
export const channelHasRocketGrowth = (channel: CoupangChannel) => channel !== 'marketplace';
export const channelHasMarketplace = (channel: CoupangChannel) => channel !== 'rocket_growth';

/** The documents a category requires for this product: MANDATORY, and conditional ones whose case applies. */
export function requiredDocumentNames(
  schema: Pick<CategorySchema, 'requiredDocuments'>,
  product: { parallelImported?: boolean | undefined },
): string[] {
  return schema.requiredDocuments
    .filter(
      (d) =>
        d.required === 'MANDATORY' ||
        (d.required === 'MANDATORY_PARALLEL_IMPORTED' && product.parallelImported === true),
    )
    .map((d) => d.templateName);
}

/**
 * The seller-products creation payload in the channel's layout, with every problem Coupang's
 * documentation says it would refuse. Problems are answered beside the payload; an error means
 * Coupang would refuse it, so nothing is sent while one is left.
 */
export function buildSellerProductPayload(input: SellerProductInput): {
  payload: Json;
  issues: PayloadIssue[];
} {
  const issues: PayloadIssue[] = [];
  const add = (
    optionIndex: number | null,
    field: string,
    rule: string,
    severity: PayloadIssue['severity'],
    message: ExportMessage,
  ) => issues.push({ optionIndex, field, rule, severity, message });
  const { schema, seller } = input;
  const channel = seller.channel;
  const rocketGrowth = channelHasRocketGrowth(channel);
  const marketplace = channelHasMarketplace(channel);
  const byName = new Map(schema.attributes.map((a) => [a.name, a]));
  const certByName = new Map(
    schema.certifications.flatMap((c) => [[c.name, c] as const, [c.type, c] as const]),
  );
  const notRequiredAllowed =
    schema.certifications.length === 0 || schema.certifications.some((c) => c.type === 'NOT_REQUIRED');

  // ---- the seller's account details
  const requiredSellerFields: (keyof typeof SELLER_FIELD_LABELS)[] = ['vendorId', 'vendorUserId'];
  if (marketplace)
    requiredSellerFields.push(
      'outboundShippingPlaceCode',
      'returnCenterCode',
      'returnChargeName',
      'returnZipCode',
      'returnAddress',
      'companyContactNumber',
    );
  for (const key of requiredSellerFields)
    if (String(seller[key] ?? '').trim() === '')
      add(
        null,
        `seller.${key}`,
        'sellerFieldMissing',
        'error',
        exportMessage('sellerFieldMissing', { field: SELLER_FIELD_LABELS[key] }),
      );
  if (marketplace && input.accountCodes) {
    const known = [
      ['outboundShippingPlaceCode', seller.outboundShippingPlaceCode, input.accountCodes.outbound],
      ['returnCenterCode', seller.returnCenterCode, input.accountCodes.returnCenters],
    ] as const;
    for (const [key, code, list] of known)
      if (code.trim() !== '' && !list.includes(code.trim()))
        add(
          null,
          `seller.${key}`,
          'sellerCodeUnknown',
          'error',
          exportMessage('sellerCodeUnknown', { field: SELLER_FIELD_LABELS[key], code }),
        );
  }
  if (marketplace) {
    const initial = seller.deliveryChargeOnReturn;
    const charge = seller.returnCharge;
    if (!(initial > 0) || !(charge > 0))
      add(null, 'seller.returnCharge', 'returnFee', 'error', exportMessage('returnFeeMissing'));
    else if (charge < initial || charge > initial * 1.5)
      add(
        null,
        'seller.returnCharge',
        'returnFee',
        'error',
        exportMessage('returnFeeRange', { returnCharge: charge, initial }),
      );
  }

  // ---- the category
  if (rocketGrowth) {
    const code = input.displayCategoryCode;
    if (input.rocketGrowthCategories === null || input.rocketGrowthCategories === undefined)
      add(
        null,
        'rocketRegInfo.displayCategoryCode',
        'rocketGrowthCategory',
        'warning',
        exportMessage('rocketGrowthCategoriesUnknown', { code }),
      );
    else if (!input.rocketGrowthCategories.has(code))
      add(
        null,
        'rocketRegInfo.displayCategoryCode',
        'rocketGrowthCategory',
        'error',
        exportMessage('notRocketGrowthCategory', { code }),
      );
  }

  // ---- names
  if (input.productName.length > SELLER_PRODUCT_LIMITS.sellerProductName)
    add(
      null,
      'seo.productName',
      'nameTooLong',
      'error',
      exportMessage('nameTooLong', {
        field: '등록상품명',
        max: SELLER_PRODUCT_LIMITS.sellerProductName,
        length: input.productName.length,
      }),
    );

  // ---- required documents
  const uploaded = new Map(
    (input.requiredDocuments ?? []).map((d) => [d.templateName, d.vendorDocumentPath]),
  );
  for (const name of requiredDocumentNames(schema, input))
    if (!uploaded.get(name))
      add(
        null,
        'requiredDocuments',
        'requiredDocument',
        'error',
        exportMessage('requiredDocumentMissing', { name }),
      );
  const requiredDocuments = [...uploaded.entries()]
    .filter(([templateName]) => schema.requiredDocuments.some((d) => d.templateName === templateName))
    .map(([templateName, vendorDocumentPath]) => ({ templateName, vendorDocumentPath }));
  for (const d of requiredDocuments) {
    const found = imageUrlProblem(d.vendorDocumentPath);
    const problem = found === 'imagePort' && input.localGateway ? null : found;
    if (problem)
      add(
        null,
        'requiredDocuments',
        problem,
        'error',
        exportMessage(problem, {
          url: d.vendorDocumentPath,
          max: SELLER_PRODUCT_LIMITS.imageUrl,
          length: d.vendorDocumentPath.length,
        }),
      );
  }

  const items = input.options.map(({ optionNumber, document: doc, itemValues }, index) => {
    const common = doc.productPage?.commonAttributes ?? {};
    const exposed = exposedAttributesOf(doc);
    const itemName = buildItemName(input.productName, exposed, schema, itemValues);
    if (itemName.length > SELLER_PRODUCT_LIMITS.itemName)
      add(
        index,
        'startPage.productName',
        'nameTooLong',
        'error',
        exportMessage('nameTooLong', {
          field: '옵션명(itemName)',
          max: SELLER_PRODUCT_LIMITS.itemName,
          length: itemName.length,
        }),
      );

    // Attributes: values as the meta takes them; a mandatory one missing or refused stops the item.
    const attributes: Json[] = [];
    for (const [list, isExposed] of [
      [exposed, true],
      [unexposedAttributesOf(doc), false],
    ] as const) {
      for (const a of list) {
        if (isEmptyValue(a.attributeValue)) continue;
        if (!isExposed && a.attributeValue === DETAIL_PAGE_REFERENCE) continue;
        const attribute = byName.get(a.attributeName);
        const field = isExposed
          ? 'productPage.commonAttributes.exposedAttributes'
          : 'productPage.unexposedAttributes';
        if (!attribute) continue;
        const checked = checkAttributeValue(attribute, a.attributeValue);
        if (checked.ok) {
          attributes.push({ attributeTypeName: a.attributeName, attributeValueName: checked.value });
          continue;
        }
        const params = {
          name: a.attributeName,
          value: String(a.attributeValue),
          allowed: checked.allowed.slice(0, 12).join(', '),
        };
        const key =
          checked.reason === 'notAChoice'
            ? 'attributeNotAChoice'
            : checked.reason === 'unitNotAllowed'
              ? 'attributeUnitNotAllowed'
              : 'attributeNotANumber';
        // A search filter Coupang would not take is left out; a purchase option or a mandatory one cannot be.
        if (!isExposed && attribute.required)
          add(
            index,
            field,
            'attributeMandatory',
            'error',
            exportMessage('attributeMandatoryInvalid', params),
          );
        else add(index, field, key, isExposed ? 'error' : 'warning', exportMessage(key, params));
      }
    }
    const sent = new Set(attributes.map((a) => a.attributeTypeName));
    const mandatoryMissing = schema.attributes.filter(
      (a) => a.required && a.groupNumber === null && !sent.has(a.name),
    );
    if (mandatoryMissing.length)
      add(
        index,
        'productPage.unexposedAttributes',
        'attributeMandatory',
        'error',
        exportMessage('attributeMandatoryMissing', { names: mandatoryMissing.map((a) => a.name).join(', ') }),
      );

    // Notices: exactly one of the meta's notice categories, with all of its items.
    const notices = doc.legalPage?.notices ?? [];
    const category = pickNoticeCategory(schema.noticeCategories, notices) ?? schema.noticeCategories[0];
    const noticeValues = new Map(notices.map((n) => [noticeName(n), n.noticeItemValue ?? n.content]));

    // Certifications: types the meta lists; NOT_REQUIRED only where it lists it.
    const allowedCerts = schema.certifications.map((c) => c.name).join(', ');
    const filled = (doc.legalPage?.certificates ?? []).filter((c) => !isEmptyValue(c.certificateValue));
    for (const c of filled)
      if (!certByName.has(c.certificateName))
        add(
          index,
          'legalPage.certificates',
          'certificationType',
          'error',
          exportMessage('certificationTypeUnknown', { name: c.certificateName, allowed: allowedCerts }),
        );
    const known = filled.filter((c) => certByName.has(c.certificateName));
    if (known.length === 0 && !notRequiredAllowed)
      add(
        index,
        'legalPage.certificates',
        'certificationType',
        'error',
        exportMessage('certificationNotRequiredRefused', { allowed: allowedCerts }),
      );
    const certifications = known.length
      ? known.map((c) => ({
          certificationType: certByName.get(c.certificateName)!.type,
          certificationCode: String(c.certificateValue ?? ''),
        }))
      : [{ certificationType: 'NOT_REQUIRED', certificationCode: '' }];

    // Images: one REPRESENTATION, at most 9 DETAIL, addresses Coupang can fetch.
    const images: Json[] = [];
    const main = doc.imagePage?.images?.mainImage ?? '';
    const additional = splitList(doc.imagePage?.images?.additionalImage);
    if (additional.length > SELLER_PRODUCT_LIMITS.detailImages)
      add(
        index,
        'imagePage.images.additionalImage',
        'additionalImageCount',
        'error',
        exportMessage('additionalImageCount', {
          max: SELLER_PRODUCT_LIMITS.detailImages,
          count: additional.length,
        }),
      );
    const checkUrl = (url: string, field: string) => {
      const found = imageUrlProblem(url);
      const problem = found === 'imagePort' && input.localGateway ? null : found;
      if (problem)
        add(
          index,
          field,
          problem,
          'error',
          exportMessage(problem, { url, max: SELLER_PRODUCT_LIMITS.imageUrl, length: url.length }),
        );
    };
    [main, ...additional].forEach((url, k) => {
      if (!url) return;
      checkUrl(url, k === 0 ? 'imagePage.images.mainImage' : 'imagePage.images.additionalImage');
      images.push({ imageOrder: k, imageType: k === 0 ? 'REPRESENTATION' : 'DETAIL', vendorPath: url });
    });
    for (const url of splitList(doc.imagePage?.details?.detailedImage))
      checkUrl(url, 'imagePage.details.detailedImage');

    // Prices in 10-won steps.
    const salePrice = toInt(common.coupangSalePrice);
    const originalPrice = toInt(common.msrp ?? common.osrp) ?? salePrice;
    if (originalPrice !== null && originalPrice % 10 !== 0)
      add(
        index,
        'productPage.commonAttributes.msrp',
        'originalPriceMultiple',
        'error',
        exportMessage('originalPriceMultiple', { price: originalPrice }),
      );
    if (salePrice !== null && salePrice % 10 !== 0)
      add(
        index,
        'productPage.commonAttributes.coupangSalePrice',
        'salePriceMultiple',
        'error',
        exportMessage('salePriceMultiple', { price: salePrice }),
      );

    const rawBarcode = common.productBarcode;
    const barcode =
      typeof rawBarcode === 'string' && rawBarcode.trim() !== '' && !isBarcodePlaceholder(rawBarcode)
        ? rawBarcode.trim()
        : null;
    const modelNo = doc.productPage?.modelNumber ?? '';
    const sku = rocketGrowth
      ? buildSkuInfo({ logistics: doc.logisticsPage, inboundName: itemName, barcode, year: input.year })
      : null;
    if (sku && !sku.ok)
      add(
        index,
        'logisticsPage',
        'skuInfoIncomplete',
        'error',
        exportMessage('skuInfoIncomplete', { missing: sku.missing.join(', ') }),
      );

    const shared: Json = {
      itemName,
      unitCount: 1,
      adultOnly: 'EVERYONE',
      taxType: doc.productPage?.taxationSchema === '면세' ? 'FREE' : 'TAX',
      parallelImported: input.parallelImported ? 'PARALLEL_IMPORTED' : 'NOT_PARALLEL_IMPORTED',
      overseasPurchased: 'NOT_OVERSEAS_PURCHASED',
      pccNeeded: 'false',
      certifications,
      searchTags: splitSearchTags(doc.productPage?.searchTags),
      images,
      notices: (category?.items ?? []).map((item) => ({
        noticeCategoryName: category!.name,
        noticeCategoryDetailName: item.name,
        content: toOpenApiNoticeValue(noticeValues.get(item.name)),
      })),
      attributes,
      contents: [
        { contentsType: 'TEXT', contentDetails: [{ content: detailHtml(doc), detailType: 'TEXT' }] },
      ],
      offerCondition: 'NEW',
      offerDescription: '',
    };
    const buyLimits = { maximumBuyCount: 9999, maximumBuyForPerson: 0, maximumBuyForPersonPeriod: 1 };
    const barcodeFields = {
      barcode: barcode ?? '',
      emptyBarcode: barcode === null,
      emptyBarcodeReason: barcode === null ? EMPTY_BARCODE_REASON : '',
    };
    if (channel === 'marketplace')
      // The flat layout: price, SKU and barcode on the item.
      return {
        ...shared,
        originalPrice,
        salePrice,
        ...buyLimits,
        outboundShippingTimeDay: 2,
        externalVendorSku: optionNumber,
        ...barcodeFields,
        modelNo,
      };
    return {
      ...shared,
      ...buyLimits,
      ...(marketplace ? { outboundShippingTimeDay: 2 } : {}),
      rocketGrowthItemData: {
        externalVendorSku: optionNumber,
        modelNo,
        barcode: barcode ?? '',
        ...(sku?.ok ? { skuInfo: sku.skuInfo } : {}),
        priceData: { originalPrice, salePrice },
      },
      marketplaceItemData: marketplace
        ? {
            externalVendorSku: optionNumber,
            modelNo,
            ...barcodeFields,
            priceData: { originalPrice, salePrice },
          }
        : null,
    };
  });

  const leaf = input.categoryPath.split('>').pop() ?? '';
  const shippingAndReturn = {
    deliveryMethod: 'SEQUENCIAL',
    deliveryCompanyCode: 'CJGLS',
    deliveryChargeType: 'FREE',
    deliveryCharge: 0,
    freeShipOverAmount: 0,
    deliveryChargeOnReturn: seller.deliveryChargeOnReturn,
    remoteAreaDeliverable: 'N',
    unionDeliveryType: 'NOT_UNION_DELIVERY',
    returnCenterCode: seller.returnCenterCode,
    returnChargeName: seller.returnChargeName,
    companyContactNumber: seller.companyContactNumber,
    returnZipCode: seller.returnZipCode,
    returnAddress: seller.returnAddress,
    returnAddressDetail: seller.returnAddressDetail,
    returnCharge: seller.returnCharge,
    outboundShippingPlaceCode: seller.outboundShippingPlaceCode,
  };
  const head: Json = {
    displayCategoryCode: input.displayCategoryCode,
    sellerProductName: input.productName,
    vendorId: seller.vendorId,
    saleStartedAt: input.saleStartedAt,
    saleEndedAt: SALE_ENDED_AT,
    displayProductName: input.productName,
    brand: input.brand,
    generalProductName: input.productName,
    productGroup: leaf,
    manufacture: input.manufacturer,
  };
  const payload: Json =
    channel === 'marketplace'
      ? {
          ...head,
          ...shippingAndReturn,
          vendorUserId: seller.vendorUserId,
          requested: false,
          items,
          requiredDocuments,
        }
      : {
          ...head,
          marketplaceShippingAndReturnInfo: marketplace ? shippingAndReturn : null,
          vendorUserId: seller.vendorUserId,
          requested: false,
          items,
          requiredDocuments,
          rocketGrowthAdditionalInformation: {
            rfmInboundName: input.productName,
            legalAgreement: ROCKET_GROWTH_LEGAL_AGREEMENT,
          },
        };
  return { payload, issues };
}

/** The external SKUs of a payload's items, in either layout. */
export function payloadSkus(payload: Json): string[] {
  const items = Array.isArray(payload.items) ? (payload.items as Json[]) : [];
  return items.flatMap((item) => {
    const rg = item.rocketGrowthItemData as Json | null | undefined;
    const mp = item.marketplaceItemData as Json | null | undefined;
    const sku = item.externalVendorSku ?? rg?.externalVendorSku ?? mp?.externalVendorSku;
    return typeof sku === 'string' && sku !== '' ? [sku] : [];
  });
}
