/** A plain object (not null, not an array): the one check for loosely typed stored or captured values. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
