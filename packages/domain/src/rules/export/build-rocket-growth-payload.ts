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

/** The Open API's "see the detail page" text (the Supplier Hub form keeps the document's own). */
export const OPEN_API_DETAIL_PAGE_REFERENCE = '상품 상세페이지 참조';
/** Rocket Growth's legal agreement is this string; true, "Y" or "true" are refused. */
export const ROCKET_GROWTH_LEGAL_AGREEMENT = 'AGREE';
export const SALE_ENDED_AT = '2099-01-01T23:59:59';
export const EMPTY_BARCODE_REASON = '상품확인불가_바코드없음사유';

/** The seller's Coupang account details the payload needs (stored per company). */
export interface CoupangSellerInfo {
  readonly vendorId: string;
  readonly vendorUserId: string;
  readonly returnCenterCode: string;
  readonly outboundShippingPlaceCode: string;
  readonly companyContactNumber: string;
}

export interface RocketGrowthInput {
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

const isPublicUrl = (url: string) => /^https?:\/\/[^/\s]+/i.test(url);
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
 * Rocket Growth seller-products creation payload (POST …/seller-products): one item per option with
 * its attributes (checked against the category's inputValues and units), notices, certifications,
 * searchTags, images (REPRESENTATION / DETAIL, public http(s) URLs only), contents and
 * rocketGrowthItemData.skuInfo built from the logistics page. Problems are answered beside the payload;
 * errors mean Coupang would refuse it.
 */
export function buildRocketGrowthPayload(input: RocketGrowthInput): {
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
  const { schema } = input;
  const byName = new Map(schema.attributes.map((a) => [a.name, a]));
  const certByName = new Map(schema.certifications.map((c) => [c.name, c]));

  const items = input.options.map(({ optionNumber, document: doc, itemValues }, index) => {
    const common = doc.productPage?.commonAttributes ?? {};
    const exposed = exposedAttributesOf(doc);
    const itemName = buildItemName(input.productName, exposed, schema, itemValues);

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
        // A search filter Coupang would not take is left out; a purchase option cannot be.
        add(index, field, key, isExposed ? 'error' : 'warning', exportMessage(key, params));
      }
    }

    const notices = doc.legalPage?.notices ?? [];
    const category = pickNoticeCategory(schema.noticeCategories, notices) ?? schema.noticeCategories[0];
    const noticeValues = new Map(notices.map((n) => [noticeName(n), n.noticeItemValue ?? n.content]));

    const certificates = (doc.legalPage?.certificates ?? []).filter(
      (c) => !isEmptyValue(c.certificateValue) && certByName.has(c.certificateName),
    );
    const certifications = certificates.length
      ? certificates.map((c) => ({
          certificationType: certByName.get(c.certificateName)!.type,
          certificationCode: String(c.certificateValue ?? ''),
        }))
      : [{ certificationType: 'NOT_REQUIRED', certificationCode: '' }];

    const images: Json[] = [];
    const main = doc.imagePage?.images?.mainImage ?? '';
    const additional = splitList(doc.imagePage?.images?.additionalImage);
    [main, ...additional].forEach((url, k) => {
      if (!url) return;
      if (!isPublicUrl(url))
        add(
          index,
          k === 0 ? 'imagePage.images.mainImage' : 'imagePage.images.additionalImage',
          'imageNotPublic',
          'error',
          exportMessage('imageNotPublic', { url }),
        );
      images.push({ imageOrder: k, imageType: k === 0 ? 'REPRESENTATION' : 'DETAIL', vendorPath: url });
    });
    for (const url of splitList(doc.imagePage?.details?.detailedImage)) {
      if (!isPublicUrl(url))
        add(
          index,
          'imagePage.details.detailedImage',
          'imageNotPublic',
          'error',
          exportMessage('imageNotPublic', { url }),
        );
    }

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

    const rawBarcode = common.productBarcode;
    const barcode =
      typeof rawBarcode === 'string' && rawBarcode.trim() !== '' && !isBarcodePlaceholder(rawBarcode)
        ? rawBarcode.trim()
        : null;
    const sku = buildSkuInfo({
      logistics: doc.logisticsPage,
      inboundName: itemName,
      barcode,
      year: input.year,
    });
    if (!sku.ok)
      add(
        index,
        'logisticsPage',
        'skuInfoIncomplete',
        'error',
        exportMessage('skuInfoIncomplete', { missing: sku.missing.join(', ') }),
      );
    const modelNo = doc.productPage?.modelNumber ?? '';

    return {
      itemName,
      originalPrice,
      salePrice,
      maximumBuyCount: 9999,
      maximumBuyForPerson: 0,
      maximumBuyForPersonPeriod: 1,
      outboundShippingTimeDay: 2,
      unitCount: 1,
      adultOnly: 'EVERYONE',
      taxType: doc.productPage?.taxationSchema === '면세' ? 'FREE' : 'TAX',
      parallelImported: 'NOT_PARALLEL_IMPORTED',
      overseasPurchased: 'NOT_OVERSEAS_PURCHASED',
      pccNeeded: 'false',
      externalVendorSku: optionNumber,
      barcode: barcode ?? '',
      emptyBarcode: barcode === null,
      emptyBarcodeReason: barcode === null ? EMPTY_BARCODE_REASON : '',
      modelNo,
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
      rocketGrowthItemData: {
        externalVendorSku: optionNumber,
        modelNo,
        barcode: barcode ?? '',
        ...(sku.ok ? { skuInfo: sku.skuInfo } : {}),
        priceData: { originalPrice, salePrice },
      },
    };
  });

  const leaf = input.categoryPath.split('>').pop() ?? '';
  const payload: Json = {
    displayCategoryCode: input.displayCategoryCode,
    sellerProductName: input.productName,
    vendorId: input.seller.vendorId,
    saleStartedAt: input.saleStartedAt,
    saleEndedAt: SALE_ENDED_AT,
    displayProductName: input.productName,
    brand: input.brand,
    generalProductName: input.productName,
    productGroup: leaf,
    manufacture: input.manufacturer,
    deliveryMethod: 'SEQUENCIAL',
    deliveryCompanyCode: 'CJGLS',
    deliveryChargeType: 'FREE',
    deliveryCharge: 0,
    freeShipOverAmount: 0,
    deliveryChargeOnReturn: 0,
    remoteAreaDeliverable: 'N',
    unionDeliveryType: 'NOT_UNION_DELIVERY',
    returnCenterCode: input.seller.returnCenterCode,
    companyContactNumber: input.seller.companyContactNumber,
    outboundShippingPlaceCode: input.seller.outboundShippingPlaceCode,
    vendorUserId: input.seller.vendorUserId,
    requested: false,
    items,
    requiredDocuments: [],
    rocketGrowthAdditionalInformation: {
      rfmInboundName: input.productName,
      legalAgreement: ROCKET_GROWTH_LEGAL_AGREEMENT,
    },
  };
  return { payload, issues };
}
