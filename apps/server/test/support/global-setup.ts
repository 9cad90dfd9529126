import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

/**
 * Integration tests run on a real PostgreSQL: TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise an embedded one under .data-test/, started only when a test file
 * asks for a database (`createTestDb`): a run of files on fakes (the task tests) starts none. The
 * files ask this process over a local HTTP endpoint, so the server is started once for all of them.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('testDatabaseUrl', given);
    project.provide('testDatabaseStarter', '');
    return;
  }
  let started: Promise<EmbeddedDatabase> | undefined;
  const starter = createServer((_request, response) => {
    started ??= startEmbeddedPostgres(path.resolve(import.meta.dirname, '../../../../.data-test/postgres'));
    started.then(
      (db) => response.end(db.url),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => starter.listen(0, '127.0.0.1', resolve));
  const { port } = starter.address() as AddressInfo;
  project.provide('testDatabaseUrl', '');
  project.provide('testDatabaseStarter', `http://127.0.0.1:${port}/`);
  return async () => {
    starter.close();
    if (started) await (await started).stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's URL; empty when the embedded one is started on demand (testDatabaseStarter). */
    testDatabaseUrl: string;
    /** Answers the embedded server's URL, starting it on the first request; empty with TEST_DATABASE_URL. */
    testDatabaseStarter: string;
  }
}
