import type { CategorySchema } from '../entities/category-schema.ts';
import { isRecord } from '../records.ts';
import {
  buildRegistrationDocument,
  type RegistrationSettingsDefaults,
} from '../rules/registration/build-registration-document.ts';
import { makeOptionNumber } from '../rules/split/plan-split.ts';
import { detectOptionNameCollisions } from './collisions.ts';
import { diffSourceOffers } from './diff.ts';
import { type SourceOffer, SourceOfferSchema } from './schema.ts';
import { optionFromSource, optionSourceFields, productSourceFields } from './source-to-product.ts';

// Re-import of an offer already imported (issue 7): what changed since the last import, applied only
// where the seller has not edited the field since (three-way: current value vs. last imported value).

/** One changed source field; `applies` is false when the seller edited it (the seller's value stays). */
export type ReimportChange = {
  field: string;
  optionKey: string | null;
  before: unknown;
  after: unknown;
  applies: boolean;
};
export type ReimportDiff = { changes: ReimportChange[]; addedOptions: string[]; removedOptions: string[] };

/** Structural equality of stored JSON values (a key holding undefined differs from a missing key). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => deepEqual(v, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && deepEqual((a as Record<string, unknown>)[k], rb[k]));
}

/** Option-level domain diff field → the option fields it changes. */
const OPTION_FIELD_MAP: Record<string, string[]> = {
  priceFen: ['price', 'priceFen', 'priceMissing'],
  stock: ['stock'],
  skuId: ['skuId'],
  specId: ['specId'],
  weightG: ['weightG'],
};
const PRODUCT_FIELD_MAP: Record<string, string[]> = {
  title: ['productName', 'subject'],
  minOrderQuantity: ['minOrderQuantity'],
  priceTiers: ['priceTiers'],
  detailImages: ['originDetailImages', 'originalDetailImages'],
  attributes: ['attributes'],
};

/**
 * The re-import plan: the diff to show (each change says whether it applies: a field the seller edited
 * since the last import keeps the seller's value) and the function that builds the new document.
 */
export function mergeReimport(doc: Record<string, unknown>, next: SourceOffer) {
  const source = isRecord(doc.source) ? doc.source : {};
  const previousParsed = SourceOfferSchema.safeParse(source.offer);
  const previous = previousParsed.success ? previousParsed.data : null;
  const options = (Array.isArray(doc.options) ? doc.options : []).filter(isRecord);
  const byKey = new Map(options.map((o) => [String(o.sourceKey), o]));
  const prevByKey = new Map((previous?.options ?? []).map((o) => [o.sourceKey, o]));
  const changes: ReimportChange[] = [];
  const setters: ((d: Record<string, unknown>) => void)[] = [];

  const domainDiff = previous ? diffSourceOffers(previous, next) : null;
  const prevProduct = previous ? productSourceFields(previous) : {};
  const nextProduct = productSourceFields(next);
  for (const c of domainDiff?.changes ?? []) {
    if (c.sourceKey === null) {
      const fields = PRODUCT_FIELD_MAP[c.field] ?? [];
      const applies = fields.every((f) => deepEqual(doc[f], prevProduct[f]));
      changes.push({ field: c.field, optionKey: null, before: c.before, after: c.after, applies });
      if (applies)
        setters.push((d) => {
          for (const f of fields) d[f] = nextProduct[f];
          // The working list of detail images follows while no task or seller has changed it.
          if (c.field === 'detailImages' && deepEqual(doc.detailImages ?? [], previous?.detailImages ?? []))
            d.detailImages = next.detailImages;
        });
      continue;
    }
    const current = byKey.get(c.sourceKey);
    const prevOption = prevByKey.get(c.sourceKey);
    const nextOption = next.options.find((o) => o.sourceKey === c.sourceKey);
    if (!current || !prevOption || !nextOption) continue;
    const fields = OPTION_FIELD_MAP[c.field] ?? [c.field];
    const prevFields = optionSourceFields(prevOption);
    const nextFields = optionSourceFields(nextOption);
    const applies = fields.every((f) => deepEqual(current[f] ?? null, prevFields[f] ?? null));
    const shown =
      c.field === 'priceFen' ? { before: prevFields.price, after: nextFields.price, field: 'price' } : c;
    changes.push({
      field: shown.field,
      optionKey: c.sourceKey,
      before: shown.before,
      after: shown.after,
      applies,
    });
    if (applies)
      setters.push(() => {
        for (const f of fields) current[f] = nextFields[f];
      });
  }
  // Fields the domain diff does not list (gallery, shipping, size, flags) follow the same rule silently.
  for (const f of ['mainImages', 'productShippingInfo']) {
    if (!deepEqual(prevProduct[f], nextProduct[f]) && deepEqual(doc[f], prevProduct[f])) {
      setters.push((d) => (d[f] = nextProduct[f]));
    }
  }
  for (const o of next.options) {
    const current = byKey.get(o.sourceKey);
    const prevOption = prevByKey.get(o.sourceKey);
    if (!current || !prevOption) continue;
    const prevFields = optionSourceFields(prevOption);
    const nextFields = optionSourceFields(o);
    for (const f of ['sizeCm', 'listPrice', 'sourceFlags']) {
      if (!deepEqual(prevFields[f], nextFields[f]) && deepEqual(current[f] ?? null, prevFields[f] ?? null)) {
        setters.push(() => (current[f] = nextFields[f]));
      }
    }
  }

  const added = next.options.filter((o) => !byKey.has(o.sourceKey));
  const nextKeys = new Set(next.options.map((o) => o.sourceKey));
  const removed = options.filter((o) => !nextKeys.has(String(o.sourceKey)) && o.sourceRemoved !== true);
  const returned = options.filter((o) => nextKeys.has(String(o.sourceKey)) && o.sourceRemoved === true);

  // Collisions of translated / edited names (never merged, only flagged).
  const names = new Map<string, string>();
  for (const o of options) {
    const name =
      (typeof o.korName === 'string' && o.korName) ||
      (isRecord(o.option1) && typeof o.option1.nameTrans === 'string' ? o.option1.nameTrans : '');
    if (name) names.set(String(o.sourceKey), name);
  }
  const { collisions } = detectOptionNameCollisions(next.options, names);
  const colliding = new Set(collisions.flatMap((c) => c.sourceKeys));

  const hasChanges =
    changes.length > 0 ||
    added.length > 0 ||
    removed.length > 0 ||
    returned.length > 0 ||
    setters.length > changes.filter((c) => c.applies).length ||
    previous === null;
  const rocketRegInfo = isRecord(doc.rocketRegInfo) ? doc.rocketRegInfo : null;
  const coupangDoc =
    isRecord(doc.coupangDoc) && Array.isArray(doc.coupangDoc.jsonDocument) ? doc.coupangDoc : null;

  return {
    hasChanges,
    needsDocuments: added.length > 0 && rocketRegInfo !== null && coupangDoc !== null,
    collisionNames: collisions.map((c) => c.name),
    diff: {
      changes,
      addedOptions: added.map((o) => o.sourceKey),
      removedOptions: removed.map((o) => String(o.sourceKey)),
    } satisfies ReimportDiff,
    apply(
      defaults: RegistrationSettingsDefaults | null,
      meta: { read: number; kept: number; warnings: string[]; now: string },
    ): Record<string, unknown> {
      const d: Record<string, unknown> = { ...doc, options };
      for (const set of setters) set(d);
      for (const o of removed) o.sourceRemoved = true;
      for (const o of returned) delete o.sourceRemoved;
      for (const o of options) {
        if (colliding.has(String(o.sourceKey))) o.nameCollision = true;
        else delete o.nameCollision;
      }
      const registrationId = String(doc.registrationId ?? '');
      let n = options.length;
      for (const o of added) {
        const option = optionFromSource(o, makeOptionNumber(registrationId, ++n));
        options.push(option);
        if (coupangDoc && rocketRegInfo && defaults && isRecord(rocketRegInfo.schemaInfo)) {
          (coupangDoc.jsonDocument as unknown[]).push(
            buildRegistrationDocument(rocketRegInfo.schemaInfo as CategorySchema, {
              ...defaults,
              productName: String((coupangDoc.productName as string | undefined) ?? d.productName ?? ''),
              categoryPath: String(rocketRegInfo.categoryPath ?? ''),
              option: {
                optionNumber: String(option.optionNumber),
                weightG: o.weightG ?? null,
                sizeCm: o.sizeCm ?? null,
              },
              offerId: next.offerId,
            }),
          );
        }
      }
      d.importWarnings = meta.warnings;
      d.source = {
        ...source,
        offer: next,
        lastImportedAt: meta.now,
        readOptions: meta.read,
        keptOptions: meta.kept,
      };
      return d;
    },
  };
}
