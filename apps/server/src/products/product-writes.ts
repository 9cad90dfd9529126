import {
  completenessOfUnchanging,
  completenessWith,
  productCompleteness,
  schemaPartOf,
  touchesCompleteness,
} from './completeness.ts';
import { knownAfterWrite, knownBytes, withReadValues } from './known-products.ts';
import { type KnownDocuments, oneAtATime, type ProductCaches, type StoredValue } from './product-caches.ts';
import type { ProductRepository } from './product-data-repository.ts';
import { isUuid, type ProductRow, productRowOf, type Written } from './product-row.ts';
import type { ParsedUpdate } from './update-paths.ts';

// The store's side of a product write (issue 40): what goes around the repository's statements —
// the write queues, what this process knows of the row version it wrote last (the option documents,
// the values read), the completeness rate written with the documents. No SQL here: every statement
// is the repository's (products/product-repository.ts). Only the store's modules import this file
// (scripts/check-deps.mjs: the product write functions are the store's).

const writtenOf = (row: { updated_at: Date; doc_bytes: number } | undefined): Written | undefined =>
  row && { updatedAt: row.updated_at, docBytes: row.doc_bytes };

/** A new product from its whole document (its completeness computed here): the row as written. */
export async function insertDocument(
  repo: ProductRepository,
  companyId: string,
  registrationId: string,
  doc: Readonly<Record<string, unknown>>,
): Promise<ProductRow> {
  const text = Buffer.from(JSON.stringify(doc));
  const row = await repo.insertProductText(companyId, registrationId, text, productCompleteness(doc));
  return productRowOf({ ...row, doc: { ...doc, registrationId } });
}

/**
 * Replaces the whole document, only if the row is still the version the client read (`updatedAt`
 * as it was answered, to the millisecond). Answers the new row, or undefined when the product is
 * not the company's or has changed since.
 */
export async function replaceDocument(
  repo: ProductRepository,
  companyId: string,
  id: string,
  doc: Readonly<Record<string, unknown>>,
  readVersion: Date,
): Promise<ProductRow | undefined> {
  const text = Buffer.from(JSON.stringify(doc));
  const row = await repo.replaceProductText(companyId, id, text, productCompleteness(doc), readVersion);
  return row ? productRowOf({ ...row, doc: { ...doc, registrationId: row.registration_id } }) : undefined;
}

/**
 * Applies dotted-path updates atomically. Answers the new updatedAt, or undefined when not found.
 *
 * When a path is under coupangDoc or rocketRegInfo the completeness rate of the resulting document
 * is written with it, so the last writer's rate is always the rate of the final document:
 * - when only option documents change and this process knows the row version (xmin) it wrote
 *   last, the rate is computed first and written by the same UPDATE, which applies only to that
 *   version;
 * - otherwise (or when that UPDATE applied to nothing) the UPDATE answers the option documents and
 *   the rate is written in the same transaction: the row lock is held until the commit, so a
 *   concurrent update of another path waits, then applies to this result and recomputes in turn.
 * Other paths cannot change the rate: one statement, as before.
 */
export async function applyPartialUpdate(
  repo: ProductRepository,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  opts: { sellerPaths?: readonly string[]; caches?: ProductCaches | undefined } = {},
): Promise<Written | undefined> {
  if (!isUuid(id)) return undefined;
  const marks = opts.sellerPaths ?? [];
  if (!touchesCompleteness(updates)) return writtenOf(await repo.updatePaths(companyId, id, updates, marks));
  const caches = opts.caches;
  if (repo.isTransaction || !caches) return applyDocumentUpdate(repo, caches, companyId, id, updates, marks);
  // This process's document updates of one product run one after another (they would wait for the
  // row lock anyway): each then finds the version the previous one left and needs one statement.
  return oneAtATime(caches.writeQueues, `${companyId}:${id}`, () =>
    applyDocumentUpdate(repo, caches, companyId, id, updates, marks),
  );
}

/**
 * Without the container's caches (a tool, a test) every write takes the locking way and reads the
 * schema again: slower, the same result.
 */
export async function applyDocumentUpdate(
  repo: ProductRepository,
  caches: ProductCaches | undefined,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  marks: readonly string[],
  read?: { version: string; values: ReadonlyMap<string, StoredValue> },
): Promise<Written | undefined> {
  const key = `${companyId}:${id}`;
  let known = repo.isTransaction ? undefined : caches?.knownDocuments.get(key);
  // What the caller read is of one row version: known documents of another are of no use with it.
  if (known && read) known = known.version === read.version ? withReadValues(known, read.values) : undefined;
  if (known && caches) {
    const done = await updateAtKnownVersion(repo, caches, companyId, id, updates, marks, known);
    if (done) return done;
  }
  if (repo.isTransaction)
    return writtenOf(await updateAndRecompute(repo, caches, companyId, id, updates, null, marks));
  caches?.knownDocuments.delete(key);
  if (read && caches) {
    // At the version read, the values read are known after the write too.
    const row = await repo.transaction((tx) =>
      updateAndRecompute(tx, caches, companyId, id, updates, read.version, marks),
    );
    if (row) {
      const before = { paths: read.values, containers: new Map() };
      const after = knownAfterWrite(before, updates, marks.length > 0);
      rememberDocuments(caches, key, {
        version: row.version,
        docs: row.docs,
        schemaHash: row.schema_hash,
        ...after,
        bytes: knownBytes({ docs: row.docs, paths: after.paths }),
      });
      return writtenOf(row);
    }
  }
  const row = await repo.transaction((tx) =>
    updateAndRecompute(tx, caches, companyId, id, updates, null, marks),
  );
  if (row)
    rememberDocuments(caches, key, {
      version: row.version,
      docs: row.docs,
      schemaHash: row.schema_hash,
      bytes: knownBytes({ docs: row.docs }),
    });
  return writtenOf(row);
}

/**
 * The option documents of the known row version are here: the rate is computed before the UPDATE
 * and written by it, which applies only if the row is still that version (xmin) and, with
 * `settingsVersion`, the company's settings row still the version the caller's rules read. Answers
 * undefined when it did not apply (another write in between, or what it needs is not known here).
 */
export async function updateAtKnownVersion(
  repo: ProductRepository,
  caches: ProductCaches,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  marks: readonly string[],
  known: KnownDocuments,
  settingsVersion?: string | null,
): Promise<Written | undefined> {
  if (!updates.every((u) => !touchesCompleteness([u]) || isOptionDocumentPath(u.segments))) return undefined;
  const schema = known.schemaHash === null ? null : caches.schemas.get(known.schemaHash);
  const docs = schema === undefined ? undefined : documentsAfterOrUndefined(known.docs, updates);
  if (schema === undefined || docs === undefined) return undefined;
  const rate = completenessOfUnchanging(docs, schema ?? undefined, caches.documentRates);
  const row = await repo.updatePathsWithRate(companyId, id, updates, marks, {
    version: known.version,
    rate,
    ...(settingsVersion === undefined ? {} : { settingsVersion }),
  });
  if (!row) return undefined;
  const written = updates.reduce((n, u) => n + (JSON.stringify(u.value)?.length ?? 0), 0);
  rememberDocuments(caches, `${companyId}:${id}`, {
    version: row.version,
    docs,
    schemaHash: known.schemaHash,
    ...knownAfterWrite(known, updates, marks.length > 0),
    bytes: known.bytes + written,
  });
  return writtenOf(row);
}

/**
 * The UPDATE's row lock is held until the commit: a concurrent update of another path waits, then
 * applies to this result and recomputes in turn. Only the option documents and a hash of the
 * schema come back (its parsed form is cached: every product of a category has the same one).
 * With `version`, it applies only to that row version (xmin) and answers undefined otherwise.
 */
async function updateAndRecompute(
  tx: ProductRepository,
  caches: ProductCaches | undefined,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  version: string | null,
  marks: readonly string[] = [],
) {
  const row = await tx.updatePathsReturningDocuments(companyId, id, updates, version, marks);
  if (!row) return undefined;
  let schema = row.schema_hash === null ? null : caches?.schemas.get(row.schema_hash);
  if (schema === undefined) {
    schema = schemaPartOf(await tx.readSchemaInfo(id)) ?? null;
    caches?.schemas.set(row.schema_hash!, schema);
  }
  await tx.writeCompleteness(id, completenessWith(row.docs, schema ?? undefined));
  return row;
}

/**
 * The dotted-path update of applyPartialUpdate, applied only if the row is still `version` (xmin):
 * answers the new updatedAt, 'conflict' when the row changed since it was read, or undefined when
 * the product is not the company's.
 */
export async function applyPartialUpdateAtVersion(
  repo: ProductRepository,
  companyId: string,
  id: string,
  version: string,
  updates: readonly ParsedUpdate[],
  caches?: ProductCaches,
): Promise<Date | 'conflict' | undefined> {
  if (!isUuid(id)) return undefined;
  let updatedAt: Date | undefined;
  if (!touchesCompleteness(updates)) {
    updatedAt = await repo.updatePathsAtVersion(companyId, id, version, updates);
  } else {
    const key = `${companyId}:${id}`;
    const write = async () => {
      caches?.knownDocuments.delete(key);
      const row = await repo.transaction((tx) =>
        updateAndRecompute(tx, caches, companyId, id, updates, version),
      );
      if (row)
        rememberDocuments(caches, key, {
          version: row.version,
          docs: row.docs,
          schemaHash: row.schema_hash,
          bytes: knownBytes({ docs: row.docs }),
        });
      return row?.updated_at;
    };
    updatedAt = repo.isTransaction
      ? (await updateAndRecompute(repo, caches, companyId, id, updates, version))?.updated_at
      : caches
        ? await oneAtATime(caches.writeQueues, key, write)
        : await write();
  }
  if (updatedAt) return updatedAt;
  return (await repo.findProduct(companyId, id)) ? 'conflict' : undefined;
}

/** Forgets what this process knew of these products (deleted, or replaced whole). */
export function forgetDocuments(caches: ProductCaches, companyId: string, ids: readonly string[]): void {
  for (const id of ids) caches.knownDocuments.delete(`${companyId}:${id}`);
}

/** A path inside one option document: `coupangDoc.jsonDocument.{i}.…`. */
function isOptionDocumentPath(segments: readonly string[]): boolean {
  return segments.length >= 3 && segments[0] === 'coupangDoc' && segments[1] === 'jsonDocument';
}

/**
 * Remembers the option documents (coupangDoc.jsonDocument) of the row version (xmin) a partial
 * update of this process committed, per product; bounded, oldest out first. Only ever used together
 * with an `xmin =` condition, so a stale entry costs a retry, never a wrong rate.
 */
function rememberDocuments(caches: ProductCaches | undefined, key: string, known: KnownDocuments): void {
  if (!caches) return;
  caches.knownDocuments.delete(key);
  caches.knownDocuments.set(key, known);
}

/**
 * The option documents after the updates, as rr_jsonb_set_path (migration 0011) leaves them. The
 * known documents are never changed: only the arrays and objects on a written path are copied (the
 * rest is shared with them; a deep copy of every document was most of this function's time).
 */
export function documentsAfter(docs: unknown, updates: readonly ParsedUpdate[]): unknown {
  let out = docs;
  for (const u of updates) {
    if (!isOptionDocumentPath(u.segments)) continue;
    out = setPath(out, u.segments.slice(2), JSON.parse(JSON.stringify(u.value)) as unknown);
  }
  return out;
}

/** undefined when an update is out of range: the statement below then refuses it (RR001). */
function documentsAfterOrUndefined(docs: unknown, updates: readonly ParsedUpdate[]): unknown {
  try {
    return documentsAfter(docs, updates);
  } catch {
    return undefined;
  }
}

function setPath(target: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (/^[0-9]+$/.test(head)) {
    const container = Array.isArray(target) ? [...target] : [];
    const idx = Number(head);
    if (idx > container.length + 1) throw new Error('array index past the end'); // refused by the SQL
    if (idx === container.length + 1) container.push(null);
    container[idx] = setPath(idx < container.length ? container[idx] : null, rest, value);
    return container;
  }
  const container = (
    target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {}
  ) as Record<string, unknown>;
  Object.defineProperty(container, head, {
    value: setPath(Object.hasOwn(container, head) ? container[head] : null, rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return container;
}
