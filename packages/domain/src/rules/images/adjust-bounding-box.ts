import { LARGE_FONT_SIZE } from '../../constants.ts';
import type { AdjustBox } from '../../entities/text-items.ts';

export type SourceLanguage = 'zh' | 'en';

/** W §9 Bounding-box adjustment rules per source language. */
export const BOX_ADJUSTMENT_RULES = {
  zh: { widenAbove: 1.3, maxWidth: 150, maxHeight: 140, narrowBelow: 0.7, minWidth: 80, largeFontBonus: 10 },
  en: { widenAbove: 1.2, maxWidth: 160, maxHeight: 150, narrowBelow: 0.8, minWidth: 85, largeFontBonus: 15 },
} as const;

/**
 * W §9: ratio = translated length / source length. Above the widen threshold the box grows with
 * the ratio up to the maximum width (and height, to its own maximum); below the narrow threshold it
 * shrinks with the ratio to the minimum width. Fonts of 48 px or more add the bonus to both.
 */
export function adjustBoundingBox(input: {
  sourceText: string;
  targetText: string;
  fontSize: number;
  language: SourceLanguage;
}): AdjustBox {
  const rule = BOX_ADJUSTMENT_RULES[input.language];
  const sourceLength = Math.max(1, Array.from(input.sourceText.trim()).length);
  const ratio = Array.from(input.targetText.trim()).length / sourceLength;
  let width = 100;
  let height = 100;
  if (ratio > rule.widenAbove) {
    width = Math.min(Math.round(ratio * 100), rule.maxWidth);
    height = Math.min(Math.round(ratio * 100), rule.maxHeight);
  } else if (ratio < rule.narrowBelow) {
    width = Math.max(Math.round(ratio * 100), rule.minWidth);
  }
  if (input.fontSize >= LARGE_FONT_SIZE) {
    width += rule.largeFontBonus;
    height += rule.largeFontBonus;
  }
  return { width_percent: width, height_percent: height };
}
