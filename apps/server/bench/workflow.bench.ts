/**
 * Workflow benchmark (issue 11): `npm run bench workflow`
 *  1. 20 products, one AI call per task, a fake Gemini answering after 3 s, the spec's 12/min limit:
 *     wall time ÷ (AI calls ÷ rate); target ≤ 1.1 (the limiter, not the runner, sets the pace).
 *  2. the same batch with three AI tasks per product at a paid 600/min: wall time against a strictly
 *     sequential run (which takes at least the sum of its calls' latencies); target ≥ 10×.
 *  3. the runner's own overhead per task: 20 products × 8 tasks that return at once.
 * The real HTTP API starts each run; jobs go through pg-boss on PostgreSQL. Waits between tasks are
 * scaled to 0 (they are the spec's, not the runner's).
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TaskName } from '@rr/domain';
import pg from 'pg';
import { seoWork } from '../src/ai/prompts/seo.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import type { WorkflowTask } from '../src/workflow/task.ts';
import { startFakeAiServer } from '../test/ai/support/fake-ai-servers.ts';

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20);
const LATENCY_MS = Number(process.env.BENCH_AI_LATENCY_MS ?? 3000);

async function admin(text: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const ANSWER = JSON.stringify({
  productName: '여성 면 티셔츠',
  keywords: ['티셔츠'],
  metaDescription: '부드러운 면 티셔츠',
  features: ['면 100%'],
  options: [],
});

async function main() {
  const name = `bench_wf_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = createDb(url, { max: 20 });
  const gemini = await startFakeAiServer('gemini');
  gemini.fallback = () => ({ text: ANSWER });
  try {
    await migrateToLatest(db);
    let rpm = 12;
    /** A task that makes one AI call through the gateway, as the SEO task does. */
    const aiTask = (taskName: TaskName): WorkflowTask => ({
      name: taskName,
      async run(ctx) {
        await ctx.container.ai.gateway.run(
          { provider: 'gemini', apiKey: 'bench-key', model: 'gemini-2.0-flash', requestsPerMinute: rpm },
          seoWork,
          { product: { productName: '女士T恤' } },
          { companyId: ctx.companyId, productId: ctx.productId, signal: ctx.signal },
        );
        return { status: 'completed' };
      },
    });
    const noop = (taskName: TaskName): WorkflowTask => ({
      name: taskName,
      run: async () => ({ status: 'completed', result: 'completed' }),
    });
    const ALL: TaskName[] = [
      'seo',
      'pricing',
      'mainImage',
      'additionalImage',
      'detailImage',
      'koreanLabel',
      'sizeChart',
      'quotation',
    ];
    const tasks: Partial<Record<TaskName, WorkflowTask>> = {};
    let mode: 'ai' | 'noop' = 'ai';
    for (const t of ALL) {
      const ai = aiTask(t);
      const fast = noop(t);
      tasks[t] = { name: t, run: (ctx) => (mode === 'ai' ? ai.run(ctx) : fast.run(ctx)) };
    }
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-bench-wf-')),
      APP_SECRET: 'bench-secret-0123456789abcdef',
      DEMO: 'false',
      DATABASE_URL: url,
      GEMINI_BASE_URL: gemini.url,
      WORKFLOW_PAUSE_SCALE: '0',
    });
    const container = createContainer(config, db, { log: false, workflow: { tasks, concurrency: PRODUCTS } });
    const app = await buildApp(container, { logger: false });
    await container.workflow.startWorker();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        companyName: '벤치상사',
        name: '벤치',
        email: `bench${Date.now()}@example.com`,
        password: 'bench-pass-123!',
      },
    });
    const cookie = `sid=${signup.cookies.find((c) => c.name === 'sid')!.value}`;
    const post = async (u2: string, body: unknown) =>
      (await app.inject({ method: 'POST', url: u2, headers: { cookie }, payload: body as object })).json();
    const get = async (u2: string) =>
      (await app.inject({ method: 'GET', url: u2, headers: { cookie } })).json();
    const saved = await post(
      '/api/rocketReg/saveItems',
      Array.from({ length: PRODUCTS }, (_, i) => ({
        productName: `벤치 상품 ${i + 1}`,
        options: [{ sourceKey: 'A' }],
      })),
    );
    const ids: string[] = saved.savedItems.map((p: { _id: string }) => p._id);

    const runOnce = async (runTasks: TaskName[]) => {
      const started = performance.now();
      const { runId } = await post('/api/workflow/runs', { productIds: ids, tasks: runTasks });
      for (;;) {
        const run = await get(`/api/workflow/runs/${runId}`);
        if (run.status !== 'queued' && run.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return performance.now() - started;
    };

    // 1. the spec's limit
    gemini.delayMs = LATENCY_MS;
    rpm = 12;
    const calls1 = PRODUCTS;
    const before1 = gemini.received.length;
    const wall1 = await runOnce(['seo']);
    const made1 = gemini.received.length - before1;
    const ideal1 = (made1 / 12) * 60_000;
    console.log(
      `12/min, ${PRODUCTS} products × 1 AI task (${LATENCY_MS} ms each): ${made1} calls (expected ${calls1}), wall ${(wall1 / 1000).toFixed(1)} s, calls ÷ rate ${(ideal1 / 1000).toFixed(1)} s → ratio ${(wall1 / ideal1).toFixed(2)} (target ≤ 1.1)`,
    );

    // 2. a paid limit
    rpm = 600;
    const three: TaskName[] = ['seo', 'koreanLabel', 'sizeChart'];
    const before2 = gemini.received.length;
    const wall2 = await runOnce(three);
    const made2 = gemini.received.length - before2;
    const sequential = made2 * LATENCY_MS;
    console.log(
      `600/min, ${PRODUCTS} products × 3 AI tasks: ${made2} calls, wall ${(wall2 / 1000).toFixed(1)} s; a strictly sequential run takes ≥ ${(sequential / 1000).toFixed(0)} s → ${(sequential / wall2).toFixed(1)}× faster (target ≥ 10×)`,
    );

    // 3. runner overhead
    mode = 'noop';
    const wall3 = await runOnce(ALL);
    const taskCount = PRODUCTS * ALL.length;
    console.log(
      `runner overhead: ${taskCount} tasks that return at once in ${(wall3 / 1000).toFixed(2)} s → ${(wall3 / taskCount).toFixed(1)} ms per task of wall time (${PRODUCTS} products in parallel; each task: 4 status/run writes, 2 events)`,
    );
    await app.close();
  } finally {
    await gemini.close();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
