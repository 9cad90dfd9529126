import { DEFAULT_RUN_TASKS } from '@rr/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { saveProducts, waitForRun, workflowApp } from './support.ts';
import { workerProcesses } from './worker-processes.ts';

// Issue 21: a run whose worker process was killed sat still for about a minute, until pg-boss's
// heartbeat check gave its jobs up. Here the queue's heartbeat is 10 minutes: only the worker locks
// and claims (workflow/job-claims.ts) can hand the killed worker's jobs over within the test's time.

let t: TestDb;
const workers = workerProcesses(() => t);

beforeAll(async () => {
  t = await createTestDb();
  return workers.prepare();
});

const claimCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from workflow_job_claims`.execute(t.db)).rows[0]!.n);

describe('a worker process that is killed', () => {
  it('its jobs go to a live worker within seconds, never while it lives', async () => {
    const { client } = await workflowApp(t.db, t.url, { worker: false, heartbeatSeconds: 600 });
    const ids = await saveProducts(client, 2);
    const env = { HEARTBEAT_S: '600', CLAIM_SCAN_MS: '300' };
    const first = await workers.start({ ...env, TASK_MS: '1500' });
    const runId = (await client.post('/api/workflow/runs', { productIds: ids })).body.runId;
    await expect
      .poll(async () => (await workers.calls()).filter((r) => r.phase === 'end').length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await claimCount()).toBe(2);

    // A second worker looks at the first one's claims many times while it lives and takes none.
    const second = await workers.start({ ...env, TASK_MS: '50' });
    await new Promise((r) => setTimeout(r, 2_000));
    const beforeKill = await workers.calls();
    expect(new Set(beforeKill.map((r) => r.pid))).toEqual(new Set([first.pid]));

    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // Far inside the 10-minute heartbeat: the second worker took both products over.
    const run = await waitForRun(client, runId, 40_000);
    expect(run.status).toBe('completed');
    for (const p of run.products)
      expect(p.statuses).toEqual(Object.fromEntries(DEFAULT_RUN_TASKS.map((task) => [task, 'completed'])));
    const after = (await workers.calls()).slice(beforeKill.length);
    expect(after.some((r) => r.pid === second.pid && r.phase === 'end')).toBe(true);
    expect(await claimCount()).toBe(0);
  }, 90_000);
});
