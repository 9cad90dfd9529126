/**
 * The spec's bounding-box adjustment (§9 Images). The font sizes are the domain's (`parseFontSize`,
 * `FONT_SIZE_FALLBACK`, `FONT_SIZE_GROUPS`).
 *
 * Chinese: length ratio (Korean / source) above 1.3 widens the box up to 150% (height up to 140%);
 * below 0.7 narrows it to at least 80%; fonts of 48 or more add 10 (to both caps).
 * English: above 1.2 widens up to 160% (height up to 150%); below 0.8 narrows to at least 85%;
 * large fonts add 15.
 * The width grows first; the height only grows for the part of the ratio the width cap cannot hold.
 */
import { LARGE_FONT_SIZE } from '@rr/domain';
import type { AdjustBox, SourceLanguage } from './types.ts';

const RULES = {
  CHN: { widen: 1.3, maxW: 150, maxH: 140, narrow: 0.7, minW: 80, bonus: 10 },
  ENG: { widen: 1.2, maxW: 160, maxH: 150, narrow: 0.8, minW: 85, bonus: 15 },
} as const;

/** Visible length used for the ratio: letters, digits and Han/Hangul count, spaces do not. */
export function visibleLength(s: string): number {
  return [...s.replace(/\s+/g, '')].length;
}

export function adjustBox(source: string, korean: string, fontSize: number, lang: SourceLanguage): AdjustBox {
  const r = RULES[lang];
  const src = visibleLength(source);
  if (src === 0) return { width_percent: 100, height_percent: 100 };
  const ratio = visibleLength(korean) / src;
  const bonus = fontSize >= LARGE_FONT_SIZE ? r.bonus : 0;
  if (ratio > r.widen) {
    const maxW = r.maxW + bonus;
    const maxH = r.maxH + bonus;
    const width = Math.min(maxW, Math.round(ratio * 100));
    const height = Math.min(maxH, Math.max(100, Math.round((ratio / (width / 100)) * 100)));
    return { width_percent: width, height_percent: height };
  }
  if (ratio < r.narrow)
    return { width_percent: Math.max(r.minW, Math.round(ratio * 100)), height_percent: 100 };
  return { width_percent: 100, height_percent: 100 };
}
