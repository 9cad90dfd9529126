import { randomUUID } from 'node:crypto';
import type { WorkflowEvent } from '@rr/contracts';
import type { TaskName } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../src/workflow/runner.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../src/workflow/task.ts';
import { WORKFLOW_MESSAGES } from '../../src/workflow/workflow-messages.ts';
import { createFakeDeps } from '../support/fake-task-deps.ts';
import { createMemoryBus, createMemoryRuns } from './fake-workflow.ts';

// The runner on fakes (no PostgreSQL): a product job claimed, its tasks run in the batch's order,
// each status written by the runner, the product and the run settled; a task that fails, the
// seller's cancel, the process stopping, a job whose retries are used up. The same flows over the
// real queue and tables are runner.pg.test.ts and run-semantics.pg.test.ts.

type Behave = (ctx: TaskContext) => Promise<TaskOutcome> | TaskOutcome;

function setup(behaviours: Partial<Record<TaskName, Behave>>) {
  const deps = createFakeDeps();
  const runs = createMemoryRuns();
  const { bus, published } = createMemoryBus();
  const calls: TaskName[] = [];
  const tasks: Partial<Record<TaskName, WorkflowTask>> = {};
  for (const [name, behave] of Object.entries(behaviours) as [TaskName, Behave][])
    tasks[name] = {
      name,
      async run(ctx) {
        calls.push(name);
        return behave(ctx);
      },
    };
  const runner = createRunner({ runs, taskDeps: deps, pauseScale: 0, bus, tasks });
  const companyId = randomUUID();
  /** A queued run of these tasks over one new product, as the workflow service writes it. */
  const queueRun = async (runTasks: TaskName[]) => {
    const productId = deps.products.add({ productName: '纯棉T恤', options: [] });
    const started = await runs.startRunWithJobs(
      { companyId, userId: null, tasks: runTasks, productIds: [productId], maxOpen: 1000 },
      async () => {},
    );
    if (!('runId' in started)) throw new Error('the run was not started');
    return { runId: started.runId, companyId, productId };
  };
  const events = () => published(companyId);
  return { deps, runs, runner, calls, queueRun, events, companyId };
}

const ofType = <T extends WorkflowEvent['type']>(events: WorkflowEvent[], type: T) =>
  events.filter((e): e is Extract<WorkflowEvent, { type: T }> => e.type === type);

/** A task that runs until the job is aborted (a long AI call), and says when it started. */
function untilAborted() {
  let started: () => void = () => {};
  const running = new Promise<void>((r) => {
    started = r;
  });
  const behave: Behave = (ctx) =>
    new Promise((_, reject) => {
      started();
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { behave, running };
}

describe('runner on fakes', () => {
  it('a claimed job runs its tasks in the batch order, writes each status and settles the product done, the run completed', async () => {
    const t = setup({ pricing: () => ({ status: 'completed' }), seo: () => ({ status: 'completed' }) });
    const job = await t.queueRun(['pricing', 'seo']);

    await t.runner.runProductJob(job);

    expect(t.calls).toEqual(['seo', 'pricing']);
    const doc = t.deps.products.docOf(job.productId);
    expect([doc.seoStatus, doc.pricingStatus]).toEqual(['completed', 'completed']);
    expect(t.runs.productOf(job.runId, job.productId)).toMatchObject({
      state: 'done',
      current_task: null,
      completed_tasks: ['seo', 'pricing'],
    });
    expect(t.runs.runOf(job.runId).status).toBe('completed');
    // Each task is announced processing, then with its outcome; the run ends at 100 % with its counts.
    const seo = ofType(t.events(), 'task').filter((e) => e.task === 'seo');
    expect(seo.map((e) => [e.status, e.currentTask])).toEqual([
      ['processing', 'seo'],
      ['completed', null],
    ]);
    const runEvents = ofType(t.events(), 'run');
    expect(runEvents.at(-1)).toMatchObject({
      status: 'completed',
      progress: 100,
      counts: { done: 2, error: 0, remaining: 0 },
    });
    const indicator = ofType(t.events(), 'processing').at(-1);
    expect(indicator?.isProcessing).toBe(false);
    expect(indicator?.message?.ko).toContain('작업 완료 (완료: 2, 오류: 0, 남음: 0)');
  });

  it('a task that throws ends in error with the error message; the next task still runs and the run counts one error', async () => {
    const t = setup({
      seo: () => {
        throw new Error('the model is down');
      },
      pricing: () => ({ status: 'completed' }),
    });
    const job = await t.queueRun(['seo', 'pricing']);

    await t.runner.runProductJob(job);

    expect(t.calls).toEqual(['seo', 'pricing']);
    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('error');
    const row = t.runs.productOf(job.runId, job.productId);
    expect(row).toMatchObject({
      state: 'done',
      finished_tasks: ['seo', 'pricing'],
      completed_tasks: ['pricing'],
    });
    const seoEnd = ofType(t.events(), 'task').find((e) => e.task === 'seo' && e.status === 'error');
    expect(seoEnd?.message).toEqual(WORKFLOW_MESSAGES.taskFailed);
    expect(t.runs.runOf(job.runId).status).toBe('completed');
    expect(ofType(t.events(), 'run').at(-1)?.counts).toEqual({ done: 1, error: 1, remaining: 0 });
  });

  it('a job whose product is finished already, or whose run was cancelled, runs nothing', async () => {
    const t = setup({ seo: () => ({ status: 'completed' }) });
    const done = await t.queueRun(['seo']);
    await t.runs.setProductState(done.runId, done.productId, { state: 'done' });
    await t.runner.runProductJob(done);

    const cancelled = await t.queueRun(['seo']);
    await t.runs.cancelRun(cancelled.runId, cancelled.companyId);
    await t.runner.runProductJob(cancelled);

    expect(t.calls).toEqual([]);
    expect(t.deps.products.docOf(done.productId).seoStatus).toBeUndefined();
    expect(t.runs.runOf(cancelled.runId).status).toBe('cancelled');
  });

  it('the seller’s cancel aborts the running task: its status goes back to pending and the product stays cancelled', async () => {
    const slow = untilAborted();
    const t = setup({ seo: slow.behave, pricing: () => ({ status: 'completed' }) });
    const job = await t.queueRun(['seo', 'pricing']);

    const working = t.runner.runProductJob(job);
    await slow.running;
    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('processing');
    // What the workflow service does on POST …/cancel.
    expect(await t.runs.cancelRun(job.runId, job.companyId)).toBe(true);
    await t.runner.announceCancelled(job.companyId, job.runId);
    await working;

    expect(t.calls).toEqual(['seo']);
    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('pending');
    expect(t.runs.productOf(job.runId, job.productId)).toMatchObject({
      state: 'cancelled',
      current_task: null,
    });
    expect(t.runs.runOf(job.runId).status).toBe('cancelled');
    expect(ofType(t.events(), 'task').at(-1)).toMatchObject({ task: 'seo', status: 'pending' });
  });

  it('the process stopping leaves the product queued and fails the job, so the next worker resumes it', async () => {
    const slow = untilAborted();
    const t = setup({ seo: slow.behave });
    const job = await t.queueRun(['seo']);
    const stopping = new AbortController();

    const working = t.runner.runProductJob(job, stopping.signal);
    await slow.running;
    stopping.abort();

    await expect(working).rejects.toThrow();
    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('pending');
    expect(t.runs.productOf(job.runId, job.productId)).toMatchObject({ state: 'queued', current_task: null });
    expect(t.runs.runOf(job.runId).status).toBe('running');
  });

  it('a job whose retries are used up: its running task ends in error, the product failed, the run failed', async () => {
    const t = setup({ seo: () => ({ status: 'completed' }) });
    const job = await t.queueRun(['seo']);
    // A worker died in the middle of the task, again and again.
    await t.runs.markRunStarted(job.runId);
    await t.runs.setProductState(job.runId, job.productId, { state: 'running', currentTask: 'seo' });

    await t.runner.failProductJob(job, 'retries used up');

    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('error');
    expect(t.runs.productOf(job.runId, job.productId)).toMatchObject({
      state: 'failed',
      current_task: null,
      finished_tasks: ['seo'],
      completed_tasks: [],
      message: WORKFLOW_MESSAGES.taskFailed,
    });
    expect(t.runs.runOf(job.runId).status).toBe('failed');
    expect(ofType(t.events(), 'run').at(-1)).toMatchObject({ status: 'failed' });
  });

  it('what the offline demo AI left untranslated makes the task partial and is named on the product', async () => {
    const t = setup({ seo: () => ({ status: 'completed' }) });
    const job = await t.queueRun(['seo']);
    const left = new Map([[`${job.companyId}:${job.productId}`, ['纯棉']]]);
    const ai = t.deps.ai;
    Object.assign(ai, {
      takeUntranslated: (companyId: string, productId: string) => {
        const out = left.get(`${companyId}:${productId}`) ?? [];
        // Taken once the task ran (the runner clears what is left before the task starts).
        if (t.calls.length > 0) left.delete(`${companyId}:${productId}`);
        return t.calls.length > 0 ? out : [];
      },
    });

    await t.runner.runProductJob(job);

    expect(t.deps.products.docOf(job.productId).seoStatus).toBe('partially_completed');
    const message = t.runs.productOf(job.runId, job.productId).message;
    expect(message).toEqual(WORKFLOW_MESSAGES.offlineUntranslated(['纯棉']));
    expect(t.deps.products.docOf(job.productId).untranslatedPhrases).toEqual({ seo: ['纯棉'] });
  });
});
