import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEvent } from '@rr/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import type { TaskContext } from '../../src/workflow/task.ts';
import { type Client, signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';

export type TaskEnv = {
  db: Db;
  app: FastifyInstance;
  container: Container;
  /** A TaskContext for one product, as the runner builds it (waits scaled to 0). */
  context(client: Client, productId: string, signal?: AbortSignal): TaskContext & { events: WorkflowEvent[] };
};

/** The real HTTP app and container on a fresh database, for calling tasks directly. */
export async function createTaskEnv(env: Record<string, string> = {}): Promise<TaskEnv> {
  const { db } = await createTestDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-tasks-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: 'false',
    WORKFLOW_PAUSE_SCALE: '0',
    ...env,
  });
  const container = createContainer(config, db, { log: false });
  const app = await buildApp(container, { logger: false });
  afterAll(async () => {
    await app.close();
    await container.close();
  });
  return {
    db,
    app,
    container,
    context(client, productId, signal) {
      const events: WorkflowEvent[] = [];
      return {
        deps: container.taskDeps,
        companyId: client.companyId,
        productId,
        runId: null,
        signal: signal ?? new AbortController().signal,
        pauseScale: 0,
        events,
        async emit(event) {
          events.push(event);
        },
      };
    },
  };
}

export { type Client, signUp };
