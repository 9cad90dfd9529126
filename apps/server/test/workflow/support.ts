import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TaskName, TaskStatus } from '@rr/domain';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../src/workflow/task.ts';
import type { WorkflowOptions } from '../../src/workflow/workflow-service.ts';
import { type Client, signUp } from '../products/helpers.ts';

export type Call = { task: TaskName; productId: string; start: number; end: number };

/** Tasks that record when they ran; `behave` decides the outcome per call (default completed). */
export function recordingTasks(
  behave: (task: TaskName, ctx: TaskContext, attempt: number) => Promise<TaskOutcome> | TaskOutcome = () => ({
    status: 'completed',
  }),
  names: readonly TaskName[] = [
    'seo',
    'pricing',
    'mainImage',
    'additionalImage',
    'detailImage',
    'koreanLabel',
    'sizeChart',
    'quotation',
  ],
) {
  const calls: Call[] = [];
  const attempts = new Map<string, number>();
  const tasks: Partial<Record<TaskName, WorkflowTask>> = {};
  for (const name of names) {
    tasks[name] = {
      name,
      async run(ctx) {
        const key = `${ctx.productId}:${name}`;
        const attempt = attempts.get(key) ?? 0;
        attempts.set(key, attempt + 1);
        const call: Call = { task: name, productId: ctx.productId, start: Date.now(), end: 0 };
        calls.push(call);
        try {
          return await behave(name, ctx, attempt);
        } finally {
          call.end = Date.now();
        }
      },
    };
  }
  return { tasks, calls };
}

export type WorkflowHarness = { app: FastifyInstance; container: Container; client: Client };

/** The real HTTP app with the workflow on the test database, tasks replaced, waits scaled to 0. */
export async function workflowApp(
  db: Db,
  url: string,
  options: WorkflowOptions & {
    env?: Record<string, string>;
    pauseScale?: number;
    worker?: boolean;
    /** DEMO mode (default on: the offline provider may run; off, a run needs a real AI provider). */
    demo?: boolean;
    /** The company's default brand (default set: a run without one is refused). */
    brand?: string | null;
  } = {},
): Promise<WorkflowHarness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-workflow-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: String(options.demo ?? true),
    DATABASE_URL: url,
    WORKFLOW_PAUSE_SCALE: String(options.pauseScale ?? 0),
    ...options.env,
  });
  const container = createContainer(config, db, {
    log: false,
    workflow: { superviseIntervalSeconds: 2, ...options },
  });
  const app = await buildApp(container, { logger: process.env.WF_LOG ? { level: 'error' } : false });
  if (options.worker !== false) await container.workflow.startWorker();
  // Each test has its own workers: stop them with the test, so no later test's job reaches them.
  onTestFinished(async () => {
    await app.close();
  });
  const client = await signUpWithBrand(app, db, options.brand === undefined ? TEST_BRAND : options.brand);
  return { app, container, client };
}

export const TEST_BRAND = '테스트브랜드';

/** A new company whose default settings carry a brand (a run over a company without one is refused). */
export async function signUpWithBrand(
  app: FastifyInstance,
  db: Db,
  brand: string | null = TEST_BRAND,
): Promise<Client> {
  const client = await signUp(app, db);
  if (brand !== null) {
    const saved = await client.post('/api/savesetting', { settings: [{ defaultSettings: { brand } }] });
    if (saved.status !== 200) throw new Error(`savesetting ${saved.status}`);
  }
  return client;
}

export async function saveProducts(client: Client, count: number): Promise<string[]> {
  const items = Array.from({ length: count }, (_, i) => ({
    productName: `상품 ${i + 1}`,
    options: [{ sourceKey: 'A' }],
  }));
  const r = await client.post('/api/rocketReg/saveItems', items);
  if (r.status !== 200) throw new Error(`saveItems ${r.status}`);
  return r.body.savedItems.map((p: { _id: string }) => p._id);
}

/** Polls the run until it has finished (or the deadline passes) and answers its view. */
export async function waitForRun(client: Client, runId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await client.get(`/api/workflow/runs/${runId}`);
    if (r.status !== 200) throw new Error(`run ${r.status}`);
    if (['completed', 'cancelled', 'failed'].includes(r.body.status)) return r.body;
    if (Date.now() > deadline) throw new Error(`run not finished: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

export async function productStatus(
  db: Db,
  productId: string,
  field: string,
): Promise<TaskStatus | undefined> {
  const row = await db
    .selectFrom('products')
    .select('doc')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return (row.doc as Record<string, TaskStatus | undefined>)[field];
}
