import { REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { CoupangDoc, RegistrationDocument } from '../../entities/registration-document.ts';
import { resolveOrigin } from '../document/resolve-origin.ts';
import { buildLabelImageEntry } from '../labels/build-default-korean-labels.ts';

// "Add to registration": the coupangDoc skeleton, one jsonDocument entry per option, in the shape of
// Supplier Hub's draft documents (startPage, productPage, imagePage, logisticsPage, legalPage, sourcingPage).

/** Supplier Hub's draft scope and form version as captured (reference/supplierhub_draft_flow_autosourcing.json). */
const DRAFT_SCOPE = 'Retail_Categorized_Single';
const DRAFT_VERSION = 164;

/** One option as the skeleton needs it: its number and, when the source knows them, weight and pack size. */
export type SkeletonOption = {
  optionNumber: string;
  weightG?: number | null | undefined;
  sizeCm?: { length: number | null; width: number | null; height: number | null } | null | undefined;
};

/** The seller's default settings the skeleton reads (settings → defaultSettings). */
export interface RegistrationSettingsDefaults {
  brand?: string | undefined;
  manufacturer?: string | undefined;
  importer?: string | undefined;
  importStatus?: string | undefined;
  transactionType?: string | undefined;
  origin?: string | undefined;
  asInfo?: string | undefined;
}

export interface RegistrationSkeletonInput extends RegistrationSettingsDefaults {
  productName: string;
  categoryPath?: string | undefined;
  /** The option this entry is for: its number is the model number; weight and size fill the box. */
  option?: SkeletonOption | undefined;
  /** The 1688 offer the product came from (sourcingPage). */
  offerId?: string | null | undefined;
  prices?: { purchasePrice?: number; coupangSalePrice?: number; msrp?: number } | undefined;
  /** The option's own exposed values by attribute name (e.g. 색상 → 빨강). */
  exposedValues?: Readonly<Record<string, string>> | undefined;
  /** Name of the notice category to use; the schema's first one otherwise. */
  noticeCategoryName?: string | undefined;
  labelImage?: string | undefined;
}

/** Pack size in cm → box dimension in mm (`L*W*H`, at least 10 mm each), or the default 100*100*100. */
function boxDimensionFrom(sizeCm: SkeletonOption['sizeCm']): string {
  if (!sizeCm?.length || !sizeCm.width || !sizeCm.height) return REGISTRATION_DEFAULTS.boxDimension;
  const mm = [sizeCm.length, sizeCm.width, sizeCm.height].map((cm) => Math.max(10, Math.round(cm * 10)));
  return mm.join('*');
}

/** Weight in g → box weight, or the default 1000. */
function boxWeightFrom(weightG: number | null | undefined): string {
  return weightG && weightG > 0 ? String(Math.round(weightG)) : REGISTRATION_DEFAULTS.boxWeight;
}

/** A notice value the settings already answer (origin, maker or importer, after-service, quality guarantee). */
function noticeDefault(name: string, d: RegistrationSettingsDefaults, importStatus: string): string {
  if (name.includes('제조국') || name.includes('원산지'))
    return resolveOrigin({ origin: d.origin, importStatus });
  if (name.includes('제조자') || name.includes('수입자')) return d.manufacturer || d.importer || '';
  if (name.includes('A/S') || name.includes('소비자상담')) return d.asInfo ?? '';
  if (name.includes('품질보증')) return REGISTRATION_DEFAULTS.qualityGuarantee;
  return '';
}

/**
 * "Add to registration" (DESIGN data flow): one option's jsonDocument entry built from the category
 * schema with the spec's defaults and the seller's settings — every schema attribute in schema
 * order (exposed ones empty or the option's value, unexposed ones null), the notice items of one
 * category with the values the settings answer, the box from the option's size and weight (else
 * 100*100*100 / 1000 g), 1 SKU per box, fashion season 사계절 for fashion categories, the 1688 offer
 * as the sourcing channel.
 */
export function buildRegistrationDocument(
  schema: CategorySchema,
  input: RegistrationSkeletonInput,
): RegistrationDocument {
  const isFashion = (input.categoryPath ?? '').startsWith('패션의류잡화');
  const category =
    schema.noticeCategories.find((c) => c.name === input.noticeCategoryName) ?? schema.noticeCategories[0];
  const importStatus = input.importStatus ?? REGISTRATION_DEFAULTS.importStatus;
  const offerId = input.offerId ?? null;
  return {
    startPage: {
      productName: input.productName,
      ...(input.categoryPath !== undefined ? { categoryPath: input.categoryPath } : {}),
    },
    productPage: {
      modelNumber: input.option?.optionNumber ?? '',
      brand: input.brand ?? '',
      manufacturer: input.manufacturer ?? '',
      businessType: input.transactionType ?? REGISTRATION_DEFAULTS.transactionType,
      importType: importStatus,
      taxationSchema: REGISTRATION_DEFAULTS.taxationType,
      searchTags: '',
      productDescription: '',
      commonAttributes: {
        purchasePrice: input.prices?.purchasePrice ?? null,
        coupangSalePrice: input.prices?.coupangSalePrice ?? null,
        msrp: input.prices?.msrp ?? null,
        productBarcode: null,
        exposedAttributes: schema.attributes
          .filter((a) => a.exposed)
          .map((a) => ({ attributeName: a.name, attributeValue: input.exposedValues?.[a.name] ?? '' })),
      },
      unexposedAttributes: schema.attributes
        .filter((a) => !a.exposed)
        .map((a) => ({ attributeName: a.name, attributeValue: null })),
    },
    imagePage: {
      images: {
        mainImage: '',
        additionalImage: '',
        labelImages: input.labelImage ? [buildLabelImageEntry(input.labelImage)] : [],
        sizeChartImage: '',
      },
      details: { detailedImage: '', htmlProductDetailContent: '', altText: '' },
      msrpAgree: true,
    },
    logisticsPage: {
      skuUnitBoxDimension: boxDimensionFrom(input.option?.sizeCm),
      skuUnitBoxWeight: boxWeightFrom(input.option?.weightG),
      totalSKUsInBox: REGISTRATION_DEFAULTS.totalSkusInBoxBoxed,
      daysToExpiration: null,
      specialHandlingReason: null,
      ...(isFashion ? { fashionSeason: REGISTRATION_DEFAULTS.fashionSeason } : {}),
    },
    legalPage: {
      kcMarkType: '',
      certificates: [],
      adCert: '',
      notices: (category?.items ?? []).map((n) => ({
        noticeCategoryName: category?.name,
        noticeItemName: n.name,
        noticeItemValue: noticeDefault(n.name, input, importStatus),
      })),
    },
    sourcingPage: { sourcingChannelType: offerId ? '1688' : null, sourcingChannelId: offerId },
  };
}

/** The product's coupangDoc: Supplier Hub's draft envelope with one skeleton per option. */
export function buildCoupangDoc(
  schema: CategorySchema,
  input: Omit<RegistrationSkeletonInput, 'option'> & { options: readonly SkeletonOption[] },
): CoupangDoc {
  const { options, ...common } = input;
  return {
    docId: null,
    version: DRAFT_VERSION,
    scope: DRAFT_SCOPE,
    productName: input.productName,
    jsonDocument: options.map((option) => buildRegistrationDocument(schema, { ...common, option })),
  };
}
