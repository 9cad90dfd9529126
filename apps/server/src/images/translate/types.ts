/** The spec's text items (§3 "Text items from image analysis") plus what the engine needs to redraw. */

export type Point = [number, number];

/** Horizontal alignment of a text block, as read from the image. */
export type TextAlign = 'left' | 'center' | 'right';

/** OCR item of the spec: source, target, font_size, bounding_box (four corners), align, line_count. */
export type OcrItem = {
  source: string;
  target: string;
  font_size: number;
  /** Four corner points, clockwise from top-left, in pixels of the original image. */
  bounding_box: [Point, Point, Point, Point];
  align: TextAlign;
  line_count: number;
  /** Text colour (#rrggbb), the median of the stroke pixels. */
  color?: string;
  /** Heavy strokes (drawn back in the bold face). */
  bold?: boolean;
  /** Mean recognition confidence 0..1. */
  confidence?: number;
  /** False for lines left as they are (no Chinese: sizes, numbers, prices). */
  translate?: boolean;
  /** Inside a region the seller protected (text printed on the product, a logo): never removed or redrawn. */
  protected?: boolean;
  /** Box adjustment used when drawing (the AI's or the spec's rule). */
  adjust_box?: AdjustBox;
};

export type AdjustBox = { width_percent: number; height_percent: number };

/** AI translation item of the spec: ch, ko[], font_size, adjust_box. */
export type AiTranslationItem = {
  ch: string;
  ko: string[];
  font_size?: number | string;
  adjust_box?: AdjustBox;
};

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
