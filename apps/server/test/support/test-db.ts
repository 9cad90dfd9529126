import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export type TestDb = { db: Db; url: string };

/** The databases this test file made, dropped after it. */
const made: { db: Db; serverUrl: string; name: string }[] = [];
// Registered when the file imports this module, so it runs after the file wherever createTestDb is
// called: an afterAll registered from inside a beforeAll never ran, and each such file left its
// database behind on the test server. (Outside Vitest, a bench importing test-app.ts's helpers, there
// is no file to run after.)
if (process.env.VITEST)
  afterAll(async () => {
    for (const { db, serverUrl, name } of made.splice(0)) {
      await db.destroy();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    }
  });

/**
 * A fresh, migrated database for one test file on the test PostgreSQL server, dropped after the file.
 * Files run in parallel without seeing each other's rows.
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = await testServerUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const db = createDb(url, { max: 20 });
  made.push({ db, serverUrl, name });
  await migrateToLatest(db);
  return { db, url };
}

let serverUrlOnce: Promise<string> | undefined;

/** TEST_DATABASE_URL, or the embedded server the global setup starts on the first file's request. */
function testServerUrl(): Promise<string> {
  const given = inject('testDatabaseUrl');
  if (given) return Promise.resolve(given);
  serverUrlOnce ??= fetch(inject('testDatabaseStarter')).then(async (response) => {
    const text = await response.text();
    if (!response.ok) throw new Error(`embedded PostgreSQL did not start: ${text}`);
    return text;
  });
  return serverUrlOnce;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
