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
});
export type SizeChart = z.infer<typeof SizeChart>;
