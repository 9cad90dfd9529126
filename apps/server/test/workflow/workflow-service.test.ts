import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Log } from '../../src/log.ts';
import type { TaskContext, WorkflowTask } from '../../src/workflow/task.ts';
import { WORKFLOW_MESSAGES } from '../../src/workflow/workflow-messages.ts';
import { createWorkflow, type WorkflowOptions } from '../../src/workflow/workflow-service.ts';
import { createFakeDeps } from '../support/fake-task-deps.ts';
import {
  createFakeQueue,
  createMemoryBus,
  createMemoryClaims,
  createMemoryRuns,
  queuedJob,
} from './fake-workflow.ts';

// The workflow service on fakes of its repositories and job queue (no PostgreSQL): a run is written
// with one job per product within the company's bound, a worker parses each job's payload before
// running it and claims it while it runs, the dead-letter queue ends a product in error, the jobs of
// a worker process that ended are handed back, cancel. Over the real queue: runner.pg.test.ts,
// durability.pg.test.ts, takeover.pg.test.ts.

function setup(options: Omit<WorkflowOptions, 'tasks'> & { tasks?: WorkflowOptions['tasks'] } = {}) {
  const deps = createFakeDeps({ settings: { defaults: { brand: '테스트브랜드' } } });
  const runs = createMemoryRuns();
  const claims = createMemoryClaims();
  const queue = createFakeQueue();
  const { bus, published } = createMemoryBus();
  const warnings: string[] = [];
  const log: Log = { info: () => {}, warn: (_o, msg) => warnings.push(msg ?? ''), error: () => {} };
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-workflow-unit-')),
    DEMO: 'true',
    APP_SECRET: 'test-secret-0123456789abcdef',
    WORKFLOW_PAUSE_SCALE: '0',
  });
  /** Each run of the task: its context and the job claims written at that moment. */
  const seen: { ctx: TaskContext; claims: { retryCount: number; workerKey: number }[] }[] = [];
  const seo: WorkflowTask = {
    name: 'seo',
    async run(ctx) {
      seen.push({ ctx, claims: [...claims.claims.values()] });
      return { status: 'completed' };
    },
  };
  const workflow = createWorkflow({ runs, claims, queue, config, log, taskDeps: deps }, bus, {
    ...options,
    tasks: options.tasks ?? { seo },
  });
  const companyId = randomUUID();
  const products = (n: number) =>
    Array.from({ length: n }, (_, i) => deps.products.add({ productName: `상품 ${i + 1}`, options: [] }));
  return { deps, runs, claims, queue, workflow, companyId, products, seen, warnings, published };
}

describe('workflow service on fakes', () => {
  it('a run is written with one job per product, the company’s later products after its earlier ones', async () => {
    const t = setup();
    const first = t.products(2);
    const second = t.products(1);

    const a = await t.workflow.startRun(t.companyId, null, { productIds: first, tasks: ['seo'] });
    const b = await t.workflow.startRun(t.companyId, null, { productIds: second, tasks: ['seo'] });

    expect(t.queue.inserted.map((j) => j.data)).toEqual([
      { runId: a, companyId: t.companyId, productId: first[0] },
      { runId: a, companyId: t.companyId, productId: first[1] },
      { runId: b, companyId: t.companyId, productId: second[0] },
    ]);
    expect(t.queue.inserted.map((j) => j.productId)).toEqual([...first, ...second]);
    // The k-th open product of a company has priority -k (companies take turns).
    expect(t.queue.inserted.map((j) => Math.abs(j.priority))).toEqual([0, 1, 2]);
    expect(t.runs.runOf(a)).toMatchObject({ status: 'queued', tasks: ['seo'], company_id: t.companyId });
    expect(t.published(t.companyId).slice(0, 2)).toEqual([
      { type: 'run', runId: a, status: 'queued', progress: 0 },
      { type: 'processing', isProcessing: true, message: WORKFLOW_MESSAGES.runStarted(2) },
    ]);
  });

  it('past the company’s bound a run is refused with 429 and its message, and nothing is written or queued', async () => {
    const t = setup({ maxOpenProductsPerCompany: 2 });
    await t.workflow.startRun(t.companyId, null, { productIds: t.products(2), tasks: ['seo'] });

    const refused = t.workflow.startRun(t.companyId, null, { productIds: t.products(1), tasks: ['seo'] });

    await expect(refused).rejects.toMatchObject({
      code: 'workflow_queue_full',
      kind: 'too_many',
      userMessage: WORKFLOW_MESSAGES.queueFull(2, 2),
    });
    expect(t.queue.inserted).toHaveLength(2);
    expect((await t.workflow.listRuns(t.companyId, 10)).runs).toHaveLength(1);
  });

  it('a job whose payload does not fit this version fails clearly, is not claimed and runs nothing', async () => {
    const t = setup();
    await t.workflow.startWorker();

    const old = queuedJob({ runId: 'run-1', productId: randomUUID() });
    await expect(t.queue.products!(old)).rejects.toThrow(/^job payload does not fit this version: /);
    expect(t.claims.claims.size).toBe(0);
    expect(t.seen).toEqual([]);
    await t.workflow.close();
  });

  it('a job is claimed by this worker while it runs, released after, and its run ends completed', async () => {
    const t = setup();
    const [productId] = t.products(1);
    const runId = await t.workflow.startRun(t.companyId, null, { productIds: [productId!], tasks: ['seo'] });
    await t.workflow.startWorker();

    await t.queue.products!(queuedJob(t.queue.inserted[0]!.data, { retryCount: 2 }));

    expect(t.seen.map((s) => [s.ctx.runId, s.ctx.productId])).toEqual([[runId, productId]]);
    // While the task ran, its attempt was claimed under this worker's lock.
    expect(t.seen[0]!.claims).toHaveLength(1);
    expect(t.seen[0]!.claims[0]!.retryCount).toBe(2);
    expect(t.claims.held.has(t.seen[0]!.claims[0]!.workerKey)).toBe(true);
    expect(t.claims.claims.size).toBe(0);
    expect(t.runs.runOf(runId).status).toBe('completed');
    expect(t.deps.products.docOf(productId!).seoStatus).toBe('completed');
    await t.workflow.close();
  });

  it('a job whose retries are used up ends its product in error; a dead job that does not fit is dropped with a warning', async () => {
    const t = setup();
    const [productId] = t.products(1);
    const runId = await t.workflow.startRun(t.companyId, null, { productIds: [productId!], tasks: ['seo'] });
    await t.workflow.startWorker();

    await t.queue.failed!(queuedJob({ nonsense: true }));
    expect(t.warnings).toContain('a failed job whose payload does not fit this version was dropped');
    expect(t.runs.runOf(runId).status).toBe('queued');

    await t.queue.failed!(queuedJob(t.queue.inserted[0]!.data));
    expect(t.runs.productOf(runId, productId!)).toMatchObject({
      state: 'failed',
      message: WORKFLOW_MESSAGES.taskFailed,
    });
    expect(t.runs.runOf(runId).status).toBe('failed');
    await t.workflow.close();
  });

  it('the jobs of a worker process that ended are handed back on the second look, then forgotten', async () => {
    const t = setup({ claimScanMs: 5 });
    const gone = { id: randomUUID(), retryCount: 1 };
    // A claim of a worker whose lock no session holds (its process was killed).
    t.claims.claims.set(gone.id, { retryCount: 1, workerKey: 12345 });

    await t.workflow.startWorker();

    await expect
      .poll(() => t.queue.handedBack)
      .toEqual([{ attempts: [gone], message: 'worker process ended' }]);
    expect(t.claims.claims.has(gone.id)).toBe(false);
    expect(t.warnings).toContain('jobs of a worker process that ended were handed back');
    await t.workflow.close();
    // Closed: the queue stopped and this worker's lock is gone with its session.
    expect(t.queue.closed).toBe(true);
    expect(t.claims.held.size).toBe(0);
  });

  it('cancel: an unknown run is 404, a running one is cancelled once, a finished one is 409', async () => {
    const t = setup();
    const runId = await t.workflow.startRun(t.companyId, null, { productIds: t.products(1), tasks: ['seo'] });

    await expect(t.workflow.cancel(t.companyId, randomUUID())).rejects.toMatchObject({
      code: 'run_not_found',
      kind: 'not_found',
      userMessage: WORKFLOW_MESSAGES.runNotFound,
    });
    await expect(t.workflow.cancel(randomUUID(), runId)).rejects.toMatchObject({ code: 'run_not_found' });
    await t.workflow.cancel(t.companyId, runId);
    expect(t.runs.runOf(runId).status).toBe('cancelled');
    expect(t.published(t.companyId)).toContainEqual({
      type: 'run',
      runId,
      status: 'cancelled',
      progress: 100,
    });
    await expect(t.workflow.cancel(t.companyId, runId)).rejects.toMatchObject({
      code: 'run_finished',
      kind: 'conflict',
      userMessage: WORKFLOW_MESSAGES.runNotCancellable,
    });
  });
});
