import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DOC_READ_ONCE } from './document-update-base-repository.ts';
import {
  isUuid,
  type ProductRow,
  productRowOf,
  type StoredRow,
  type StoredText,
  type WrittenRow,
} from './product-row.ts';
import { type ParsedUpdate, updateTree } from './update-paths.ts';

// The products table's SQL (issue 40: SQL only; the write queues, the known documents and the
// completeness rules around a write are the store's side, products/product-writes.ts). Reached only
// through the repository object (products/product-data-repository.ts binds these to one handle;
// scripts/check-deps.mjs refuses any other importer but the PostgreSQL tests).

// Every query here is scoped to one company: a product of another company is "not found".

const rowOrUndefined = (row: StoredRow | undefined) => (row ? productRowOf(row) : undefined);

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

/**
 * Replaces the whole document from its UTF-8 text (see insertProductText), only if the row is still
 * the version the client read (`updatedAt` as it was answered, to the millisecond); undefined when
 * the product is not the company's or has changed since.
 */
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

/** What a partial update's statement answers: the new updatedAt and the document's size (doc_bytes). */
export type WrittenColumns = { updated_at: Date; doc_bytes: number };

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
 * A partial update in one statement (no completeness rate: the paths cannot change it). Answers the
 * new updatedAt and the document's size, or undefined when the product is not the company's.
 */
export async function updatePaths(
  db: Db,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  sellerPaths: readonly string[] = [],
): Promise<WrittenColumns | undefined> {
  if (!isUuid(id)) return undefined;
  return (await partialUpdateQuery(companyId, id, updates, sellerPaths).execute(db)).rows[0];
}

/**
 * A partial update with the completeness rate computed before it, applied only if the row is still
 * `version` (xmin) and, with `settingsVersion`, the company's settings row still that version.
 * Answers undefined when it applied to nothing.
 */
export async function updatePathsWithRate(
  db: Db,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  marks: readonly string[],
  at: { version: string; rate: number | null; settingsVersion?: string | null | undefined },
): Promise<(WrittenColumns & { version: string }) | undefined> {
  const settingsCheck =
    at.settingsVersion === undefined
      ? sql``
      : sql` and (select s.xmin::text from company_settings as s where s.company_id = ${companyId}) is not distinct from ${at.settingsVersion}`;
  const done = await sql<WrittenColumns & { version: string }>`
    update products set doc = ${partialUpdateExpression(updates, marks)}, updated_at = now(), completeness = ${at.rate}
    where id = ${id} and company_id = ${companyId} and xmin = ${at.version}::xid${settingsCheck}
    returning updated_at, doc_bytes, xmin::text as version`.execute(db);
  return done.rows[0];
}

/** What an update that changes option documents answers: the documents after it and its schema's md5. */
export type UpdatedDocuments = WrittenColumns & {
  docs: unknown;
  schema_hash: string | null;
  version: string;
};

/**
 * A partial update that answers the option documents and a hash of the schema after it (their rate
 * is written next, in the same transaction: `writeCompleteness`). The row lock is held until the
 * commit. With `version`, it applies only to that row version (xmin) and answers undefined otherwise.
 */
export async function updatePathsReturningDocuments(
  db: Db,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
  version: string | null,
  marks: readonly string[] = [],
): Promise<UpdatedDocuments | undefined> {
  const result = await sql<UpdatedDocuments>`
    update products set doc = ${partialUpdateExpression(updates, marks)}, updated_at = now()
    where id = ${id} and company_id = ${companyId}${version === null ? sql`` : sql` and xmin = ${version}::xid`}
    returning updated_at, doc_bytes, doc #> '{coupangDoc,jsonDocument}' as docs,
      md5((doc #> '{rocketRegInfo,schemaInfo}')::text) as schema_hash, xmin::text as version`.execute(db);
  return result.rows[0];
}

/** The stored category schema part of a product (rocketRegInfo.schemaInfo), as stored. */
export async function readSchemaInfo(db: Db, id: string): Promise<unknown> {
  const found = await sql<{ schema: unknown }>`
    select doc #> '{rocketRegInfo,schemaInfo}' as schema from products where id = ${id}`.execute(db);
  return found.rows[0]?.schema;
}

/** Writes a product's completeness rate (after an update in the same transaction). */
export async function writeCompleteness(db: Db, id: string, rate: number | null): Promise<void> {
  await sql`update products set completeness = ${rate} where id = ${id}`.execute(db);
}

/**
 * A partial update that cannot change the rate, applied only if the row is still `version` (xmin):
 * the new updatedAt, or undefined when it applied to nothing.
 */
export async function updatePathsAtVersion(
  db: Db,
  companyId: string,
  id: string,
  version: string,
  updates: readonly ParsedUpdate[],
): Promise<Date | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await sql<{ updated_at: Date }>`
    update products set doc = ${partialUpdateExpression(updates)}, updated_at = now()
    where id = ${id} and company_id = ${companyId} and xmin = ${version}::xid
    returning updated_at`.execute(db);
  return result.rows[0]?.updated_at;
}

/**
 * The size of a product's stored document (`doc_bytes`), read before a seller's write so the write
 * lanes know what it will rewrite (limits/write-lanes.ts); undefined when the row is not the company's.
 */
export async function findDocumentBytes(db: Db, companyId: string, id: string): Promise<number | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await sql<{ doc_bytes: number }>`
    select doc_bytes from products where id = ${id} and company_id = ${companyId}`.execute(db);
  return result.rows[0]?.doc_bytes;
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
