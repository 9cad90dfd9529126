import { type CategorySchema, checkCompleteness, isRecord, type RegistrationDocument } from '@rr/domain';
import { type Kysely, sql } from 'kysely';

// The registration table's completeness rate (0–100, mean over the option documents), kept in a
// column written with the document in the same transaction by every product write
// (products/completeness.ts). Existing products are filled here once.

// The rate as products/completeness.ts computed it when this migration was written, copied here so
// the migration imports no live server code (it stays as it ran; scripts/check-deps.mjs).
type SchemaPart = Pick<CategorySchema, 'attributes' | 'requiredFields'>;

function schemaPartOf(schemaInfo: unknown): SchemaPart | undefined {
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

function completenessOf(jsonDocument: unknown, schemaInfo: unknown): number | null {
  if (!Array.isArray(jsonDocument) || jsonDocument.length === 0) return null;
  const schema = schemaPartOf(schemaInfo);
  let sum = 0;
  for (const doc of jsonDocument) {
    try {
      sum += checkCompleteness((isRecord(doc) ? doc : {}) as RegistrationDocument, schema).rate;
    } catch {
      // A document the check cannot read at all counts as 0.
    }
  }
  return Math.round((sum / jsonDocument.length) * 10_000) / 100;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column completeness real`.execute(db);
  // `completeness` was a client-writable document field before: the column is the only one now.
  await sql`update products set doc = doc - 'completeness' where doc ? 'completeness'`.execute(db);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await sql<{ id: string; docs: unknown; schema: unknown }>`
      select id, doc #> '{coupangDoc,jsonDocument}' as docs, doc #> '{rocketRegInfo,schemaInfo}' as schema
      from products where id > ${after}::uuid and jsonb_typeof(doc #> '{coupangDoc,jsonDocument}') = 'array'
      order by id limit 500`.execute(db);
    if (batch.rows.length === 0) break;
    for (const row of batch.rows) {
      await sql`update products set completeness = ${completenessOf(row.docs, row.schema)} where id = ${row.id}`.execute(
        db,
      );
    }
    after = batch.rows[batch.rows.length - 1]!.id;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table products drop column if exists completeness`.execute(db);
}
