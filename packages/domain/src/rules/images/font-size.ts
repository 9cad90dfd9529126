import {
  FONT_SIZE_DEFAULT,
  FONT_SIZE_FALLBACK,
  FONT_SIZE_GROUPS,
  type FontSizeGroup,
} from '../../constants.ts';

/** W §9: a font size from the AI (number or '32px'); unparseable → 30. */
export function parseFontSize(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : FONT_SIZE_DEFAULT;
}

/** W §8 Recoveries: a failed AI translation falls back to the machine translation with font size 40. */
export function fallbackFontSize(): number {
  return FONT_SIZE_FALLBACK;
}

/** W §9 font size groups: headings 48–52, subheadings 36–42, body 24–30 (nearest group in between). */
export function classifyFontSize(size: number): FontSizeGroup {
  if (size >= (FONT_SIZE_GROUPS.heading.min + FONT_SIZE_GROUPS.subheading.max) / 2) return 'heading';
  if (size >= (FONT_SIZE_GROUPS.subheading.min + FONT_SIZE_GROUPS.body.max) / 2) return 'subheading';
  return 'body';
}

/** Clamps a size into its group's recommended range. */
export function snapFontSize(size: number): number {
  const group = FONT_SIZE_GROUPS[classifyFontSize(size)];
  return Math.min(group.max, Math.max(group.min, Math.round(size)));
}
