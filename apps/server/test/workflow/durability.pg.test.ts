import { DEFAULT_RUN_TASKS } from '@rr/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { saveProducts, waitForRun, workflowApp } from './support.ts';
import { workerProcesses } from './worker-processes.ts';

let t: TestDb;
const workers = workerProcesses(() => t);
const startWorker = workers.start.bind(workers);
const callRows = workers.calls.bind(workers);

beforeAll(async () => {
  t = await createTestDb();
  return workers.prepare();
});

describe('durable runs across processes', () => {
  it('kill -9 of the worker mid-run: another worker takes the job over and finishes without redoing finished tasks', async () => {
    const { client } = await workflowApp(t.db, t.url, { worker: false, heartbeatSeconds: 10 });
    const ids = await saveProducts(client, 2);
    const first = await startWorker({ TASK_MS: '700' });
    const runId = (await client.post('/api/workflow/runs', { productIds: ids })).body.runId;
    await expect
      .poll(async () => (await callRows()).filter((r) => r.phase === 'end').length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const killedAt = (await callRows()).length;
    const recorded = (
      await sql<{ product_id: string; finished_tasks: string[] }>`
        select product_id, finished_tasks from workflow_run_products where run_id = ${runId}`.execute(t.db)
    ).rows;
    expect(recorded.flatMap((r) => r.finished_tasks).length).toBeGreaterThanOrEqual(2);
    // Something was cut off: a task had started in the killed process and not ended.
    const running = await client.get(`/api/workflow/runs/${runId}`);
    expect(running.body.status).toBe('running');

    await startWorker({ TASK_MS: '50' });
    const run = await waitForRun(client, runId, 90_000);
    expect(run.status).toBe('completed');
    const rows = await callRows();
    expect(rows.length).toBeGreaterThan(killedAt);
    for (const id of ids) {
      const ended = rows.filter((r) => r.product_id === id && r.phase === 'end').map((r) => r.task);
      // Every task finished; those recorded as finished before the kill were not run again.
      expect([...new Set(ended)].sort()).toEqual([...DEFAULT_RUN_TASKS].sort());
      const before = recorded.find((r) => r.product_id === id)?.finished_tasks ?? [];
      for (const task of before) {
        expect(
          rows.filter((r) => r.product_id === id && r.task === task && r.phase === 'start'),
          task,
        ).toHaveLength(1);
      }
      const p = run.products.find((x: { productId: string }) => x.productId === id);
      expect(p.statuses).toEqual(Object.fromEntries(DEFAULT_RUN_TASKS.map((task) => [task, 'completed'])));
    }
  }, 120_000);

  it('a worker stopped cleanly mid-run (SIGTERM: its supervisor gone) leaves its products queued, and the next worker finishes them', async () => {
    workers.killAll();
    await sql`truncate wf_test_calls`.execute(t.db);
    const { client } = await workflowApp(t.db, t.url, { worker: false, heartbeatSeconds: 10 });
    const ids = await saveProducts(client, 2);
    const first = await startWorker({ TASK_MS: '1500' });
    const runId = (await client.post('/api/workflow/runs', { productIds: ids })).body.runId;
    await expect
      .poll(async () => (await callRows()).filter((r) => r.phase === 'start').length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
    const states = (
      await sql<{ state: string }>`select state from workflow_run_products where run_id = ${runId}`.execute(
        t.db,
      )
    ).rows.map((r) => r.state);
    // issue 39: they were marked cancelled and the run ended without them
    expect(states.filter((s) => s === 'cancelled')).toEqual([]);
    await startWorker({ TASK_MS: '50' });
    const run = await waitForRun(client, runId, 90_000);
    expect(run.status).toBe('completed');
    for (const p of run.products) expect(p.state).toBe('done');
  }, 120_000);

  it('two worker processes share a batch and never run the same product twice at once', async () => {
    workers.killAll();
    await sql`truncate wf_test_calls`.execute(t.db);
    const { client } = await workflowApp(t.db, t.url, { worker: false, heartbeatSeconds: 10 });
    const ids = await saveProducts(client, 6);
    // Each worker runs 4 products at once: with tasks this long, the first to fetch is still busy
    // with its 4 when the other polls (every 0.5 s), even on a loaded machine, so both take part.
    await Promise.all([startWorker({ TASK_MS: '300' }), startWorker({ TASK_MS: '300' })]);
    const runId = (
      await client.post('/api/workflow/runs', { productIds: ids, tasks: ['seo', 'pricing', 'koreanLabel'] })
    ).body.runId;
    const run = await waitForRun(client, runId, 60_000);
    expect(run.status).toBe('completed');
    const rows = await callRows();
    const pids = new Set(rows.map((r) => r.pid));
    expect(pids.size).toBe(2);
    for (const id of ids) {
      const mine = rows.filter((r) => r.product_id === id);
      expect(mine.filter((r) => r.phase === 'start').map((r) => r.task)).toEqual([
        'seo',
        'pricing',
        'koreanLabel',
      ]);
      // start, end, start, end…: never two tasks of this product at the same time.
      expect(mine.map((r) => r.phase)).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
    }
  }, 90_000);
});
