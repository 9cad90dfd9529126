import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEvent } from '@rr/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
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

export type Product = { _id: string; registrationId: string } & Record<string, unknown>;

/** A company whose AI is the given provider (a fresh key: its own limiter bucket), or offline. */
export async function newCompany(
  env: TaskEnv,
  provider: 'gemini' | 'openai' | 'offline',
  opts: { key?: string | null; settings?: Record<string, unknown> } = {},
): Promise<Client> {
  const client = await signUp(env.app, env.db);
  const key = opts.key === undefined ? `test-key-${Math.random().toString(36).slice(2)}` : opts.key;
  const entry: Record<string, unknown> = { aiProvider: provider, ...(opts.settings ?? {}) };
  if (provider === 'gemini' && key) entry.geminiAPIKey = key;
  if (provider === 'openai' && key) entry.openaiAPIKey = key;
  const saved = await client.post('/api/savesetting', { settings: [entry] });
  expect(saved.status).toBe(200);
  return client;
}

/** Saves a product and, with a category, adds it to registration (rocketRegInfo, option documents). */
export async function newProduct(
  client: Client,
  doc: Record<string, unknown>,
  displayCategoryCode?: number,
): Promise<Product> {
  const saved = await client.post('/api/rocketReg/saveItems', [doc]);
  expect(saved.status).toBe(200);
  const product = saved.body.savedItems[0] as Product;
  if (displayCategoryCode === undefined) return product;
  const reg = await client.post('/api/rocketReg/regproduct', { productId: product._id, displayCategoryCode });
  expect(reg.status).toBe(200);
  return reg.body.product as Product;
}

// biome-ignore lint/suspicious/noExplicitAny: stored documents are read loosely, as a client would.
export async function storedDoc(env: TaskEnv, id: string): Promise<Record<string, any>> {
  const row = await env.db
    .selectFrom('products')
    .select('doc')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return row.doc as Record<string, any>;
}

export { type Client, signUp };
