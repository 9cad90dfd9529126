import type { CategorySchema, SchemaAttribute } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';

/** A purchase option of the category: one attribute, or a group of which exactly one is filled. */
export type PurchaseOption =
  | { readonly kind: 'single'; readonly name: string }
  | { readonly kind: 'group'; readonly groupNumber: string; readonly names: readonly string[] };

/**
 * Coupang's purchase-option rule: an EXPOSED attribute is a purchase option when it is MANDATORY with
 * group NONE, or when it carries a group number (OPTIONAL + group 1 in the documentation, MANDATORY +
 * group 1 in answers seen live): of the attributes sharing a group number exactly one is filled.
 * Options come in schema order; a group sits where its first member is.
 */
export function listPurchaseOptions(schema: Pick<CategorySchema, 'attributes'>): PurchaseOption[] {
  const out: PurchaseOption[] = [];
  const groups = new Map<string, string[]>();
  for (const a of schema.attributes) {
    if (!a.exposed) continue;
    if (a.groupNumber) {
      const names = groups.get(a.groupNumber);
      if (names) names.push(a.name);
      else {
        const fresh = [a.name];
        groups.set(a.groupNumber, fresh);
        out.push({ kind: 'group', groupNumber: a.groupNumber, names: fresh });
      }
    } else if (a.required) out.push({ kind: 'single', name: a.name });
  }
  return out;
}

/** Whether the schema attribute is a purchase option (see listPurchaseOptions). */
export function isPurchaseOption(a: Pick<SchemaAttribute, 'exposed' | 'required' | 'groupNumber'>): boolean {
  return a.exposed && (a.groupNumber !== null || a.required);
}

export type PurchaseOptionProblem =
  | { readonly kind: 'missing'; readonly names: readonly string[] }
  | { readonly kind: 'groupNoneFilled'; readonly names: readonly string[] }
  | { readonly kind: 'groupSeveralFilled'; readonly names: readonly string[] };

/** Checks one option's exposed attributes against the purchase-option rule. */
export function checkPurchaseOptions(
  exposed: readonly Attribute[],
  schema: Pick<CategorySchema, 'attributes'>,
): PurchaseOptionProblem[] {
  const filled = new Set(exposed.filter((a) => !isEmptyValue(a.attributeValue)).map((a) => a.attributeName));
  const problems: PurchaseOptionProblem[] = [];
  const missing: string[] = [];
  for (const option of listPurchaseOptions(schema)) {
    if (option.kind === 'single') {
      if (!filled.has(option.name)) missing.push(option.name);
      continue;
    }
    const set = option.names.filter((n) => filled.has(n));
    if (set.length === 0) problems.push({ kind: 'groupNoneFilled', names: option.names });
    else if (set.length > 1) problems.push({ kind: 'groupSeveralFilled', names: set });
  }
  if (missing.length) problems.unshift({ kind: 'missing', names: missing });
  return problems;
}
