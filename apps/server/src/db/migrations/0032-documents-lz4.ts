import { type Kysely, sql } from 'kysely';

// Issue 21: product documents are compressed with lz4 instead of pglz when they go out of line
// (TOAST). Measured on the 2-core machine, inserting a 9 MB document of mostly incompressible text
// took PostgreSQL 237 ms with pglz and 119 ms with lz4; each such write took a core from every
// company's requests. Rows already stored keep pglz until they are written again. A server built
// without lz4 refuses the setting: then the column keeps pglz (nothing else depends on it).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      alter table products alter column doc set compression lz4;
    exception when feature_not_supported or invalid_parameter_value then
      raise notice 'lz4 not supported by this server: product documents stay on pglz';
    end $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table products alter column doc set compression default`.execute(db);
}
