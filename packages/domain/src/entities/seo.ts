import { z } from 'zod';

// SEO (W §3).

export const SeoOption = z.looseObject({
  optionNumber: z.string(),
  korName: z.string().default(''),
});
export type SeoOption = z.infer<typeof SeoOption>;

export const SeoScoreBreakdown = z.looseObject({
  name: z.number(),
  keywords: z.number(),
  description: z.number(),
  features: z.number(),
});
export type SeoScoreBreakdown = z.infer<typeof SeoScoreBreakdown>;

export const Seo = z.looseObject({
  productName: z.string().default(''),
  keywords: z.array(z.string()).default([]),
  metaDescription: z.string().default(''),
  features: z.array(z.string()).default([]),
  score: z.number().optional(),
  scoreBreakdown: SeoScoreBreakdown.optional(),
  options: z.array(SeoOption).default([]),
});
export type Seo = z.infer<typeof Seo>;
