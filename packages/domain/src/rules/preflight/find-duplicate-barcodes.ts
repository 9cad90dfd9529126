import { isBarcodePlaceholder } from '../document/sanitize-barcode.ts';

export interface BarcodeEntry {
  /** Where the barcode sits (e.g. registrationId / optionNumber). */
  readonly where: string;
  readonly barcode: string | null | undefined;
}

/** A real barcode (not empty, not the request placeholder), trimmed; else null. */
export function realBarcode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const b = value.trim();
  return b === '' || isBarcodePlaceholder(b) ? null : b;
}

/** For each entry whose barcode another entry also holds: the other places holding it. */
export function findDuplicateBarcodes(entries: readonly BarcodeEntry[]): Map<number, string[]> {
  const byCode = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const b = realBarcode(e.barcode);
    if (b) byCode.set(b, [...(byCode.get(b) ?? []), i]);
  });
  const out = new Map<number, string[]>();
  for (const indexes of byCode.values()) {
    if (indexes.length < 2) continue;
    for (const i of indexes)
      out.set(
        i,
        indexes.filter((j) => j !== i).map((j) => entries[j]!.where),
      );
  }
  return out;
}
