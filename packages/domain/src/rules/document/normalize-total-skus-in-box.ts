import { REGISTRATION_DEFAULTS } from '../../constants.ts';

/**
 * The box count (totalSKUsInBox): a positive integer is kept; 0, blank, missing or anything else (a
 * cleared box) becomes W §9's boxed default, 24 SKUs. Q §5 says 1; the registration fill says 24 and
 * a cleared count must come back as the skeleton started (issue 42, docs/decisions.md).
 */
export function normalizeTotalSkusInBox(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0
    ? n
    : REGISTRATION_DEFAULTS.totalSkusInBoxBoxed;
}
