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
});
