/** Our own documented JSON import format (see FORMAT.md). */
import { z } from 'zod';
import { emptyHarvest, type Harvest, type RawSku } from './harvest.ts';
import { SizeCmSchema } from './schema.ts';
import { httpsUrl, str, yuanToFen } from './values.ts';

export const OWN_FORMAT_ID = 'rr-1688-offer/1';

const yuan = z.union([z.string(), z.number()]).refine((v) => yuanToFen(v) !== undefined, {
  message: 'price must be a yuan amount such as "12.50" or 12.5',
});

export const OwnOptionInputSchema = z
  .object({
    values: z.array(z.string().trim().min(1)).optional(),
    key: z.string().trim().min(1).optional(),
    price: yuan.nullable().optional(),
    stock: z.number().int().nonnegative().nullable().optional(),
    skuId: z.union([z.string().regex(/^\d{1,30}$/), z.number().int().positive()]).optional(),
    specId: z.string().optional(),
    imageUrl: z.string().optional(),
    weightG: z.number().positive().optional(),
    sizeCm: SizeCmSchema.optional(),
  })
  .refine((o) => o.values !== undefined || o.key !== undefined, {
    message: 'an option needs "values" or "key"',
  });

export const OwnOfferInputSchema = z.object({
  format: z.literal(OWN_FORMAT_ID).optional(),
  offerId: z.union([z.string().regex(/^\d{1,30}$/), z.number().int().positive()]),
  title: z.string().trim().min(1),
  unit: z.string().optional(),
  mainImages: z.array(z.string()).default([]),
  detailImages: z.array(z.string()).default([]),
  descriptionHtml: z.string().optional(),
  detailUrl: z.string().optional(),
  attributes: z.array(z.object({ name: z.string().trim().min(1), value: z.string() })).default([]),
  axes: z
    .array(
      z.object({
        name: z.string().trim().min(1),
        values: z.array(
          z.union([
            z.string().trim().min(1),
            z.object({ name: z.string().trim().min(1), imageUrl: z.string().optional() }),
          ]),
        ),
      }),
    )
    .default([]),
  options: z.array(OwnOptionInputSchema).min(1),
  priceTiers: z.array(z.object({ minQuantity: z.number().int().positive(), price: yuan })).default([]),
  minOrderQuantity: z.number().int().positive().optional(),
  offerWeightG: z.number().positive().optional(),
});
export type OwnOfferInput = z.input<typeof OwnOfferInputSchema>;

/** Does this parsed value look like our own format (one offer)? */
export function looksLikeOwnOffer(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.format === OWN_FORMAT_ID || (Array.isArray(v.options) && ('title' in v || 'offerId' in v));
}

/** The list of offers in an own-format batch: an array, or `{format?, offers: [...]}`. */
export function ownOfferList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null && Array.isArray((value as { offers?: unknown }).offers)) {
    return (value as { offers: unknown[] }).offers;
  }
  return undefined;
}

export function ownIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

export function harvestOwn(input: z.output<typeof OwnOfferInputSchema>): Harvest {
  const h = emptyHarvest('own-json');
  h.offerId = String(input.offerId);
  h.title = input.title.trim();
  if (input.unit?.trim()) h.unit = input.unit.trim();
  h.mainImages = input.mainImages.map((u) => httpsUrl(u)).filter((u): u is string => u !== undefined);
  h.detailImages = input.detailImages.map((u) => httpsUrl(u)).filter((u): u is string => u !== undefined);
  if (input.descriptionHtml) h.descriptionHtml.push(input.descriptionHtml);
  const detailUrl = httpsUrl(input.detailUrl);
  if (detailUrl) h.detailUrl = detailUrl;
  h.attributes = input.attributes.map((a) => ({ name: a.name.trim(), value: a.value.trim() }));
  if (input.axes.length) {
    h.axes = input.axes.map((a) => ({
      name: a.name,
      values: a.values.map((v) => {
        if (typeof v === 'string') return { name: v };
        const imageUrl = httpsUrl(v.imageUrl);
        return imageUrl ? { name: v.name, imageUrl } : { name: v.name };
      }),
    }));
  }
  for (const o of input.options) {
    h.skuRead++;
    const sku: RawSku = {};
    const key = o.values ? o.values.join('>') : str(o.key);
    if (key !== undefined) sku.key = key;
    if (o.values) sku.values = o.values;
    const price = o.price === null || o.price === undefined ? undefined : yuanToFen(o.price);
    if (price !== undefined) sku.priceFen = price;
    if (o.stock !== null && o.stock !== undefined) sku.stock = o.stock;
    if (o.skuId !== undefined) sku.skuId = String(o.skuId);
    if (o.specId?.trim()) sku.specId = o.specId.trim();
    const imageUrl = httpsUrl(o.imageUrl);
    if (imageUrl) sku.imageUrl = imageUrl;
    if (o.weightG !== undefined) sku.weightG = o.weightG;
    if (o.sizeCm) sku.sizeCm = o.sizeCm;
    h.skus.push(sku);
  }
  if (input.priceTiers.length) {
    h.priceType = 'rangePrice';
    h.tiers = input.priceTiers.map((t) => {
      const priceFen = yuanToFen(t.price);
      return priceFen === undefined
        ? { minQuantity: t.minQuantity }
        : { minQuantity: t.minQuantity, priceFen };
    });
  } else {
    h.priceType = 'skuPrice';
  }
  if (input.minOrderQuantity !== undefined) h.moq = input.minOrderQuantity;
  if (input.offerWeightG !== undefined) h.offerWeightG = input.offerWeightG;
  return h;
}
