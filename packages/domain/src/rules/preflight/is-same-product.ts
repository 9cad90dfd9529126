/** What identifies a product for the "already exists" check. */
export interface ProductIdentity {
  readonly offerId: string | null;
  readonly name: string;
  readonly optionNames: readonly string[];
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Same 1688 offer, same name and the same options (order does not matter). */
export function isSameProduct(a: ProductIdentity, b: ProductIdentity): boolean {
  if (!a.offerId || a.offerId !== b.offerId) return false;
  if (norm(a.name) !== norm(b.name)) return false;
  const left = a.optionNames.map(norm).sort();
  const right = b.optionNames.map(norm).sort();
  return left.length === right.length && left.every((n, i) => n === right[i]);
}
