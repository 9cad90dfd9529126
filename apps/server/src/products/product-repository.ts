import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { completenessOf, productCompleteness, touchesCompleteness } from './completeness.ts';
import type { ParsedUpdate } from './update-paths.ts';

// Every query here is scoped to one company: a product of another company is "not found".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

export type ProductDoc = Record<string, unknown>;

export type ProductRow = {
  id: string;
  registration_id: string;
  doc: ProductDoc;
  completeness: number | null;
  created_at: Date;
  updated_at: Date;
};

/** The stored document with the server's fields laid over it (`_id`, registrationId, dates). */
export function toProduct(row: ProductRow): ProductDoc & { _id: string; registrationId: string } {
  return {
    ...row.doc,
    _id: row.id,
    registrationId: row.registration_id,
    completeness: row.completeness,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const columns = ['id', 'registration_id', 'doc', 'completeness', 'created_at', 'updated_at'] as const;

export async function findProduct(db: Db, companyId: string, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('products')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<ProductRow | undefined>;
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
    .executeTakeFirst() as Promise<ProductRow | undefined>;
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
    .executeTakeFirst() as Promise<ProductRow | undefined>;
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
  doc: ProductDoc,
): Promise<ProductRow> {
  return db
    .insertInto('products')
    .values({
      company_id: companyId,
      registration_id: registrationId,
      doc: JSON.stringify({ ...doc, registrationId }),
      completeness: productCompleteness(doc),
    })
    .returning(columns)
    .executeTakeFirstOrThrow() as Promise<ProductRow>;
}

/** Replaces the whole document. Answers the new row, or undefined when the product is not the company's. */
export async function replaceProductDoc(
  db: Db,
  companyId: string,
  id: string,
  doc: ProductDoc,
): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .updateTable('products')
    .set((eb) => ({
      doc: sql`${JSON.stringify(doc)}::jsonb || jsonb_build_object('registrationId', ${eb.ref('registration_id')})`,
      completeness: productCompleteness(doc),
      updated_at: sql`now()`,
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst() as Promise<ProductRow | undefined>;
}

/** `doc = rr_jsonb_set_path(rr_jsonb_set_path(doc, p1, v1), p2, v2) …` — every path in one statement. */
export function partialUpdateExpression(updates: readonly ParsedUpdate[]): RawBuilder<unknown> {
  let expr: RawBuilder<unknown> = sql`doc`;
  for (const u of updates) {
    expr = sql`rr_jsonb_set_path(${expr}, ${u.segments}::text[], ${JSON.stringify(u.value)}::jsonb)`;
  }
  return expr;
}

export function partialUpdateQuery(companyId: string, id: string, updates: readonly ParsedUpdate[]) {
  return sql<{
    updated_at: Date;
  }>`update products set doc = ${partialUpdateExpression(updates)}, updated_at = now()
    where id = ${id} and company_id = ${companyId} returning updated_at`;
}

/**
 * Applies dotted-path updates atomically. Answers the new updatedAt, or undefined when not found.
 *
 * When a path is under coupangDoc or rocketRegInfo the completeness rate is recomputed from the
 * document as this UPDATE left it, and written in the same transaction: the UPDATE's row lock is
 * held until the commit, so a concurrent update of another path waits, then applies to this result
 * and recomputes in turn (the last writer's rate is the rate of the final document). Other paths
 * cannot change the rate: one statement, as before.
 */
export async function applyPartialUpdate(
  db: Db,
  companyId: string,
  id: string,
  updates: readonly ParsedUpdate[],
): Promise<Date | undefined> {
  if (!isUuid(id)) return undefined;
  if (!touchesCompleteness(updates)) {
    const result = await partialUpdateQuery(companyId, id, updates).execute(db);
    return result.rows[0]?.updated_at;
  }
  const run = async (trx: Db) => {
    const result = await sql<{ updated_at: Date; docs: unknown; schema: unknown }>`
      update products set doc = ${partialUpdateExpression(updates)}, updated_at = now()
      where id = ${id} and company_id = ${companyId}
      returning updated_at, doc #> '{coupangDoc,jsonDocument}' as docs, doc #> '{rocketRegInfo,schemaInfo}' as schema`.execute(
      trx,
    );
    const row = result.rows[0];
    if (!row) return undefined;
    await sql`update products set completeness = ${completenessOf(row.docs, row.schema)} where id = ${id}`.execute(
      trx,
    );
    return row.updated_at;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
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
