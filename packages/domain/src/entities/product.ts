import { z } from 'zod';
import { DateLike, TaskStatus } from './common.ts';
import { KoreanLabels } from './korean-labels.ts';
import { DetailImageStatusObj, MainImageStatus, ProcessedImage } from './processed-image.ts';
import { RegistrationDocument } from './registration-document.ts';

// The rocket product (W §3, Q §3): the one product entity. The server's repository parses each
// stored document with it once (leniently: unknown stored fields are kept, loose objects), and
// the HTTP contracts re-export it. A field added to the stored document is added here.

export const OptionName = z.looseObject({
  name: z.string().default(''),
  nameTrans: z.string().default(''),
});
export type OptionName = z.infer<typeof OptionName>;

/** A status that is either the plain status name or an object holding it (main image). */
const StatusField = z.union([TaskStatus, z.string()]);

export const ProductOption = z.looseObject({
  optionNumber: z.string(),
  option1: OptionName.optional(),
  option2: OptionName.optional(),
  korName: z.string().optional(),
  fullProductName: z.string().optional(),
  selected: z.boolean().optional(),
  price: z.number().optional(),
  stock: z.number().optional(),
  bundleQuantity: z.number().int().positive().optional(),
  purchasePrice: z.number().optional(),
  supplyPrice: z.number().optional(),
  sellingPrice: z.number().optional(),
  supplyMargin: z.number().optional(),
  sellingMargin: z.number().optional(),
  registrationStatus: z.string().optional(),
  verified: z.boolean().optional(),
  seoStatus: StatusField.optional(),
  pricingStatus: StatusField.optional(),
  additionalImageStatus: StatusField.optional(),
  koreanLabelStatus: StatusField.optional(),
  quotationStatus: StatusField.optional(),
  koreanLabels: KoreanLabels.optional(),
  koreanLabelImage: z.string().optional(),
  detailImages: z.array(z.union([z.string(), ProcessedImage])).optional(),
  detailImageStatus: StatusField.optional(),
  detailImageStatusObj: DetailImageStatusObj.optional(),
  sizeChartStatus: StatusField.optional(),
  coupangDoc: RegistrationDocument.optional(),
  mainImageStatus: z.union([MainImageStatus, z.string()]).optional(),
  updatedAt: DateLike.optional(),
});
export type ProductOption = z.infer<typeof ProductOption>;

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
});
export type OptionNamePart = z.infer<typeof OptionNamePart>;

export const RocketOption = z.looseObject({
  /** registrationId + 3 digits, e.g. `DEMO01-000123` + `001`. */
  optionNumber: z.string(),
  /** The source key: the Chinese axis values joined with `>` (e.g. `红色>XL`). One option per key. */
  sourceKey: z.string(),
  skuId: z.string().nullish(),
  specId: z.string().nullish(),
  option1: OptionNamePart.nullish(),
  option2: OptionNamePart.nullish(),
  korName: z.string().optional(),
  /** Source price in yuan (discount price when there is one); null when the source has none. */
  price: z.number().nullish(),
  /** True when the source price is missing or 0: never exported as 0. */
  priceMissing: z.boolean().optional(),
  stock: z.number().nullable().optional(),
  /** Per-SKU pack info from the source (g, cm). */
  weightG: z.number().nullable().optional(),
  sizeCm: z
    .looseObject({
      length: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    })
    .nullable()
    .optional(),
  /** Gone from the source at the last re-import (kept, not deleted). */
  sourceRemoved: z.boolean().optional(),
  /** Its translated name collides with another option's (flagged, never merged). */
  nameCollision: z.boolean().optional(),
  bundleQuantity: z.number().optional(),
  purchasePrice: z.number().optional(),
  supplyPrice: z.number().optional(),
  sellingPrice: z.number().optional(),
  registrationStatus: z.string().optional(),
  verified: z.boolean().optional(),
});
export type RocketOption = z.infer<typeof RocketOption>;

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
  /** The parsed 1688 offer (domain SourceOffer) as last applied. */
  offer: z.unknown(),
});
export type SourceInfo = z.infer<typeof SourceInfo>;

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
  attributes: z.array(z.looseObject({ attributeName: z.string(), value: z.unknown().optional() })).optional(),
  categoryPath: z.string().optional(),
  mainImages: z.array(z.string()).optional(),
  detailImages: z.array(z.unknown()).optional(),
  originDetailImages: z
    .array(z.looseObject({ originalUrl: z.string(), img: z.string().optional() }))
    .optional(),
  importStatus: z.string().optional(),
  rocketRegInfo: RocketRegInfo.nullish(),
  options: z.array(RocketOption).default([]),
  pricing: z.unknown().optional(),
  seo: z.unknown().optional(),
  quotation: z.unknown().optional(),
  coupangDoc: z.unknown().optional(),
  source: SourceInfo.optional(),
  registered: z.boolean().optional(),
  verified: z.boolean().optional(),
  registrationStatus: z.string().optional(),
  seoStatus: TaskStatus.optional(),
  pricingStatus: TaskStatus.optional(),
  mainImageStatus: TaskStatus.optional(),
  additionalImageStatus: TaskStatus.optional(),
  detailImageStatus: TaskStatus.optional(),
  koreanLabelStatus: TaskStatus.optional(),
  sizeChartStatus: TaskStatus.optional(),
  quotationStatus: TaskStatus.optional(),
  /**
   * Further stored fields the tasks write (their keys are the fields a partial update may write).
   * Typed loosely for now: the HTTP answers have always carried them as they are stored.
   */
  productNameSeo: z.unknown().optional(),
  subject: z.unknown().optional(),
  subjectTrans: z.unknown().optional(),
  description: z.unknown().optional(),
  additionalImages: z.unknown().optional(),
  originalDetailImages: z.unknown().optional(),
  processedDetailImages: z.unknown().optional(),
  finalDetailImage: z.unknown().optional(),
  detailHtml: z.unknown().optional(),
  detailImageStatusObj: z.unknown().optional(),
  koreanLabels: z.unknown().optional(),
  koreanLabelImage: z.unknown().optional(),
  sizeChart: z.unknown().optional(),
  sizeChartImage: z.unknown().optional(),
  processError: z.unknown().optional(),
  /** Where each written value came from: dotted path → source | ai | seller (set by the server). */
  fieldSources: z.unknown().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  lastModified: z.string().optional(),
});
export type RocketProduct = z.infer<typeof RocketProduct>;
