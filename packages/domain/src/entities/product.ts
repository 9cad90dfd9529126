import { z } from 'zod';
import { CategorySchema } from './category-schema.ts';
import { DateLike, ProductSourceAttribute, TaskStatus } from './common.ts';
import { KoreanLabels } from './korean-labels.ts';
import { Pricing } from './pricing.ts';
import { DetailImageStatusObj, MainImageStatus, ProcessedImage } from './processed-image.ts';
import { Quotation } from './quotation.ts';
import { CoupangDoc, RegistrationDocument } from './registration-document.ts';
import { Seo } from './seo.ts';
import { SizeChart } from './size-chart.ts';

// Rocket product and option (W §3, Q §3). Loose: unknown stored fields are kept.

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

export const RocketRegInfo = z.looseObject({
  categoryPath: z.string().optional(),
  categoryId: z.union([z.number(), z.string()]).optional(),
  displayCategoryCode: z.union([z.number(), z.string()]).optional(),
  /** JSON schema of the target document, as a string. */
  schemaString: z.string().optional(),
  schemaInfo: z.unknown().optional(),
  /** Our converted category schema, when stored. */
  categorySchema: CategorySchema.optional(),
});
export type RocketRegInfo = z.infer<typeof RocketRegInfo>;

export const ProcessError = z.looseObject({
  message: z.string(),
  timestamp: DateLike,
  failedOptions: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type ProcessError = z.infer<typeof ProcessError>;

export const OriginDetailImage = z.looseObject({ originalUrl: z.string(), img: z.string().optional() });
export type OriginDetailImage = z.infer<typeof OriginDetailImage>;

export const RocketProduct = z.looseObject({
  _id: z.string().optional(),
  registrationId: z.string(),
  productName: z.string().default(''),
  productNameTrans: z.string().optional(),
  productNameSeo: z.string().optional(),
  korName: z.string().optional(),
  subject: z.string().optional(),
  subjectTrans: z.string().optional(),
  manufacturer: z.string().optional(),
  brand: z.string().optional(),
  attributes: z.array(ProductSourceAttribute).default([]),
  categoryPath: z.string().optional(),
  mainImages: z.array(z.string()).default([]),
  description: z.string().optional(),
  importStatus: z.string().optional(),
  rocketRegInfo: RocketRegInfo.optional(),
  options: z.array(ProductOption).default([]),
  pricing: Pricing.optional(),
  seo: Seo.optional(),
  quotation: Quotation.optional(),
  coupangDoc: CoupangDoc.optional(),
  additionalImages: z.array(z.union([z.string(), ProcessedImage])).default([]),
  detailImages: z.array(z.union([z.string(), ProcessedImage])).default([]),
  originDetailImages: z.array(OriginDetailImage).default([]),
  originalDetailImages: z.array(z.string()).optional(),
  processedDetailImages: z.array(ProcessedImage).optional(),
  finalDetailImage: z.string().optional(),
  detailHtml: z.string().optional(),
  koreanLabels: KoreanLabels.optional(),
  koreanLabelImage: z.string().optional(),
  sizeChart: SizeChart.nullish(),
  sizeChartImage: z.string().optional(),
  registered: z.boolean().optional(),
  verified: z.boolean().optional(),
  registrationStatus: z.string().optional(),
  processError: ProcessError.optional(),
  /** Where each written value came from: dotted path → source | ai | seller (set by the server). */
  fieldSources: z.record(z.string(), z.enum(['source', 'ai', 'seller'])).optional(),
  updatedAt: DateLike.optional(),
  lastModified: DateLike.optional(),

  seoStatus: TaskStatus.default('pending'),
  pricingStatus: TaskStatus.default('pending'),
  mainImageStatus: TaskStatus.default('pending'),
  additionalImageStatus: TaskStatus.default('pending'),
  detailImageStatus: TaskStatus.default('pending'),
  detailImageStatusObj: DetailImageStatusObj.optional(),
  koreanLabelStatus: TaskStatus.default('pending'),
  sizeChartStatus: TaskStatus.default('pending'),
  quotationStatus: TaskStatus.default('pending'),
});
export type RocketProduct = z.infer<typeof RocketProduct>;
