import { BARCODE_PLACEHOLDER, NOT_APPLICABLE } from '../../constants.ts';
import type { Attribute } from '../../entities/common.ts';
import type { LabelImage, RegistrationDocument } from '../../entities/registration-document.ts';
import { joinSearchTags } from '../document/join-search-tags.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { isBarcodePlaceholder } from '../document/sanitize-barcode.ts';
import { exposedAttributesOf, unexposedAttributesOf } from '../schema/check-document-against-schema.ts';

/** Supplier Hub's draft scope and form version as captured (reference/supplierhub_draft_flow_autosourcing.json). */
export const SUPPLIER_HUB_SCOPE = 'Retail_Categorized_Single';
export const SUPPLIER_HUB_VERSION = 164;

export interface SupplierHubDraftInput {
  readonly productName: string;
  readonly categoryPath: string;
  readonly categoryId: number | string;
  readonly displayCategoryCode: number;
  readonly docId?: number | string | null | undefined;
  readonly version?: number | string | undefined;
  readonly scope?: string | undefined;
  readonly documents: readonly RegistrationDocument[];
}

type Json = Record<string, unknown>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const integer = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

const attributeList = (list: readonly Attribute[]) =>
  list.map((a) => ({ attributeName: a.attributeName, attributeValue: text(a.attributeValue) }));

function labelImage(l: LabelImage): Json {
  const files = l.labelImageFiles ?? l.files ?? '';
  return {
    labelImageType: l.labelImageType ?? l.type ?? '',
    labelImageFiles: Array.isArray(files) ? files.join(',') : files,
  };
}

/** One jsonDocument entry with the pages, field names, order and value types of the captured draft. */
export function toSupplierHubDocument(
  doc: RegistrationDocument,
  productName: string,
  categoryPath: string,
): Json {
  const page = doc.productPage ?? {};
  const common = page.commonAttributes ?? {};
  const images = doc.imagePage?.images ?? {};
  const details = doc.imagePage?.details ?? {};
  const legal = doc.legalPage ?? {};
  const logistics = doc.logisticsPage ?? {};
  const barcode = common.productBarcode;
  const msrp = integer(common.msrp ?? common.osrp);
  const days = integer(logistics.daysToExpiration);
  return {
    startPage: { productName, categoryPath },
    productPage: {
      brand: text(page.brand),
      commonAttributes: {
        exposedAttributes: attributeList(exposedAttributesOf(doc)),
        purchasePrice: integer(common.purchasePrice),
        coupangSalePrice: integer(common.coupangSalePrice),
        ...(msrp !== null ? { msrp } : {}),
        productBarcode:
          typeof barcode === 'string' && barcode.trim() !== '' && !isBarcodePlaceholder(barcode)
            ? barcode.trim()
            : BARCODE_PLACEHOLDER,
      },
      ...(page.modelNumber ? { modelNumber: page.modelNumber } : {}),
      manufacturer: text(page.manufacturer),
      businessType: text(page.businessType),
      taxationSchema: text(page.taxationSchema),
      importType: text(page.importType),
      searchTags: joinSearchTags(page.searchTags),
      unexposedAttributes: attributeList(unexposedAttributesOf(doc)),
    },
    imagePage: {
      images: {
        mainImage: text(images.mainImage),
        additionalImage: text(images.additionalImage),
        labelImages: (images.labelImages ?? []).map(labelImage),
        ...(images.sizeChartImage ? { sizeChartImage: images.sizeChartImage } : {}),
      },
      details: {
        detailedImage: text(details.detailedImage),
        htmlProductDetailContent: details.htmlProductDetailContent ? details.htmlProductDetailContent : null,
        altText: text(details.altText),
      },
      msrpAgree: doc.imagePage?.msrpAgree ?? true,
    },
    legalPage: {
      kcMarkType: text(legal.kcMarkType) || NOT_APPLICABLE,
      certificates: (legal.certificates ?? []).map((c) => ({
        certificateName: c.certificateName,
        certificateValue: text(c.certificateValue),
      })),
      adCert: text(legal.adCert),
      notices: (legal.notices ?? []).map((n) => ({
        noticeItemName: noticeName(n),
        noticeItemValue: text(n.noticeItemValue ?? n.content),
      })),
    },
    logisticsPage: {
      totalSKUsInBox: integer(logistics.totalSKUsInBox) ?? 1,
      daysToExpiration: days,
      specialHandlingReason: text(logistics.specialHandlingReason) || NOT_APPLICABLE,
      skuUnitBoxWeight: text(logistics.skuUnitBoxWeight),
      skuUnitBoxDimension: text(logistics.skuUnitBoxDimension),
      ...(logistics.fashionSeason ? { fashionSeason: logistics.fashionSeason } : {}),
    },
    sourcingPage: {
      sourcingChannelType: text(doc.sourcingPage?.sourcingChannelType),
      sourcingChannelId: text(doc.sourcingPage?.sourcingChannelId),
    },
  };
}

/**
 * The Supplier Hub draft of one product (POST /sr/draft/api/update's body as captured): the envelope
 * (docId, productName, categoryPath, categoryId, displayCategoryCode, scope, version) and one
 * jsonDocument entry per option, every entry under the same product name (no option text).
 */
export function buildSupplierHubDraft(input: SupplierHubDraftInput): Json {
  return {
    docId: input.docId ?? null,
    productName: input.productName,
    categoryPath: input.categoryPath,
    categoryId: input.categoryId,
    displayCategoryCode: input.displayCategoryCode,
    jsonDocument: input.documents.map((d) => toSupplierHubDocument(d, input.productName, input.categoryPath)),
    scope: input.scope ?? SUPPLIER_HUB_SCOPE,
    version: input.version ?? SUPPLIER_HUB_VERSION,
  };
}
