import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

/**
 * Integration tests run on a real PostgreSQL: TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise an embedded one started here under .data-test/.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const dir = path.resolve(import.meta.dirname, '../../../../.data-test/postgres');
    const db = await startEmbeddedPostgres(dir);
    url = db.url;
    stop = db.stop;
  }
  project.provide('testDatabaseUrl', url);
  return async () => {
    await stop?.();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
