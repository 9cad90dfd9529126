import { RocketProduct } from '@rr/domain';
import { z } from 'zod';

// Actions of the workflow screen that are not runs: manual SEO entry (W §2, §5) and repricing
// every priced product after the pricing settings (exchange rate) change.

export const ManualSeoRequest = z.object({
  productId: z.string().min(1).max(64),
  seo: z.object({
    productName: z.string().max(500).optional(),
    keywords: z.union([z.array(z.string().max(200)).max(100), z.string().max(5000)]).optional(),
    metaDescription: z.string().max(5000).optional(),
    features: z.array(z.string().max(1000)).max(100).optional(),
    options: z
      .array(z.object({ optionNumber: z.string().max(100), korName: z.string().max(500) }))
      .max(5000)
      .optional(),
  }),
});
export type ManualSeoRequest = z.infer<typeof ManualSeoRequest>;
/** The product as saved with the seller's SEO. */
export const ManualSeoResponse = z.object({ res: z.literal('success'), product: RocketProduct });
export type ManualSeoResponse = z.infer<typeof ManualSeoResponse>;

export const RepriceAllResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  /** Products priced again (completed or partially completed). */
  repriced: z.number(),
  /** Products whose pricing failed (no options or no prices). */
  failed: z.number(),
  /** Products where a price the seller had set was kept. */
  keptSellerEdits: z.number(),
});
export type RepriceAllResponse = z.infer<typeof RepriceAllResponse>;
