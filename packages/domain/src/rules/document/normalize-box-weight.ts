import { REGISTRATION_DEFAULTS } from '../../constants.ts';

/** W §5: box weight is digits only (grams). */
export function isValidBoxWeight(value: unknown): boolean {
  return (
    (typeof value === 'string' && /^\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
  );
}

/** W §5: digits only, else reset to 1000. Numbers become their digit string. */
export function normalizeBoxWeight(value: unknown): string {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return /^\d+$/.test(trimmed) ? trimmed : REGISTRATION_DEFAULTS.boxWeight;
  }
  return isValidBoxWeight(value) ? String(value) : REGISTRATION_DEFAULTS.boxWeight;
}
