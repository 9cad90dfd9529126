import { isRecord } from '@rr/domain';

/** Reading loosely typed stored or answered values (product documents, image records, API answers). */

/** A finite number from a number or a numeric string. */
export const toNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** A string that is not blank (kept as it is), else undefined. */
export const toText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** A plain object's fields, or none (`{}`) for anything else. */
export const toRecord = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
