import type { SettingsView } from '@rr/contracts';
import type { CategorySchema, CoupangDoc, RegistrationDocument } from '@rr/domain';
import { REGISTRATION_DEFAULTS, resolveOrigin } from '@rr/domain';

// "Add to registration": the coupangDoc skeleton, one jsonDocument entry per option, in the shape of
// Supplier Hub's draft documents (startPage, productPage, imagePage, logisticsPage, legalPage, sourcingPage).

/** Supplier Hub's draft scope and form version as captured (reference/supplierhub_draft_flow_autosourcing.json). */
export const DRAFT_SCOPE = 'Retail_Categorized_Single';
export const DRAFT_VERSION = 164;

export type SkeletonOption = {
  optionNumber: string;
  weightG?: number | null;
  sizeCm?: { length: number | null; width: number | null; height: number | null } | null;
};

/** Option number: registrationId followed by a 3-digit sequence (Q §3). */
export function optionNumberOf(registrationId: string, index: number): string {
  return `${registrationId}${String(index + 1).padStart(3, '0')}`;
}

/** Pack size in cm → box dimension in mm (`L*W*H`), or the default 100*100*100. */
export function boxDimensionFrom(sizeCm: SkeletonOption['sizeCm']): string {
  if (!sizeCm?.length || !sizeCm.width || !sizeCm.height) return REGISTRATION_DEFAULTS.boxDimension;
  const mm = [sizeCm.length, sizeCm.width, sizeCm.height].map((cm) => Math.max(10, Math.round(cm * 10)));
  return mm.join('*');
}

export function boxWeightFrom(weightG: number | null | undefined): string {
  return weightG && weightG > 0 ? String(Math.round(weightG)) : REGISTRATION_DEFAULTS.boxWeight;
}

/** A notice value the settings already answer (maker, after-service, origin, quality guarantee). */
function noticeDefault(name: string, d: SettingsView['defaultSettings']): string {
  if (name.includes('제조국') || name.includes('원산지'))
    return resolveOrigin({ origin: d.origin, importStatus: d.importStatus });
  if (name.includes('제조자') || name.includes('수입자')) return d.manufacturer || d.importer || '';
  if (name.includes('A/S') || name.includes('소비자상담')) return d.asInfo;
  if (name.includes('품질보증')) return REGISTRATION_DEFAULTS.qualityGuarantee;
  return '';
}

export function buildDocumentSkeleton(input: {
  productName: string;
  categoryPath: string;
  schema: CategorySchema;
  option: SkeletonOption;
  defaults: SettingsView['defaultSettings'];
  offerId: string | null;
}): RegistrationDocument {
  const { schema, defaults } = input;
  const isFashion = input.categoryPath.startsWith('패션의류잡화');
  const notices = schema.noticeCategories[0]?.items ?? [];
  return {
    startPage: { productName: input.productName, categoryPath: input.categoryPath },
    productPage: {
      modelNumber: input.option.optionNumber,
      brand: defaults.brand,
      manufacturer: defaults.manufacturer,
      businessType: defaults.transactionType,
      importType: defaults.importStatus,
      taxationSchema: REGISTRATION_DEFAULTS.taxationType,
      searchTags: '',
      productDescription: '',
      commonAttributes: {
        purchasePrice: null,
        coupangSalePrice: null,
        msrp: null,
        productBarcode: null,
        exposedAttributes: schema.attributes
          .filter((a) => a.exposed)
          .map((a) => ({ attributeName: a.name, attributeValue: '' })),
      },
      unexposedAttributes: schema.attributes
        .filter((a) => !a.exposed)
        .map((a) => ({ attributeName: a.name, attributeValue: null })),
    },
    imagePage: {
      images: { mainImage: '', additionalImage: '', labelImages: [], sizeChartImage: '' },
      details: { detailedImage: '', htmlProductDetailContent: '', altText: '' },
      msrpAgree: true,
    },
    logisticsPage: {
      skuUnitBoxDimension: boxDimensionFrom(input.option.sizeCm),
      skuUnitBoxWeight: boxWeightFrom(input.option.weightG),
      totalSKUsInBox: REGISTRATION_DEFAULTS.totalSkusInBoxMinimum,
      daysToExpiration: null,
      specialHandlingReason: null,
      ...(isFashion ? { fashionSeason: REGISTRATION_DEFAULTS.fashionSeason } : {}),
    },
    legalPage: {
      kcMarkType: '',
      certificates: [],
      adCert: '',
      notices: notices.map((n) => ({
        noticeCategoryName: schema.noticeCategories[0]?.name,
        noticeItemName: n.name,
        noticeItemValue: noticeDefault(n.name, defaults),
      })),
    },
    sourcingPage: { sourcingChannelType: input.offerId ? '1688' : null, sourcingChannelId: input.offerId },
  };
}

export function buildCoupangDoc(input: {
  productName: string;
  categoryPath: string;
  schema: CategorySchema;
  options: SkeletonOption[];
  defaults: SettingsView['defaultSettings'];
  offerId: string | null;
}): CoupangDoc {
  return {
    docId: null,
    version: DRAFT_VERSION,
    scope: DRAFT_SCOPE,
    productName: input.productName,
    jsonDocument: input.options.map((option) =>
      buildDocumentSkeleton({
        productName: input.productName,
        categoryPath: input.categoryPath,
        schema: input.schema,
        option,
        defaults: input.defaults,
        offerId: input.offerId,
      }),
    ),
  };
}
