import { z } from 'zod';

/**
 * Normalised 1688 source-offer data. Money is integer fen (1 yuan = 100 fen): `priceFen: 2050` is
 * ¥20.50. Integers keep every cent exact and compare and sum without rounding; `fenToYuan` prints them.
 */

export const SOURCE_FORMATS = [
  'pc-window-context',
  'mobile-detail',
  'mtop-sku-model',
  'public-sku-model',
  'own-json',
] as const;
export const SourceFormatSchema = z.enum(SOURCE_FORMATS);
export type SourceFormat = z.infer<typeof SourceFormatSchema>;

export const OPTION_FLAGS = [
  /** No price anywhere for this SKU: priceFen is null. */
  'missing_price',
  /** The capture says 0: priceFen is null, never exported as 0. */
  'zero_price',
  /** No own SKU price; priceFen is the quantity tier that applies at the minimum order quantity. */
  'price_from_tier',
  /** No stock count in the capture: stock is null. */
  'missing_stock',
  /** The source key could not be matched to the listed axis values (split on ">" instead). */
  'unmatched_axis_value',
  /** No per-SKU weight: weightG is the offer's weight. */
  'weight_from_offer',
  /** No weight at all (neither per SKU nor for the offer). */
  'missing_weight',
  /** Its translated name equals another option's (see detectOptionNameCollisions); kept apart. */
  'name_collision',
] as const;
export const OptionFlagSchema = z.enum(OPTION_FLAGS);
export type OptionFlag = z.infer<typeof OptionFlagSchema>;

const fen = z.number().int().positive();
const url = z.string().regex(/^https:\/\/\S+$/);

export const OfferAttributeSchema = z.object({ name: z.string().min(1), value: z.string() });
export type OfferAttribute = z.infer<typeof OfferAttributeSchema>;

export const SkuAxisSchema = z.object({
  name: z.string().min(1),
  values: z.array(z.object({ name: z.string().min(1), imageUrl: url.optional() })),
});
export type SkuAxis = z.infer<typeof SkuAxisSchema>;

export const SizeCmSchema = z.object({
  length: z.number().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type SizeCm = z.infer<typeof SizeCmSchema>;

export const SourceOptionSchema = z.object({
  /** The original Chinese combination, entities decoded, axis values joined by ">" (`黄色>XL（背长35cm）`). */
  sourceKey: z.string(),
  /** One entry per axis, in axis order. */
  values: z.array(z.object({ axis: z.string(), value: z.string() })),
  /** Unit price in fen: the discount price where there is one, else the price; null when missing or 0. */
  priceFen: fen.nullable(),
  /** The undiscounted price in fen when the capture has one. */
  listPriceFen: fen.nullable(),
  stock: z.number().int().nonnegative().nullable(),
  skuId: z.string().nullable(),
  specId: z.string().nullable(),
  imageUrl: url.nullable(),
  weightG: z.number().positive().optional(),
  weightSource: z.enum(['pack_info', 'sku_weight', 'offer']).optional(),
  sizeCm: SizeCmSchema.optional(),
  flags: z.array(OptionFlagSchema),
});
export type SourceOption = z.infer<typeof SourceOptionSchema>;

export const PriceTierSchema = z.object({ minQuantity: z.number().int().positive(), priceFen: fen });
export type PriceTier = z.infer<typeof PriceTierSchema>;

export const SourceOfferSchema = z.object({
  offerId: z.string().regex(/^\d{1,30}$/),
  title: z.string().min(1),
  unit: z.string().nullable(),
  mainImages: z.array(url),
  /** Description images (img src / data-src), alicdn only, at most 40. */
  detailImages: z.array(url).max(40),
  /** The description page address, when the capture names it. */
  detailUrl: url.nullable(),
  /** Chinese attributes, packing rows (装箱数, 箱规, …) removed. */
  attributes: z.array(OfferAttributeSchema),
  skuAxes: z.array(SkuAxisSchema),
  options: z.array(SourceOptionSchema).min(1),
  /**
   * per_sku: every SKU has its own price (1688 "skuPrice"; no quantity tiers).
   * quantity_tiers: the price depends on the quantity ordered (1688 "rangePrice"); see priceTiers.
   */
  priceMode: z.enum(['per_sku', 'quantity_tiers']),
  /** Quantity tiers, ascending by minQuantity; empty when priceMode is per_sku. */
  priceTiers: z.array(PriceTierSchema),
  minOrderQuantity: z.number().int().positive().nullable(),
  offerWeightG: z.number().positive().nullable(),
  /** The capture the options came from. */
  sourceFormat: SourceFormatSchema,
  /** Every capture merged into this offer, in input order. */
  sourceFormats: z.array(SourceFormatSchema).min(1),
});
export type SourceOffer = z.infer<typeof SourceOfferSchema>;

/** A message for the screen, in Korean and English. */
export const ImportMessageSchema = z.object({ key: z.string(), ko: z.string(), en: z.string() });
export type ImportMessage = z.infer<typeof ImportMessageSchema>;

export type ParseResult =
  | { ok: true; offer: SourceOffer; read: number; kept: number; warnings: ImportMessage[] }
  | { ok: false; reason: ImportMessage };
