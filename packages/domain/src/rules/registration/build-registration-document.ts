import { NOT_APPLICABLE, REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { decideOrigin } from '../document/decide-origin.ts';
import { buildLabelImageEntry } from '../labels/build-default-korean-labels.ts';

export interface RegistrationSkeletonInput {
  productName: string;
  categoryPath?: string | undefined;
  brand?: string | undefined;
  manufacturer?: string | undefined;
  importStatus?: string | undefined;
  transactionType?: string | undefined;
  prices?: { purchasePrice?: number; coupangSalePrice?: number; msrp?: number } | undefined;
  /** The option's own exposed values by attribute name (e.g. 색상 → 빨강). */
  exposedValues?: Readonly<Record<string, string>> | undefined;
  /** Name of the notice category to use; the schema's first one otherwise. */
  noticeCategoryName?: string | undefined;
  labelImage?: string | undefined;
}

/**
 * "Add to registration" (DESIGN data flow): one option's jsonDocument entry built from the category
 * schema with the spec's defaults — every schema attribute in schema order (exposed ones empty or the
 * option's value, unexposed ones null), the notice items of one category, box 100*100*100 / 1000 g,
 * 1 SKU per box, fashion season 사계절, certificates 해당사항없음, barcode requested from Coupang.
 */
export function buildRegistrationDocument(
  schema: CategorySchema,
  input: RegistrationSkeletonInput,
): RegistrationDocument {
  const exposed = schema.attributes.filter((a) => a.exposed);
  const unexposed = schema.attributes.filter((a) => !a.exposed);
  const category =
    schema.noticeCategories.find((c) => c.name === input.noticeCategoryName) ?? schema.noticeCategories[0];
  const importStatus = input.importStatus ?? REGISTRATION_DEFAULTS.importStatus;
  return {
    startPage: {
      productName: input.productName,
      ...(input.categoryPath ? { categoryPath: input.categoryPath } : {}),
    },
    productPage: {
      brand: input.brand ?? '',
      manufacturer: input.manufacturer ?? '',
      businessType: input.transactionType ?? REGISTRATION_DEFAULTS.transactionType,
      taxationSchema: REGISTRATION_DEFAULTS.taxationType,
      importType: importStatus,
      modelNumber: '',
      searchTags: '',
      commonAttributes: {
        purchasePrice: input.prices?.purchasePrice ?? null,
        coupangSalePrice: input.prices?.coupangSalePrice ?? null,
        msrp: input.prices?.msrp ?? null,
        productBarcode: REGISTRATION_DEFAULTS.barcode,
        exposedAttributes: exposed.map((a) => ({
          attributeName: a.name,
          attributeValue: input.exposedValues?.[a.name] ?? '',
        })),
      },
      unexposedAttributes: unexposed.map((a) => ({ attributeName: a.name, attributeValue: null })),
    },
    imagePage: {
      images: {
        mainImage: '',
        additionalImage: '',
        labelImages: input.labelImage ? [buildLabelImageEntry(input.labelImage)] : [],
      },
      details: { detailedImage: '', htmlProductDetailContent: null, altText: '' },
    },
    logisticsPage: {
      skuUnitBoxDimension: REGISTRATION_DEFAULTS.boxDimension,
      skuUnitBoxWeight: REGISTRATION_DEFAULTS.boxWeight,
      totalSKUsInBox: REGISTRATION_DEFAULTS.totalSkusInBoxMinimum,
      specialHandlingReason: NOT_APPLICABLE,
      fashionSeason: REGISTRATION_DEFAULTS.fashionSeason,
    },
    legalPage: {
      kcMarkType: NOT_APPLICABLE,
      certificates: [],
      adCert: '',
      notices: (category?.items ?? []).map((i) => ({
        noticeItemName: i.name,
        noticeItemValue: /제조국|원산지/.test(i.name) ? decideOrigin(importStatus) : '',
      })),
    },
    sourcingPage: { sourcingChannelType: '', sourcingChannelId: '' },
  };
}
