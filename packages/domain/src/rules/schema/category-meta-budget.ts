import { isRecord } from '../../records.ts';

/**
 * How large a Coupang category-metadata answer may be (POST /api/category/meta). Real answers are far
 * smaller (68010 shoes: 25 attributes, at most 18 values, 2 notice groups of ≤ 14 items, 27
 * certifications); the schema compiled from an answer grows with attributes × values and notice
 * groups × items, and 2,000 mandatory attributes took Ajv minutes and all the memory. These leave
 * room for Coupang's largest categories (fashion: ~60 attributes, size lists of a few hundred values;
 * one to three notice groups of ≤ 20 items). Measured (npm run bench abuse prints the meta row): at
 * 200 attributes and 10 notice groups of 30 items Ajv compiles in ~3.5 s on a loaded 2-core machine,
 * in the work pool; 30 groups of 60 items took 17 s, which is why notice groups are held tighter.
 */
export const CATEGORY_META_LIMITS = {
  attributes: 200,
  valuesPerAttribute: 500,
  values: 10_000,
  noticeCategories: 10,
  itemsPerNotice: 40,
  certifications: 200,
  requiredDocuments: 100,
} as const;

export type CategoryMetaExcess = { part: string; count: number; max: number };

const length = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/** The first count of the answer's body (`data`) past CATEGORY_META_LIMITS, or null when all fit. */
export function findCategoryMetaExcess(
  body: unknown,
  limits: typeof CATEGORY_META_LIMITS = CATEGORY_META_LIMITS,
): CategoryMetaExcess | null {
  if (!isRecord(body)) return null;
  const over = (part: string, count: number, max: number) => (count > max ? { part, count, max } : null);
  const attributes = Array.isArray(body.attributes) ? body.attributes : [];
  const first =
    over('attributes', attributes.length, limits.attributes) ??
    over('noticeCategories', length(body.noticeCategories), limits.noticeCategories) ??
    over('certifications', length(body.certifications), limits.certifications) ??
    over('requiredDocumentNames', length(body.requiredDocumentNames), limits.requiredDocuments);
  if (first) return first;
  let values = 0;
  for (const a of attributes) {
    const n = isRecord(a) ? length(a.inputValues) + length(a.usableUnits) : 0;
    values += n;
    const one = over('attributes[].inputValues', n, limits.valuesPerAttribute);
    if (one) return one;
  }
  const all = over('attributes[].inputValues (total)', values, limits.values);
  if (all) return all;
  for (const n of Array.isArray(body.noticeCategories) ? body.noticeCategories : []) {
    const items = isRecord(n) ? length(n.noticeCategoryDetailNames) : 0;
    const one = over('noticeCategories[].noticeCategoryDetailNames', items, limits.itemsPerNotice);
    if (one) return one;
  }
  return null;
}
