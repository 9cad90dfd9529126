import { z } from 'zod';
import { DateLike, NumberLike } from './common.ts';

// Quotation (W §3 summary, Q §3).

export const QuotationAttribute = z.looseObject({
  type: z.enum(['exposed', 'unexposed']),
  name: z.string(),
  value: z.union([z.string(), z.number(), z.null()]),
});
export type QuotationAttribute = z.infer<typeof QuotationAttribute>;

export const QuotationNameValue = z.looseObject({
  name: z.string(),
  value: z.union([z.string(), z.null()]),
});
export type QuotationNameValue = z.infer<typeof QuotationNameValue>;

export const QuotationOption = z.looseObject({
  optionNumber: z.string(),
  korName: z.string().optional(),
  attributes: z.array(QuotationAttribute).default([]),
  logistics: z.looseObject({ dimension: z.string().optional(), weight: NumberLike.optional() }).optional(),
  notices: z.array(QuotationNameValue).default([]),
});
export type QuotationOption = z.infer<typeof QuotationOption>;

export const Quotation = z.looseObject({
  productName: z.string().optional(),
  brand: z.string().optional(),
  modelNumber: z.string().optional(),
  manufacturer: z.string().optional(),
  businessType: z.string().optional(),
  taxationType: z.string().optional(),
  importType: z.string().optional(),
  categoryPath: z.string().optional(),
  categoryId: NumberLike.optional(),
  displayCategoryCode: NumberLike.optional(),
  barcode: z.string().nullish(),
  purchasePrice: z.number().optional(),
  salePrice: z.number().optional(),
  msrp: z.number().optional(),
  osrp: z.number().optional(),
  kcMarkType: z.string().optional(),
  certificates: z.array(QuotationNameValue).default([]),
  totalSkusInBox: z.number().optional(),
  daysToExpiration: z.number().optional(),
  searchTags: z.union([z.string(), z.array(z.string())]).optional(),
  options: z.array(QuotationOption).default([]),
  generatedAt: DateLike.optional(),
  validUntil: DateLike.optional(),
});
export type Quotation = z.infer<typeof Quotation>;
