import { z } from 'zod';
import { Attribute, NumberLike } from './common.ts';

// The per-option registration document (W §3, Q §3), shaped like Supplier Hub's jsonDocument entry.

export const StartPage = z.looseObject({
  productName: z.string().optional(),
  categoryPath: z.string().optional(),
});
export type StartPage = z.infer<typeof StartPage>;

export const CommonAttributes = z.looseObject({
  purchasePrice: NumberLike.nullish(),
  coupangSalePrice: NumberLike.nullish(),
  msrp: NumberLike.nullish(),
  osrp: NumberLike.nullish(),
  productBarcode: z.string().nullish(),
  exposedAttributes: z.array(Attribute).optional(),
});
export type CommonAttributes = z.infer<typeof CommonAttributes>;

export const ProductPage = z.looseObject({
  modelNumber: z.string().nullish(),
  brand: z.string().nullish(),
  businessType: z.string().nullish(),
  importType: z.string().nullish(),
  manufacturer: z.string().nullish(),
  taxationSchema: z.string().nullish(),
  searchTags: z.union([z.string(), z.array(z.string())]).nullish(),
  productDescription: z.string().nullish(),
  commonAttributes: CommonAttributes.optional(),
  /** Some documents keep exposed attributes directly on the page (Q §3). */
  exposedAttributes: z.array(Attribute).optional(),
  unexposedAttributes: z.array(Attribute).optional(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const LabelImage = z.looseObject({
  labelImageType: z.string().optional(),
  type: z.string().optional(),
  labelImageFiles: z.union([z.string(), z.array(z.string())]).optional(),
  files: z.union([z.string(), z.array(z.string())]).optional(),
});
export type LabelImage = z.infer<typeof LabelImage>;

export const ImagePage = z.looseObject({
  images: z
    .looseObject({
      mainImage: z.string().nullish(),
      /** Comma-joined list of additional images. */
      additionalImage: z.string().nullish(),
      labelImages: z.array(LabelImage).optional(),
      sizeChartImage: z.string().nullish(),
    })
    .optional(),
  details: z
    .looseObject({
      detailedImage: z.string().nullish(),
      htmlProductDetailContent: z.string().nullish(),
      altText: z.string().nullish(),
    })
    .optional(),
  msrpAgree: z.boolean().optional(),
});
export type ImagePage = z.infer<typeof ImagePage>;

export const LogisticsPage = z.looseObject({
  skuUnitBoxDimension: z.string().nullish(),
  skuUnitBoxWeight: NumberLike.nullish(),
  totalSKUsInBox: NumberLike.nullish(),
  daysToExpiration: NumberLike.nullish(),
  specialHandlingReason: z.string().nullish(),
  fashionSeason: z.string().nullish(),
});
export type LogisticsPage = z.infer<typeof LogisticsPage>;

export const Certificate = z.looseObject({
  certificateName: z.string(),
  certificateValue: z.string().nullish(),
});
export type Certificate = z.infer<typeof Certificate>;

/** A legal notice: Supplier Hub shape (noticeItemName/Value) or Open API shape (Q §3). */
export const Notice = z.looseObject({
  noticeItemName: z.string().optional(),
  noticeItemValue: z.string().nullish(),
  noticeCategoryName: z.string().optional(),
  noticeCategoryDetailName: z.string().optional(),
  content: z.string().nullish(),
});
export type Notice = z.infer<typeof Notice>;

export const LegalPage = z.looseObject({
  kcMarkType: z.string().nullish(),
  certificates: z.array(Certificate).optional(),
  adCert: z.string().nullish(),
  notices: z.array(Notice).optional(),
});
export type LegalPage = z.infer<typeof LegalPage>;

export const SourcingPage = z.looseObject({
  sourcingChannelType: z.string().nullish(),
  sourcingChannelId: z.string().nullish(),
});
export type SourcingPage = z.infer<typeof SourcingPage>;

export const RegistrationDocument = z.looseObject({
  startPage: StartPage.optional(),
  productPage: ProductPage.optional(),
  imagePage: ImagePage.optional(),
  logisticsPage: LogisticsPage.optional(),
  legalPage: LegalPage.optional(),
  sourcingPage: SourcingPage.optional(),
});
export type RegistrationDocument = z.infer<typeof RegistrationDocument>;

export const DOCUMENT_SECTIONS = [
  'startPage',
  'productPage',
  'imagePage',
  'logisticsPage',
  'legalPage',
  'sourcingPage',
] as const;
export type DocumentSection = (typeof DOCUMENT_SECTIONS)[number];

/** coupangDoc: docId, version, scope, productName, one jsonDocument entry per option (W §3). */
export const CoupangDoc = z.looseObject({
  docId: z.union([z.number(), z.string(), z.null()]).optional(),
  version: z.union([z.number(), z.string()]).optional(),
  scope: z.string().optional(),
  productName: z.string().optional(),
  jsonDocument: z.array(RegistrationDocument).default([]),
});
export type CoupangDoc = z.infer<typeof CoupangDoc>;
