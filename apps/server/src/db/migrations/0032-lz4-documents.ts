import { type Kysely, sql } from 'kysely';

// Issue 21: the large jsonb values (product documents, category schemas and trees) are compressed
// with LZ4 where the server is built with it. PostgreSQL's default, pglz, spent ≈ 200 of the ≈ 300 ms
// a 9 MB document's insert took on this machine (LZ4: ≈ 90 ms), and every read of a stored document
// decompresses it. Only new values are written the new way; stored ones are read as they are. A
// server built without LZ4 (the embedded PostgreSQL of `npm start`) keeps pglz.

/** The columns, as they are at this migration (a migration never changes). */
export const LZ4_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['products', 'doc'],
  ['category_lists', 'category'],
  ['category_schemas', 'schema'],
  ['category_schemas', 'json_schema'],
  ['company_category_schemas', 'schema'],
  ['company_category_schemas', 'json_schema'],
  ['company_category_schemas', 'meta'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
async function setCompression(db: Kysely<any>, method: 'lz4' | 'pglz'): Promise<void> {
  for (const [table, column] of LZ4_COLUMNS)
    await sql.raw(`alter table ${table} alter column ${column} set compression ${method}`).execute(db);
}

/** Whether this server can compress with LZ4 (it lists lz4 among default_toast_compression's values). */
// biome-ignore lint/suspicious/noExplicitAny: see setCompression().
export async function serverHasLz4(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ lz4: boolean }>`
    select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4
    from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 === true;
}

// biome-ignore lint/suspicious/noExplicitAny: see setCompression().
export async function up(db: Kysely<any>): Promise<void> {
  if (await serverHasLz4(db)) await setCompression(db, 'lz4');
}

// biome-ignore lint/suspicious/noExplicitAny: see setCompression().
export async function down(db: Kysely<any>): Promise<void> {
  await setCompression(db, 'pglz');
}
