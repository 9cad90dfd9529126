import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb } from './support/test-db.ts';

describe('database', () => {
  it('applies the migrations to a fresh database', async () => {
    const { db } = await createTestDb();
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by 1`.execute(db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'companies',
        'users',
        'sessions',
        'access_history',
        'password_resets',
        'outbox',
      ]),
    );
  });

  it('compresses product documents with lz4 where the server has it (the embedded one keeps pglz)', async () => {
    const { db } = await createTestDb();
    const column = await sql<{ compression: string }>`
      select attcompression as compression from pg_attribute
      where attrelid = 'products'::regclass and attname = 'doc'`.execute(db);
    const lz4 = await db
      .transaction()
      .execute(async (trx) => {
        await sql`create temp table lz4_probe (x text compression lz4) on commit drop`.execute(trx);
        return true;
      })
      .catch(() => false);
    expect(column.rows[0]?.compression).toBe(lz4 ? 'l' : '');
  });
});
