import { z } from 'zod';

// Korean labels (W §3: koreanLabels {content, material, type}).

export const KoreanLabels = z.looseObject({
  content: z.string().default(''),
  material: z.string().default(''),
  type: z.string().default(''),
});
export type KoreanLabels = z.infer<typeof KoreanLabels>;
