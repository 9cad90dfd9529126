import { z } from 'zod';
import { isRecord } from '../records.ts';
import { TASK_STATUS_FIELD_LIST, type TaskStatusField } from '../tasks/task-registry.ts';
import { ProductOption, RocketProduct, RocketRegInfo, SourceInfo } from './product.ts';

// The product as the database holds it: the product entity, read leniently. The server's repository
// parses every document it reads with `parseStoredProduct`, once, and hands the typed result on.
// - A stored document has no `_id` (the row id is laid over it) and may lack any field.
// - Statuses may hold strings older versions wrote (not in today's status list).
// - Unknown fields are kept (loose objects), and the parse never changes a value: the typed product
//   is the stored object itself (defaults are not applied: the type is the schema's input type).
// - A value that does not fit the entity is set aside, not lost (docs/decisions.md "A stored product
//   that does not parse"): see parseStoredProduct.

const legacyStatuses = Object.fromEntries(
  TASK_STATUS_FIELD_LIST.map((field) => [field, z.string().optional()]),
) as Record<TaskStatusField, z.ZodOptional<z.ZodString>>;

export const StoredProduct = RocketProduct.omit({ _id: true })
  .partial()
  .extend({
    options: z.array(ProductOption.partial()).optional(),
    rocketRegInfo: RocketRegInfo.partial().nullish(),
    source: SourceInfo.partial().optional(),
    ...legacyStatuses,
  });
/** The stored document, typed as it is stored (the schema's input: no defaults filled in). */
export type StoredProduct = z.input<typeof StoredProduct>;
export type StoredProductOption = NonNullable<StoredProduct['options']>[number];

/** A stored value that did not fit the entity: where it was and the value itself. */
export type SetAsideValue = { path: readonly PropertyKey[]; value: unknown };

export type ParsedStoredProduct = {
  /** The typed document: every field that fits the entity. */
  product: StoredProduct;
  /** The values left out of `product` because they do not fit (usually none), in removal order. */
  setAside: readonly SetAsideValue[];
};

const MAX_ROUNDS = 8;

/** A deep copy of a JSON value (a stored document is JSON: the copy is exact). */
const copyJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/**
 * Parses a stored document. When it fits (the usual case) `product` is the stored object itself and
 * nothing is copied. When a value does not fit, the smallest object property holding it is set
 * aside (an option with a malformed main image status loses only that property from the typed
 * view, not the option nor the other options; a malformed pricing loses only `pricing`), and the
 * rest is typed as usual. `storedDocumentOf` puts the set-aside values back: answers and whole-
 * document writes use it, so nothing a seller entered is lost by reading it.
 */
export function parseStoredProduct(raw: unknown): ParsedStoredProduct {
  if (!isRecord(raw)) {
    return { product: {}, setAside: raw === undefined || raw === null ? [] : [{ path: [], value: raw }] };
  }
  let doc = raw;
  const setAside: SetAsideValue[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = StoredProduct.safeParse(doc);
    // The stored object itself, not the parse's copy: nothing is filled in or dropped. It has
    // just been checked against the schema whose input type this is.
    if (result.success) return { product: doc as StoredProduct, setAside };
    if (doc === raw) doc = copyJson(raw);
    let removed = 0;
    for (const issue of result.error.issues) {
      const at = removableAt(doc, issue.path);
      if (!at) continue;
      setAside.push({ path: at.path, value: at.parent[at.key] });
      delete at.parent[at.key];
      removed++;
    }
    if (removed === 0) break;
  }
  return { product: {}, setAside: [{ path: [], value: raw }] };
}

/** The deepest object property on the issue's path that holds a value (an array item is not removed: indices matter). */
function removableAt(
  doc: Record<string, unknown>,
  path: readonly PropertyKey[],
): { parent: Record<string, unknown>; key: string; path: PropertyKey[] } | undefined {
  let best: { parent: Record<string, unknown>; key: string; path: PropertyKey[] } | undefined;
  let node: unknown = doc;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (isRecord(node) && typeof segment === 'string' && node[segment] !== undefined) {
      best = { parent: node, key: segment, path: path.slice(0, i + 1) };
      node = node[segment];
    } else if (Array.isArray(node) && typeof segment === 'number' && segment < node.length) {
      node = node[segment];
    } else break;
  }
  return best;
}

/** The whole stored document: `product` with its set-aside values put back where they were. */
export function storedDocumentOf(parsed: ParsedStoredProduct): Record<string, unknown> {
  if (parsed.setAside.length === 0) return parsed.product;
  let out: unknown = copyJson(parsed.product);
  // Last removed first: a value removed later may have held one removed earlier.
  for (const { path, value } of [...parsed.setAside].reverse()) out = putAt(out, path, value);
  return isRecord(out) ? out : {};
}

function putAt(target: unknown, path: readonly PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return copyJson(value);
  let node: unknown = target;
  for (const segment of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return target;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  if (typeof node === 'object' && node !== null)
    (node as Record<PropertyKey, unknown>)[path[path.length - 1]!] = copyJson(value);
  return target;
}
