import { z } from 'zod';
import { DateLike, ProductSourceAttribute, TaskStatus } from './common.ts';
import { CoupangRegistration } from './coupang-registration.ts';
import { KoreanLabels } from './korean-labels.ts';
import { Pricing } from './pricing.ts';
import { DetailImageStatusObj, MainImageStatus, ProcessedImage } from './processed-image.ts';
import { Quotation } from './quotation.ts';
import { CoupangDoc, RegistrationDocument } from './registration-document.ts';
import { Seo } from './seo.ts';
import { SizeChart } from './size-chart.ts';

// The rocket product (W §3, Q §3): the one product entity. The server's repository parses each
// stored document with it once (leniently: unknown stored fields are kept, loose objects), and
// the HTTP contracts re-export it. A field added to the stored document is added here.

/** A status that is either the plain status name or an object holding it (main image). */
const StatusField = z.union([TaskStatus, z.string()]);

export const OriginDetailImage = z.looseObject({ originalUrl: z.string(), img: z.string().optional() });
export type OriginDetailImage = z.infer<typeof OriginDetailImage>;

/** One option's source name part (W §3 Option: option1 and option2 = name, nameTrans). */
export const OptionNamePart = z.looseObject({
  /** The Chinese source value (part of the source key; never changed by edits). */
  name: z.string(),
  /** The translated / seller-edited Korean value (separate field). */
  nameTrans: z.string().optional(),
  /** SKU image of this axis value, when the source has one. */
  image: z.string().optional(),
  /** The 1688 axis name (颜色, 尺码), when known. */
  axis: z.string().optional(),
});
export type OptionNamePart = z.infer<typeof OptionNamePart>;

/** A stored list entry of images: a plain URL or a processed image record. */
export const ImageEntry = z.union([z.string(), ProcessedImage]);
export type ImageEntry = z.infer<typeof ImageEntry>;

/**
 * One option of a product (W §3 Option): the import's fields (source key, SKU ids, pack info), the
 * prices, the per-task statuses and results, and its registration document. The one option type:
 * the import, the tasks, the HTTP answers and the web all use it.
 */
export const ProductOption = z.looseObject({
  /** registrationId + 3 digits, e.g. `DEMO01-000123` + `001`. */
  optionNumber: z.string(),
  /** The source key: the Chinese axis values joined with `>` (e.g. `红色>XL`). One option per key. */
  sourceKey: z.string().optional(),
  skuId: z.string().nullish(),
  specId: z.string().nullish(),
  option1: OptionNamePart.nullish(),
  option2: OptionNamePart.nullish(),
  korName: z.string().optional(),
  fullProductName: z.string().optional(),
  selected: z.boolean().optional(),
  /** Source price in yuan (discount price when there is one); null when the source has none. */
  price: z.number().nullish(),
  /** True when the source price is missing or 0: never exported as 0. */
  priceMissing: z.boolean().optional(),
  stock: z.number().nullish(),
  /** Per-SKU pack info from the source (g, cm). */
  weightG: z.number().nullish(),
  sizeCm: z
    .looseObject({
      length: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    })
    .nullish(),
  /** Gone from the source at the last re-import (kept, not deleted). */
  sourceRemoved: z.boolean().optional(),
  /** Its translated name collides with another option's (flagged, never merged). */
  nameCollision: z.boolean().optional(),
  bundleQuantity: z.number().optional(),
  purchasePrice: z.number().optional(),
  supplyPrice: z.number().optional(),
  sellingPrice: z.number().optional(),
  supplyMargin: z.number().optional(),
  sellingMargin: z.number().optional(),
  /** The option's list price (the pricing task's, with the prices above). */
  msrp: z.number().optional(),
  registrationStatus: z.string().optional(),
  verified: z.boolean().optional(),
  seoStatus: StatusField.optional(),
  pricingStatus: StatusField.optional(),
  additionalImageStatus: StatusField.optional(),
  koreanLabelStatus: StatusField.optional(),
  quotationStatus: StatusField.optional(),
  koreanLabels: KoreanLabels.optional(),
  koreanLabelImage: z.string().optional(),
  detailImages: z.array(ImageEntry).optional(),
  detailImageStatus: StatusField.optional(),
  detailImageStatusObj: DetailImageStatusObj.optional(),
  sizeChartStatus: StatusField.optional(),
  coupangDoc: RegistrationDocument.optional(),
  mainImageStatus: z.union([MainImageStatus, z.string()]).optional(),
  updatedAt: DateLike.optional(),
});
export type ProductOption = z.infer<typeof ProductOption>;

/** rocketRegInfo: the chosen category and `schemaString` = JSON Schema of the target document. */
export const RocketRegInfo = z.looseObject({
  categoryPath: z.string(),
  categoryId: z.union([z.string(), z.number()]).nullish(),
  displayCategoryCode: z.number().int(),
  /** JSON.stringify of the JSON Schema (draft 2020-12) one jsonDocument entry must satisfy. */
  schemaString: z.string(),
  /** The category schema (domain CategorySchema) the JSON Schema was built from. */
  schemaInfo: z.unknown().optional(),
});
export type RocketRegInfo = z.infer<typeof RocketRegInfo>;

export const SourceInfo = z.looseObject({
  platform: z.literal('1688'),
  offerId: z.string(),
  url: z.string().optional(),
  importedAt: z.string(),
  lastImportedAt: z.string().optional(),
  /** The raw 1688 offer as last applied: free-form source data (its shape is the marketplace's). */
  offer: z.unknown(),
});
export type SourceInfo = z.infer<typeof SourceInfo>;

/** What the last failed run left (Q §3 processError: message, timestamp, failedOptions or error). */
export const ProcessError = z.looseObject({
  message: z.string().optional(),
  timestamp: DateLike.optional(),
  /** Option numbers whose quotation failed. */
  failedOptions: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type ProcessError = z.infer<typeof ProcessError>;

/** A status of the product (W §4 Per-task status). */
const ProductStatus = TaskStatus.optional();

/** A stored rocket product (W §3 Rocket product). */
export const RocketProduct = z.looseObject({
  _id: z.string(),
  registrationId: z.string(),
  /** Chinese source title. */
  productName: z.string().optional(),
  productNameTrans: z.string().optional(),
  korName: z.string().optional(),
  brand: z.string().optional(),
  manufacturer: z.string().optional(),
  attributes: z.array(ProductSourceAttribute).optional(),
  categoryPath: z.string().optional(),
  mainImages: z.array(z.string()).optional(),
  detailImages: z.array(ImageEntry).optional(),
  originDetailImages: z.array(OriginDetailImage).optional(),
  importStatus: z.string().optional(),
  rocketRegInfo: RocketRegInfo.nullish(),
  options: z.array(ProductOption).default([]),
  pricing: Pricing.optional(),
  seo: Seo.optional(),
  quotation: Quotation.optional(),
  coupangDoc: CoupangDoc.optional(),
  source: SourceInfo.optional(),
  registered: z.boolean().optional(),
  verified: z.boolean().optional(),
  registrationStatus: z.string().optional(),
  seoStatus: ProductStatus,
  pricingStatus: ProductStatus,
  mainImageStatus: ProductStatus,
  additionalImageStatus: ProductStatus,
  detailImageStatus: ProductStatus,
  koreanLabelStatus: ProductStatus,
  sizeChartStatus: ProductStatus,
  quotationStatus: ProductStatus,
  /** Issue 23: the workflow status of the registration on Coupang (its review is coupangRegistration). */
  registerStatus: ProductStatus,
  /** The further fields the tasks write (their keys are also the fields a partial update may write). */
  productNameSeo: z.string().nullish(),
  /** The 1688 title as imported, and its translation (Q §3). */
  subject: z.string().nullish(),
  subjectTrans: z.string().nullish(),
  description: z.string().nullish(),
  additionalImages: z.array(ImageEntry).optional(),
  /** The source's detail image URLs as imported. */
  originalDetailImages: z.array(z.string()).optional(),
  processedDetailImages: z.array(ImageEntry).optional(),
  finalDetailImage: z.string().nullish(),
  detailHtml: z.string().nullish(),
  detailImageStatusObj: DetailImageStatusObj.optional(),
  koreanLabels: KoreanLabels.optional(),
  koreanLabelImage: z.string().nullish(),
  sizeChart: SizeChart.nullish(),
  sizeChartImage: z.string().nullish(),
  /** Cleared (null) when a later run succeeds. */
  processError: ProcessError.nullish(),
  /** Issue 23: the registration on Coupang through the Open API (status, reasons, attempts). */
  coupangRegistration: CoupangRegistration.nullish(),
  /** Issue 37: documents uploaded for the category's required-document templates (sent as requiredDocuments). */
  coupangDocuments: z
    .array(
      z.looseObject({
        templateName: z.string(),
        vendorDocumentPath: z.string(),
        fileName: z.string().default(''),
        uploadedAt: z.string().default(''),
      }),
    )
    .optional(),
  /**
   * Where each written value came from: dotted path → source | ai | seller (set by the server). Any
   * string is accepted as stored; `readFieldSources` keeps the well-formed entries.
   */
  fieldSources: z.record(z.string(), z.string()).optional(),
  /**
   * Issue 20: per task, the phrases the offline demo AI could not translate in its last run of that
   * task (set by the runner, null once a run of it leaves none): what is left for the seller.
   */
  untranslatedPhrases: z.record(z.string(), z.array(z.string()).nullable()).optional(),
  /**
   * The 1688 offer's quantity tiers (issue 41: the reorder list's prices), ascending, price in yuan;
   * empty when every SKU has its own price. Written by the import (productSourceFields).
   */
  priceTiers: z.array(z.looseObject({ minQuantity: z.number(), price: z.number() })).optional(),
  /** The 1688 offer's minimum order quantity (起批量), null when the capture had none. */
  minOrderQuantity: z.number().nullish(),
  /** A split's product (Q §4): the product it was split from, and its group's attribute and values. */
  splitFrom: z.string().optional(),
  splitGroup: z
    .looseObject({ attributeName: z.string(), value: z.string(), values: z.array(z.string()) })
    .optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  lastModified: z.string().optional(),
});
export type RocketProduct = z.infer<typeof RocketProduct>;
