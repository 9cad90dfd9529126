import { REGISTRATION_DEFAULTS } from '../../constants.ts';

/** Q §5: totalSKUsInBox defaults to 1 if 0 or missing (or not a positive integer). */
export function normalizeTotalSkusInBox(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0
    ? n
    : REGISTRATION_DEFAULTS.totalSkusInBoxMinimum;
}
