import { type CategorySchema, checkCompleteness, isRecord, type RegistrationDocument } from '@rr/domain';
import type { ParsedUpdate } from './update-paths.ts';

// The completeness rate the registration table shows (contracts ProductSummary.completeness, 0–100).
// Each option document is checked with @rr/domain's checkCompleteness against the category schema
// stored with the product (rocketRegInfo.schemaInfo, the same schema the product page passes to the
// same function), so the table and the product page's checklist always agree.
//
// The product's rate is the MEAN of its option documents' rates (fulfilled / (8 + schema-required
// + 1) each): it reaches 100 only when every option document is complete, and every fixed field of
// any option moves it. Null when the product has no option documents (not added to registration).

export type SchemaPart = Pick<CategorySchema, 'attributes' | 'requiredFields'>;

/** Top-level document fields the rate depends on: a write elsewhere cannot change it. */
export const COMPLETENESS_INPUTS = ['coupangDoc', 'rocketRegInfo'] as const;

/** Whether a partial update can change the rate (it writes under coupangDoc or rocketRegInfo). */
export function touchesCompleteness(updates: readonly ParsedUpdate[]): boolean {
  return updates.some((u) => (COMPLETENESS_INPUTS as readonly string[]).includes(u.segments[0]!));
}

/** The schema's attributes and required fields, keeping only entries of the right shape. */
export function schemaPartOf(schemaInfo: unknown): SchemaPart | undefined {
  if (!isRecord(schemaInfo)) return undefined;
  const attributes = (Array.isArray(schemaInfo.attributes) ? schemaInfo.attributes : []).filter(
    (a): a is SchemaPart['attributes'][number] => isRecord(a) && typeof a.name === 'string',
  );
  const requiredFields = (Array.isArray(schemaInfo.requiredFields) ? schemaInfo.requiredFields : []).filter(
    (f): f is SchemaPart['requiredFields'][number] =>
      isRecord(f) && typeof f.section === 'string' && typeof f.path === 'string',
  );
  return { attributes, requiredFields };
}

/** One option document's rate, 0–1. A document the check cannot read at all counts as 0. */
function documentRate(doc: unknown, schema: SchemaPart | undefined): number {
  try {
    return checkCompleteness((isRecord(doc) ? doc : {}) as RegistrationDocument, schema).rate;
  } catch {
    return 0;
  }
}

/**
 * The product's completeness in percent (0–100, two decimals) from its option documents
 * (coupangDoc.jsonDocument) and its schema (rocketRegInfo.schemaInfo); null without documents.
 */
export function completenessOf(jsonDocument: unknown, schemaInfo: unknown): number | null {
  return completenessWith(jsonDocument, schemaPartOf(schemaInfo));
}

/** The same with the schema already read (schemaPartOf). */
export function completenessWith(jsonDocument: unknown, schema: SchemaPart | undefined): number | null {
  if (!Array.isArray(jsonDocument) || jsonDocument.length === 0) return null;
  let sum = 0;
  for (const doc of jsonDocument) sum += documentRate(doc, schema);
  return Math.round((sum / jsonDocument.length) * 10_000) / 100;
}

/** Rates of option documents that are never changed once rated, by schema (NO_SCHEMA: none). */
export type DocumentRates = WeakMap<object, WeakMap<object, number>>;
const NO_SCHEMA = {};

/**
 * completenessWith for option documents that are never changed in place (a partial update's known
 * documents: each update copies only the documents it writes, the others are the same objects), so
 * the rate of a document not written since it was rated is remembered in `known`, not computed again.
 */
export function completenessOfUnchanging(
  jsonDocument: unknown,
  schema: SchemaPart | undefined,
  known: DocumentRates,
): number | null {
  if (!Array.isArray(jsonDocument) || jsonDocument.length === 0) return null;
  const schemaKey = schema ?? NO_SCHEMA;
  let rates = known.get(schemaKey);
  if (!rates) {
    rates = new WeakMap();
    known.set(schemaKey, rates);
  }
  let sum = 0;
  for (const doc of jsonDocument) {
    if (!isRecord(doc)) {
      sum += documentRate(doc, schema);
      continue;
    }
    let rate = rates.get(doc);
    if (rate === undefined) {
      rate = documentRate(doc, schema);
      rates.set(doc, rate);
    }
    sum += rate;
  }
  return Math.round((sum / jsonDocument.length) * 10_000) / 100;
}

/** The same for a whole product document. */
export function productCompleteness(doc: Record<string, unknown>): number | null {
  const coupangDoc = isRecord(doc.coupangDoc) ? doc.coupangDoc : undefined;
  const rocketRegInfo = isRecord(doc.rocketRegInfo) ? doc.rocketRegInfo : undefined;
  return completenessOf(coupangDoc?.jsonDocument, rocketRegInfo?.schemaInfo);
}
