import { z } from 'zod';

// Text items from image analysis (W §3).

export const Point = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof Point>;

/** OCR item: bounding_box is the four corner points. */
export const OcrItem = z.looseObject({
  source: z.string(),
  target: z.string().default(''),
  font_size: z.union([z.number(), z.string()]).optional(),
  bounding_box: z.array(Point).length(4),
  align: z.string().optional(),
  line_count: z.number().int().optional(),
});
export type OcrItem = z.infer<typeof OcrItem>;

export const AdjustBox = z.looseObject({
  width_percent: z.number(),
  height_percent: z.number(),
});
export type AdjustBox = z.infer<typeof AdjustBox>;

/** AI translation item: one Chinese text with its Korean candidates. */
export const AiTranslationItem = z.looseObject({
  ch: z.string(),
  ko: z.array(z.string()).default([]),
  font_size: z.union([z.number(), z.string()]).optional(),
  adjust_box: AdjustBox.optional(),
});
export type AiTranslationItem = z.infer<typeof AiTranslationItem>;
