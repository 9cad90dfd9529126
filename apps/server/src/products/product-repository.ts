import { parseStoredProduct, type SetAsideValue, type StoredProduct, storedDocumentOf } from '@rr/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import {
  completenessOfUnchanging,
  completenessWith,
  productCompleteness,
  schemaPartOf,
  touchesCompleteness,
} from './completeness.ts';
import { knownAfterWrite, knownBytes, withReadValues } from './known-products.ts';
import { type KnownDocuments, oneAtATime, type ProductCaches, type StoredValue } from './product-caches.ts';
import { type ParsedUpdate, updateTree } from './update-paths.ts';

// Every query here is scoped to one company: a product of another company is "not found".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * A product row as the services use it: `doc` is the stored document parsed once, here, into the
 * domain's entity (`StoredProduct`: lenient, unknown fields kept, the stored object itself).
 * `setAside` holds the stored values that do not fit the entity (usually none; docs/decisions.md
 * "A stored product that does not parse"): they are not in `doc`, and `storedDocument(row)` /
 * `toProduct(row)` put them back, so answers and whole-document writes keep them.
 */
export type ProductRow = {
  id: string;
  registration_id: string;
  doc: StoredProduct;
  setAside: readonly SetAsideValue[];
  completeness: number | null;
  created_at: Date;
  updated_at: Date;
};

/** A row as the database answers it (the document as JSON). */
export type StoredRow = Omit<ProductRow, 'doc' | 'setAside'> & { doc: unknown };

/** Parses a row's document (once per read). A document with values that do not fit is logged, once per read. */
export function productRowOf(row: StoredRow): ProductRow {
  const parsed = parseStoredProduct(row.doc);
  if (parsed.setAside.length > 0) {
    console.warn(
      `product ${row.id}: stored values that do not fit the product entity, kept as stored: ${parsed.setAside
        .map((s) => s.path.join('.') || '(document)')
        .join(', ')}`,
    );
  }
  return { ...row, doc: parsed.product, setAside: parsed.setAside };
}

const rowOrUndefined = (row: StoredRow | undefined) => (row ? productRowOf(row) : undefined);

/** The whole stored document: the typed one with any set-aside values back in place. */
export function storedDocument(row: ProductRow): Record<string, unknown> {
  return storedDocumentOf({ product: row.doc, setAside: row.setAside });
}

/** The answer of a product call: the whole stored document with the server's fields laid over it. */
export type ProductAnswer = Record<string, unknown> & {
  _id: string;
  registrationId: string;
  completeness: number | null;
  createdAt: string;
  updatedAt: string;
};

/** The stored document with the server's fields laid over it (`_id`, registrationId, dates). */
export function toProduct(row: ProductRow): ProductAnswer {
  return {
    ...storedDocument(row),
    _id: row.id,
    registrationId: row.registration_id,
    completeness: row.completeness,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const columns = ['id', 'registration_id', 'doc', 'completeness', 'created_at', 'updated_at'] as const;
/**
 * A write answers its row without the document: the row is built from the object just written (what
 * `JSON.stringify` keeps is what jsonb holds, key order aside), so a large document is not sent back,
 * decoded and parsed on the request loop after each write (issue 21: a 9 MB saveItems).
 */
const columnsButDoc = ['id', 'registration_id', 'completeness', 'created_at', 'updated_at'] as const;

export async function findProduct(db: Db, companyId: string, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('products')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
    .then(rowOrUndefined);
}

export async function findProductByRegistrationId(
  db: Db,
  companyId: string,
  registrationId: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst()
    .then(rowOrUndefined);
}

/** The product first imported from this 1688 offer (split products share the offer id). */
export async function findProductByOfferId(
  db: Db,
  companyId: string,
  offerId: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('offer_id', '=', offerId)
    .orderBy('created_at', 'asc')
    .orderBy('registration_id', 'asc')
    .limit(1)
    .executeTakeFirst()
    .then(rowOrUndefined);
}

/** The company's products imported from any of these 1688 offers. */
export async function findProductsByOfferIds(
  db: Db,
  companyId: string,
  offerIds: readonly string[],
): Promise<(ProductRow & { offer_id: string | null })[]> {
  if (offerIds.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select([...columns, 'offer_id'])
    .where('company_id', '=', companyId)
    .where('offer_id', 'in', offerIds)
    .execute();
  return rows.map((r) => ({ ...productRowOf(r), offer_id: r.offer_id }));
}

/** Next registrationId of the company: `{supplierCode}-{6 digits}`, never reused. */
export async function nextRegistrationId(db: Db, companyId: string): Promise<string> {
  const row = await sql<{ last_value: number; supplier_code: string }>`
    insert into registration_counters as rc (company_id, last_value) values (${companyId}, 1)
    on conflict (company_id) do update set last_value = rc.last_value + 1
    returning last_value, (select supplier_code from companies where id = ${companyId}) as supplier_code`.execute(
    db,
  );
  const r = row.rows[0]!;
  return `${r.supplier_code}-${String(r.last_value).padStart(6, '0')}`;
}

export async function insertProduct(
  db: Db,
  companyId: string,
  registrationId: string,
  doc: Readonly<Record<string, unknown>>,
): Promise<ProductRow> {
  const row = await insertProductText(
    db,
    companyId,
    registrationId,
    Buffer.from(JSON.stringify(doc)),
    productCompleteness(doc),
  );
  return productRowOf({ ...row, doc: { ...doc, registrationId } });
}

/** A stored product as saveItems replaces it: its document as the database prints it (not parsed here). */
export type StoredText = { id: string; registrationId: string; text: string };

/**
 * The product saveItems names (by `_id`, else registrationId), its document as text: it is read by
 * the work pool, not on the request loop (issue 21).
 */
export async function findProductText(
  db: Db,
  companyId: string,
  key: { id: string } | { registrationId: string },
): Promise<StoredText | undefined> {
  if ('id' in key && !isUuid(key.id)) return undefined;
  const row = await db
    .selectFrom('products')
    .select(['id', 'registration_id', sql<string>`doc::text`.as('text')])
    .where('company_id', '=', companyId)
    .$if('id' in key, (q) => q.where('id', '=', (key as { id: string }).id))
    .$if('registrationId' in key, (q) =>
      q.where('registration_id', '=', (key as { registrationId: string }).registrationId),
    )
    .executeTakeFirst();
  return row ? { id: row.id, registrationId: row.registration_id, text: row.text } : undefined;
}

/** The stored fields a split product inherits from its base, as the text of an object of those present. */
export async function findInheritedText(
  db: Db,
  companyId: string,
  registrationId: string,
  fields: readonly string[],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select(
      sql<string>`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(doc) e where e.key = any(${[...fields]}::text[]))::text`.as(
        'text',
      ),
    )
    .where('company_id', '=', companyId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
  return row?.text;
}

/** What a write of a document given as text answers: the row without its document. */
export type WrittenRow = Omit<StoredRow, 'doc'>;

/**
 * A new product from its document's UTF-8 text (built in the work pool): the bytes go to PostgreSQL
 * as they are (a binary text parameter), so the request loop neither stringifies nor encodes them.
 */
export async function insertProductText(
  db: Db,
  companyId: string,
  registrationId: string,
  text: Buffer,
  completeness: number | null,
): Promise<WrittenRow> {
  return db
    .insertInto('products')
    .values({
      company_id: companyId,
      registration_id: registrationId,
      doc: sql`${text}::text::jsonb || jsonb_build_object('registrationId', ${registrationId}::text)`,
      completeness,
    })
    .returning(columnsButDoc)
    .executeTakeFirstOrThrow();
}

/** `replaceProductDoc` from a document's UTF-8 text (see insertProductText); undefined: changed since. */
export async function replaceProductText(
  db: Db,
  companyId: string,
  id: string,
  text: Buffer,
  completeness: number | null,
  readVersion: Date,
): Promise<WrittenRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .updateTable('products')
    .set((eb) => ({
      doc: sql`${text}::text::jsonb || jsonb_build_object('registrationId', ${eb.ref('registration_id')})`,
      completeness,
      updated_at: sql`now()`,
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where(sql`date_trunc('milliseconds', updated_at)`, '=', readVersion)
    .returning(columnsButDoc)
    .executeTakeFirst();
}

/**
 * Replaces the whole document, only if the row is still the version the client read (`updatedAt`
 * as it was answered, to the millisecond). Answers the new row, or undefined when the product is
 * not the company's or has changed since.
 */
export async function replaceProductDoc(
  db: Db,
  companyId: string,
  id: string,
  doc: Readonly<Record<string, unknown>>,
  readVersion: Date,
): Promise<ProductRow | undefined> {
  const text = Buffer.from(JSON.stringify(doc));
  const row = await replaceProductText(db, companyId, id, text, productCompleteness(doc), readVersion);
  return row ? productRowOf({ ...row, doc: { ...doc, registrationId: row.registration_id } }) : undefined;
}

/**
 * `w.doc`: the product's document `p` read once. Each mention of a toasted column in a statement
 * fetches and decompresses the whole value again, so a query naming `p.doc` once per path read a
 * 9 MB document 500 times (2.2 s; issue 21). The concatenation makes one copy the rest reads (9 ms).
 */
export const DOC_READ_ONCE = sql`cross join lateral (select p.doc || '{}'::jsonb as doc offset 0) as w`;

/**
 * The stored values at these dotted paths only, as a sparse document (`readDocumentPath` finds each
 * value where it is stored; a missing path stays missing), or undefined when the product is not the
 * company's. A partial update that needs no more than this does not read (and parse) the whole
 * document: on a 9 MB product that was the event loop's time per update.
 */
export async function findPathValues(
  db: Db,
  companyId: string,
  id: string,
  paths: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await sql<{ vals: ({ v?: unknown } | null)[] }>`
    select coalesce((
      select jsonb_agg(case when t.value is null then '{}'::jsonb else jsonb_build_object('v', t.value) end order by t.i)
      from (select w.doc #> string_to_array(u.path, '.') as value, u.i
            from unnest(${paths as string[]}::text[]) with ordinality as u(path, i)) as t
    ), '[]'::jsonb) as vals
    from products as p ${DOC_READ_ONCE} where p.id = ${id} and p.company_id = ${companyId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const sparse: Record<string, unknown> = {};
  paths.forEach((path, i) => {
    const found = row.vals[i];
    if (!found || !Object.hasOwn(found, 'v')) return;
    const segments = path.split('.');
    let node = sparse;
    for (const [k, segment] of segments.entries()) {
      const value = k === segments.length - 1 ? found.v : (node[segment] ?? {});
      Object.defineProperty(node, segment, { value, enumerable: true, writable: true, configurable: true });
      node = value as Record<string, unknown>;
    }
  });
  return sparse;
}

/** Reads a product and locks its row until the transaction ends (a read-compute-write by the server). */
export async function findProductForUpdate(
  trx: Db,
  companyId: string,
  id: string,
): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx
    .selectFrom('products')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
    .then(rowOrUndefined);
}

/**
 * Up to this many paths are applied as a `rr_jsonb_set_path` chain (each link copies the document,
 * but for a few paths that is cheaper than the tree function's PL/pgSQL); more go through
 * `rr_jsonb_apply_tree` in one pass, so no update costs more than this many copies of the document.
 */
export const CHAINED_PATHS_AT_MOST = 4;

/**
 * `doc = rr_jsonb_apply_tree(doc, tree)` — every path in one statement and one pass over the document
 * (migration 0021), or a short chain of `rr_jsonb_set_path` for a few paths. `sellerPaths` are
 * recorded in doc.fieldSources as the seller's in the same statement, dropping the older marks they
 * cover (their descendants).
 */
export function partialUpdateExpression(
  updates: readonly ParsedUpdate[],
  sellerPaths: readonly string[] = [],
): RawBuilder<unknown> {
  if (updates.length + (sellerPaths.length > 0 ? 1 : 0) <= CHAINED_PATHS_AT_MOST) {
    let expr: RawBuilder<unknown> = sql`doc`;
    for (const u of updates) {
      expr = sql`rr_jsonb_set_path(${expr}, ${u.segments}::text[], ${JSON.stringify(u.value)}::jsonb)`;
    }
    if (sellerPaths.length > 0)
      expr = sql`rr_jsonb_set_path(${expr}, '{fieldSources}'::text[], ${sellerMarks(sellerPaths)})`;
    return expr;
  }
  let tree: RawBuilder<unknown> = sql`${JSON.stringify(updateTree(updates))}::jsonb`;
  if (sellerPaths.length > 0) {
    // fieldSources is a server field: no client path reaches it, so it is one more top-level leaf.
    tree = sql`jsonb_set(${tree}, '{c,fieldSources}', jsonb_build_object('v', ${sellerMarks(sellerPaths)}))`;
  }
  return sql`rr_jsonb_apply_tree(doc, ${tree})`;
}

/**
 * doc.fieldSources with `sellerPaths` marked as the seller's and the older marks they cover dropped
 * (the paths themselves and their descendants). Each stored mark is compared with the paths by two
 * array scans inside PostgreSQL (`= any`, and `^@ any`: starts with a path and a dot); the earlier
 * form built a prefix per mark and path, 1.8 s for 10,000 marks and 500 paths against 0.26 s now.
 */
function sellerMarks(sellerPaths: readonly string[]): RawBuilder<unknown> {
  const paths = [...new Set(sellerPaths)];
  const below = paths.map((p) => `${p}.`);
  return sql`(
      select coalesce(jsonb_object_agg(e.k, e.v), '{}'::jsonb)
      from jsonb_each(case when jsonb_typeof(doc -> 'fieldSources') = 'object' then doc -> 'fieldSources' else '{}'::jsonb end) as e(k, v)
      where not (e.k = any (${paths}::text[]) or e.k ^@ any (${below}::text[]))
    ) || (select jsonb_object_agg(p.path, 'seller') from unnest(${paths}::text[]) as p(path))`;
}

/**
 * What a seller's write left: the new updatedAt, and the size of the document it wrote (doc_bytes,
 * uncompressed). A partial update rewrites the whole stored document, so that size, not the request's,
 * is what the write cost the database (the company's heavy-request pace counts it: http/company-gate.ts).
 */
export type Written = { updatedAt: Date; docBytes: number };

const writtenOf = (row: { updated_at: Date; doc_bytes: number } | undefined): Written | undefined =>
  row && { updatedAt: row.updated_at, docBytes: row.doc_bytes };

export function partialUpdateQuery(
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  sellerPaths: readonly string[] = [],
) {
  return sql<{
    updated_at: Date;
    doc_bytes: number;
  }>`update products set doc = ${partialUpdateExpression(updates, sellerPaths)}, updated_at = now()
    where id = ${id} and company_id = ${companyId} returning updated_at, doc_bytes`;
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
  db: Db,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  opts: { sellerPaths?: readonly string[]; caches?: ProductCaches | undefined } = {},
): Promise<Written | undefined> {
  if (!isUuid(id)) return undefined;
  const marks = opts.sellerPaths ?? [];
  if (!touchesCompleteness(updates)) {
    const row = (await partialUpdateQuery(companyId, id, updates, marks).execute(db)).rows[0];
    return row && { updatedAt: row.updated_at, docBytes: row.doc_bytes };
  }
  const caches = opts.caches;
  if (db.isTransaction || !caches) return applyDocumentUpdate(db, caches, companyId, id, updates, marks);
  // This process's document updates of one product run one after another (they would wait for the
  // row lock anyway): each then finds the version the previous one left and needs one statement.
  return oneAtATime(caches.writeQueues, `${companyId}:${id}`, () =>
    applyDocumentUpdate(db, caches, companyId, id, updates, marks),
  );
}

/**
 * Without the container's caches (a tool, a test) every write takes the locking way and reads the
 * schema again: slower, the same result.
 */
export async function applyDocumentUpdate(
  db: Db,
  caches: ProductCaches | undefined,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  marks: readonly string[],
  read?: { version: string; values: ReadonlyMap<string, StoredValue> },
): Promise<Written | undefined> {
  const key = `${companyId}:${id}`;
  let known = db.isTransaction ? undefined : caches?.knownDocuments.get(key);
  // What the caller read is of one row version: known documents of another are of no use with it.
  if (known && read) known = known.version === read.version ? withReadValues(known, read.values) : undefined;
  if (known && caches) {
    const done = await updateAtKnownVersion(db, caches, companyId, id, updates, marks, known);
    if (done) return done;
  }
  if (db.isTransaction)
    return writtenOf(await updateAndRecompute(db, caches, companyId, id, updates, null, marks));
  caches?.knownDocuments.delete(key);
  if (read && caches) {
    // At the version read, the values read are known after the write too.
    const row = await db
      .transaction()
      .execute((trx) => updateAndRecompute(trx, caches, companyId, id, updates, read.version, marks));
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
  const row = await db
    .transaction()
    .execute((trx) => updateAndRecompute(trx, caches, companyId, id, updates, null, marks));
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
  db: Db,
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
  const settingsCheck =
    settingsVersion === undefined
      ? sql``
      : sql` and (select s.xmin::text from company_settings as s where s.company_id = ${companyId}) is not distinct from ${settingsVersion}`;
  const done = await sql<{ updated_at: Date; doc_bytes: number; version: string }>`
    update products set doc = ${partialUpdateExpression(updates, marks)}, updated_at = now(), completeness = ${rate}
    where id = ${id} and company_id = ${companyId} and xmin = ${known.version}::xid${settingsCheck}
    returning updated_at, doc_bytes, xmin::text as version`.execute(db);
  const row = done.rows[0];
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
  trx: Db,
  caches: ProductCaches | undefined,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  version: string | null,
  marks: readonly string[] = [],
) {
  const result = await sql<{
    updated_at: Date;
    doc_bytes: number;
    docs: unknown;
    schema_hash: string | null;
    version: string;
  }>`
    update products set doc = ${partialUpdateExpression(updates, marks)}, updated_at = now()
    where id = ${id} and company_id = ${companyId}${version === null ? sql`` : sql` and xmin = ${version}::xid`}
    returning updated_at, doc_bytes, doc #> '{coupangDoc,jsonDocument}' as docs,
      md5((doc #> '{rocketRegInfo,schemaInfo}')::text) as schema_hash, xmin::text as version`.execute(trx);
  const row = result.rows[0];
  if (!row) return undefined;
  let schema = row.schema_hash === null ? null : caches?.schemas.get(row.schema_hash);
  if (schema === undefined) {
    const found = await sql<{ schema: unknown }>`
      select doc #> '{rocketRegInfo,schemaInfo}' as schema from products where id = ${id}`.execute(trx);
    schema = schemaPartOf(found.rows[0]?.schema) ?? null;
    caches?.schemas.set(row.schema_hash!, schema);
  }
  await sql`update products set completeness = ${completenessWith(row.docs, schema ?? undefined)} where id = ${id}`.execute(
    trx,
  );
  return row;
}

/** A product row with its row version (xmin), for a read-then-write checked against that version. */
export async function findProductVersion(
  db: Db,
  companyId: string,
  id: string,
): Promise<(ProductRow & { version: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await sql<StoredRow & { version: string }>`
    select id, registration_id, doc, completeness, created_at, updated_at, xmin::text as version
    from products where id = ${id} and company_id = ${companyId}`.execute(db);
  const row = result.rows[0];
  return row ? { ...productRowOf(row), version: row.version } : undefined;
}

/**
 * The dotted-path update of applyPartialUpdate, applied only if the row is still `version` (xmin):
 * answers the new updatedAt, 'conflict' when the row changed since it was read, or undefined when
 * the product is not the company's.
 */
export async function applyPartialUpdateAtVersion(
  db: Db,
  companyId: string,
  id: string,
  version: string,
  updates: readonly ParsedUpdate[],
  caches?: ProductCaches,
): Promise<Date | 'conflict' | undefined> {
  if (!isUuid(id)) return undefined;
  let updatedAt: Date | undefined;
  if (!touchesCompleteness(updates)) {
    const result = await sql<{ updated_at: Date }>`
      update products set doc = ${partialUpdateExpression(updates)}, updated_at = now()
      where id = ${id} and company_id = ${companyId} and xmin = ${version}::xid
      returning updated_at`.execute(db);
    updatedAt = result.rows[0]?.updated_at;
  } else {
    const key = `${companyId}:${id}`;
    const write = async () => {
      caches?.knownDocuments.delete(key);
      const row = await db
        .transaction()
        .execute((trx) => updateAndRecompute(trx, caches, companyId, id, updates, version));
      if (row)
        rememberDocuments(caches, key, {
          version: row.version,
          docs: row.docs,
          schemaHash: row.schema_hash,
          bytes: knownBytes({ docs: row.docs }),
        });
      return row?.updated_at;
    };
    updatedAt = db.isTransaction
      ? (await updateAndRecompute(db, caches, companyId, id, updates, version))?.updated_at
      : caches
        ? await oneAtATime(caches.writeQueues, key, write)
        : await write();
  }
  if (updatedAt) return updatedAt;
  return (await findProduct(db, companyId, id)) ? 'conflict' : undefined;
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
function documentsAfter(docs: unknown, updates: readonly ParsedUpdate[]): unknown {
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

/** Deletes all or nothing: answers the count, or null when any id is not the company's. */
export async function deleteProducts(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<number | null> {
  if (ids.some((id) => !isUuid(id))) return null;
  const unique = [...new Set(ids)];
  return db
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('products')
        .where('company_id', '=', companyId)
        .where('id', 'in', unique)
        .returning('id')
        .execute();
      if (deleted.length !== unique.length) throw new RollbackSignal();
      return deleted.length;
    })
    .catch((err: unknown) => {
      if (err instanceof RollbackSignal) return null;
      throw err;
    });
}

class RollbackSignal extends Error {}

/** Registration ids of the company that start with `{prefix}_` (a split's products, Q §4). */
export async function registrationIdsWithPrefix(
  db: Db,
  companyId: string,
  prefix: string,
): Promise<string[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}\\_%`;
  const rows = await db
    .selectFrom('products')
    .select('registration_id')
    .where('company_id', '=', companyId)
    .where('registration_id', 'like', like)
    .execute();
  return rows.map((r) => r.registration_id);
}
