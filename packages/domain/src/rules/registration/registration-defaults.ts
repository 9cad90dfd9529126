import { REGISTRATION_DEFAULTS } from '../../constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** W §9: a quotation is valid for 30 days from its generation time (ISO string out). */
export function quotationValidUntil(generatedAt: Date | string | number): string {
  const start = new Date(generatedAt).getTime();
  if (Number.isNaN(start)) throw new RangeError('generatedAt is not a valid date');
  return new Date(start + REGISTRATION_DEFAULTS.quotationValidDays * DAY_MS).toISOString();
}
