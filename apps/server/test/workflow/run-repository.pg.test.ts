import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRunRepository } from '../../src/workflow/run-repository.ts';
import { WORKFLOW_MESSAGES } from '../../src/workflow/workflow-messages.ts';
import { createTestDb } from '../support/test-db.ts';

// The run repository's SQL on PostgreSQL: a run started with its jobs in one transaction within the
// company's bound, each product's record, the run's end and cancel. The fake the service and runner
// tests use (fake-workflow.ts) follows these rules.

describe('run repository (real PostgreSQL)', async () => {
  const { db } = await createTestDb();
  const runs = createRunRepository(db);
  let codes = 0;
  const company = async () =>
    (
      await db
        .insertInto('companies')
        .values({ name: '런 상점', supplier_code: `CRUN${String(++codes).padStart(5, '0')}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const start = async (companyId: string, productIds: string[], maxOpen = 1000) => {
    const started = await runs.startRunWithJobs(
      { companyId, userId: null, tasks: ['seo', 'pricing'], productIds, maxOpen },
      async () => {},
    );
    if (!('runId' in started)) throw new Error('not started');
    return started.runId;
  };

  it('starts a run with its products in order, its jobs queued inside the same transaction', async () => {
    const companyId = await company();
    await start(companyId, [randomUUID()]);
    const productIds = [randomUUID(), randomUUID()];
    const seen: { open: number; visible: unknown }[] = [];

    const started = await runs.startRunWithJobs(
      { companyId, userId: null, tasks: ['seo'], productIds, maxOpen: 10 },
      async (runId, open, trx) => {
        // The queue's inserts go through this handle: it sees the run not committed yet.
        const { rows } = await trx.executeSql(
          'select count(*)::int as n from workflow_run_products where run_id = $1',
          [runId],
        );
        seen.push({ open, visible: rows[0]?.n });
      },
    );

    expect(seen).toEqual([{ open: 1, visible: 2 }]);
    const runId = 'runId' in started ? started.runId : '';
    expect(await runs.findRun(runId, companyId)).toMatchObject({ status: 'queued', tasks: ['seo'] });
    expect(await runs.findRun(runId, randomUUID())).toBeUndefined();
    expect((await runs.listRunProducts(runId)).map((p) => [p.product_id, p.position, p.state])).toEqual([
      [productIds[0], 0, 'queued'],
      [productIds[1], 1, 'queued'],
    ]);
  });

  it('writes nothing when queuing the jobs fails, or past the company’s bound', async () => {
    const companyId = await company();
    const failing = runs.startRunWithJobs(
      { companyId, userId: null, tasks: ['seo'], productIds: [randomUUID()], maxOpen: 10 },
      async () => {
        throw new Error('queue down');
      },
    );
    await expect(failing).rejects.toThrow('queue down');
    expect(await runs.listRuns(companyId, 10)).toEqual([]);

    await start(companyId, [randomUUID(), randomUUID()]);
    let queued = false;
    const full = await runs.startRunWithJobs(
      { companyId, userId: null, tasks: ['seo'], productIds: [randomUUID(), randomUUID()], maxOpen: 3 },
      async () => {
        queued = true;
      },
    );
    expect(full).toEqual({ full: 2 });
    expect(queued).toBe(false);
    expect(await runs.listRuns(companyId, 10)).toHaveLength(1);
  });

  it('records each finished task once, done or not, and lists the run with its counts', async () => {
    const companyId = await company();
    const productId = randomUUID();
    const runId = await start(companyId, [productId]);
    await runs.markRunStarted(runId);
    await runs.setProductState(runId, productId, { state: 'running', currentTask: 'seo' });

    await runs.recordTaskFinished(runId, productId, 'seo', false, WORKFLOW_MESSAGES.taskFailed);
    await runs.recordTaskFinished(runId, productId, 'pricing', true, null);
    const row = await runs.recordTaskFinished(runId, productId, 'pricing', true, null);

    expect(row).toMatchObject({
      state: 'running',
      current_task: null,
      finished_tasks: ['seo', 'pricing'],
      completed_tasks: ['pricing'],
      message: null,
    });
    expect((await runs.findRun(runId))?.status).toBe('running');
    const [listed] = await runs.listRuns(companyId, 5);
    expect(listed).toMatchObject({ id: runId, status: 'running', product_count: 1, completed_count: 1 });
  });

  it('ends a run once no product is open: completed, or failed when a product failed', async () => {
    const companyId = await company();
    const [a, b] = [randomUUID(), randomUUID()];
    const runId = await start(companyId, [a, b]);
    await runs.setProductState(runId, a, { state: 'done' });
    expect(await runs.finishRunIfDone(runId)).toBeUndefined();
    await runs.setProductState(runId, b, { state: 'failed', message: WORKFLOW_MESSAGES.taskFailed });
    expect(await runs.finishRunIfDone(runId)).toBe('failed');
    expect(await runs.finishRunIfDone(runId)).toBeUndefined();
    expect((await runs.findRunProduct(runId, b))?.message).toEqual(WORKFLOW_MESSAGES.taskFailed);

    const other = await start(companyId, [randomUUID()]);
    const [only] = await runs.listRunProducts(other);
    await runs.setProductState(other, only!.product_id, { state: 'done' });
    expect(await runs.finishRunIfDone(other)).toBe('completed');
  });

  it('cancels an open run of the company only: its open products cancelled, done ones kept; then no more', async () => {
    const companyId = await company();
    const [a, b] = [randomUUID(), randomUUID()];
    const runId = await start(companyId, [a, b]);
    await runs.setProductState(runId, a, { state: 'done' });
    await runs.setProductState(runId, b, { state: 'running', currentTask: 'seo' });

    expect(await runs.cancelRun(runId, await company())).toBe(false);
    expect(await runs.cancelRun(runId, companyId)).toBe(true);

    expect((await runs.listRunProducts(runId)).map((p) => [p.state, p.current_task])).toEqual([
      ['done', null],
      ['cancelled', null],
    ]);
    expect((await runs.findRun(runId))?.status).toBe('cancelled');
    expect(await runs.cancelRun(runId, companyId)).toBe(false);
  });
});
