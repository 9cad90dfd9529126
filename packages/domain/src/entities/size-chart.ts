import { z } from 'zod';

// Size chart (W §3).

export const SizeMeasurement = z.looseObject({
  name: z.string(),
  unit: z.string().default('cm'),
  values: z.array(z.string()).default([]),
});
export type SizeMeasurement = z.infer<typeof SizeMeasurement>;

export const SizeChart = z.looseObject({
  sizeType: z.string().default('other'),
  sizeUnits: z.string().default('cm'),
  sizes: z.array(z.string()).default([]),
  measurements: z.array(SizeMeasurement).default([]),
  /** Issue 42: made from the category's default chart, not read from the product's images. */
  fromCategoryDefault: z.boolean().optional(),
  /** The seller confirmed a default chart (the pre-flight stops an export or registration until then). */
  confirmed: z.boolean().optional(),
});
export type SizeChart = z.infer<typeof SizeChart>;
