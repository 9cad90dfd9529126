import { FONT_SIZE_DEFAULT } from '../../constants.ts';

/** W §9: a font size from the AI (number or '32px'); unparseable → 30. */
export function parseFontSize(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : FONT_SIZE_DEFAULT;
}
