import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint (int8) columns come back as numbers: counts and ids here stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Kysely<Database>;

export function createDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
