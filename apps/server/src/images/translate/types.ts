/** The spec's text items (§3 "Text items from image analysis") plus what the engine needs to redraw. */

export type { AdjustBox, AiTranslationItem, OcrItem, Point, Quad, TextAlign } from '@rr/domain';

import type { AiTranslationItem } from '@rr/domain';

/** The translation dependency: one call per image with every text to translate. */
export type TranslateFn = (
  texts: string[],
  opts: { sourceLanguage: SourceLanguage },
) => Promise<AiTranslationItem[]>;

export type SourceLanguage = 'CHN' | 'ENG';

/** One recognised line before grouping (internal to OCR). */
export type OcrLine = {
  text: string;
  confidence: number;
  /** Axis-aligned box [x0, y0, x1, y1] in original pixels. */
  box: [number, number, number, number];
  /** True when the line was vertical and recognised rotated. */
  vertical?: boolean;
};

/** A rectangle [x0, y0, x1, y1] in the image's pixels, e.g. a protected region. */
export type Rect = [number, number, number, number];
