import { z } from 'zod';
import { FONT_SIZE_DEFAULT } from '../constants.ts';

// Text items from image analysis (W §3): the one OCR item type of the engine, the stored OCR data
// and the image-translation screen.

export const Point = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof Point>;

/** Four corner points, clockwise from top-left, in pixels of the original image. */
export const Quad = z.tuple([Point, Point, Point, Point]);
export type Quad = z.infer<typeof Quad>;

export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
/** Horizontal alignment of a text block, as read from the image. */
export type TextAlign = (typeof TEXT_ALIGNS)[number];

export const AdjustBox = z.looseObject({
  width_percent: z.number(),
  height_percent: z.number(),
});
export type AdjustBox = z.infer<typeof AdjustBox>;

/**
 * OCR item of the spec (source, target, font_size, bounding_box, align, line_count) plus what the
 * engine needs to redraw it.
 */
export const OcrItem = z.object({
  source: z.string(),
  target: z.string().default(''),
  font_size: z.number().default(FONT_SIZE_DEFAULT),
  bounding_box: Quad,
  align: z.enum(TEXT_ALIGNS).default('center'),
  line_count: z.number().int().min(1).default(1),
  /** Text colour (#rrggbb), the median of the stroke pixels. */
  color: z.string().optional(),
  /** Heavy strokes (drawn back in the bold face). */
  bold: z.boolean().optional(),
  /** Mean recognition confidence 0..1. */
  confidence: z.number().optional(),
  /** False for lines left as they are (no Chinese: sizes, numbers, prices). */
  translate: z.boolean().optional(),
  /** Inside a region the seller protected (text printed on the product, a logo): never removed or redrawn. */
  protected: z.boolean().optional(),
  /** Height in pixels of one source line's ink (its strokes), so the Korean is drawn as tall. */
  ink_height: z.number().optional(),
  /** Box adjustment used when drawing (the AI's or the spec's rule). */
  adjust_box: AdjustBox.optional(),
});
export type OcrItem = z.infer<typeof OcrItem>;

/** AI translation item: one Chinese text with its Korean candidates. */
export const AiTranslationItem = z.looseObject({
  ch: z.string(),
  ko: z.array(z.string()).default([]),
  font_size: z.union([z.number(), z.string()]).optional(),
  adjust_box: AdjustBox.optional(),
});
export type AiTranslationItem = z.infer<typeof AiTranslationItem>;
