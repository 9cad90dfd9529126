import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkflowEvent } from '@rr/contracts';
import { QuotationRunMode } from '@rr/contracts';
import {
  AFTER_QUOTATION_TASKS,
  batchWaitAfterTask,
  findBlockingPrerequisites,
  findFailedPrerequisites,
  findUnfinishedPrerequisites,
  MESSAGES,
  orderBatchTasks,
  productFields,
  productPath,
  QUOTATION_PREREQUISITES,
  type QuotationSelection,
  quotationBlockedMessage,
  quotationRetryWait,
  TASK_STATUS_FIELDS,
  type TaskName,
  type TaskStatus,
} from '@rr/domain';
import { z } from 'zod';
import type { Log } from '../log.ts';
import type { EventBus } from './event-bus.ts';
import type { RunProductRow, RunRepository, RunRow } from './run-repository.ts';
import { productCounts, productProgress, runEndMessage, runStanding, summarizeRun } from './run-summary.ts';
import type { Message, TaskContext, TaskDeps, TaskOutcome, WorkflowTask } from './task.ts';
import { WORKFLOW_MESSAGES } from './workflow-messages.ts';

export type ProductJob = {
  runId: string;
  companyId: string;
  productId: string;
  /** A quotation-only run's options (manual quotation of some options, reprocess of failed ones). */
  quotation?: QuotationSelection;
};

/**
 * Issue 40: a job's payload as a worker reads it, parsed when the job is picked up (a job queued by an
 * older version that does not fit fails clearly instead of half-running).
 */
export const ProductJobPayload = z.object({
  runId: z.string().uuid(),
  companyId: z.string().uuid(),
  productId: z.string().uuid(),
  quotation: QuotationRunMode.optional(),
});

export type RunnerDeps = {
  /** The workflow's own tables (runs, run products); products are reached through taskDeps.products. */
  runs: RunRepository;
  /** What every task gets; the runner writes task statuses through its product store. */
  taskDeps: TaskDeps;
  /** Scales the batch waits (WORKFLOW_PAUSE_SCALE; tests use 0). */
  pauseScale: number;
  bus: EventBus;
  tasks: Partial<Record<TaskName, WorkflowTask>>;
  /** The batch waits (tests record them); an aborted wait ends early. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const abortableSleep = (ms: number, signal: AbortSignal) =>
  sleep(ms, undefined, { signal }).then(() => undefined);

/** Statuses a finished task leaves that count as done for the run's completed tasks. */
const DONE: readonly TaskStatus[] = [
  'completed',
  'partially_completed',
  'disabled',
  'partial',
  'split_completed',
];

/**
 * The one writer of a task's status field on a product (W §4 Workflow state): the runner before and
 * after each task, and the reprice-all action that runs the pricing task outside a run. Tasks never
 * write their own status; they return an outcome.
 */
export function writeTaskStatus(
  products: TaskDeps['products'],
  scope: { companyId: string; productId: string },
  task: TaskName,
  status: TaskStatus,
): Promise<boolean> {
  return products.setTaskStatus(scope, task, status);
}

/**
 * Runs one task on one product outside a run (reprice all): the task's outcome status is written as
 * the runner writes it, by the runner's writer. Its events go nowhere (the caller answers).
 */
export async function runTaskAlone(
  deps: TaskDeps,
  task: WorkflowTask,
  scope: { companyId: string; productId: string },
  opts: { signal: AbortSignal; pauseScale: number },
): Promise<TaskOutcome> {
  const outcome = await task.run({
    deps,
    ...scope,
    runId: null,
    signal: opts.signal,
    pauseScale: opts.pauseScale,
    emit: async () => {},
  });
  await writeTaskStatus(deps.products, scope, task.name, outcome.status);
  return outcome;
}

/** What the runner's steps share: its deps, the abort controllers of the runs this process works on. */
type RunnerContext = {
  readonly deps: RunnerDeps;
  readonly runs: RunRepository;
  readonly log: Log;
  /** Abort controllers of the runs this process works on, so a cancel reaches a running task. */
  readonly active: Map<string, Set<AbortController>>;
};

/** One product job this process claimed: what its steps read, and update as tasks finish. */
type ClaimedJob = {
  readonly job: ProductJob;
  readonly run: RunRow;
  /** The run's tasks in the batch's order. */
  readonly tasks: readonly TaskName[];
  /** The product's record in the run, as the last write answered it. */
  row: RunProductRow;
  /** Aborted by the seller's cancel (`controller`) or by the process stopping (the queue's signal). */
  readonly signal: AbortSignal;
  readonly controller: AbortController;
  /** The task this job is running now (a cancel puts its status back to pending). */
  current: TaskName | null;
  /** Phrases the offline demo AI left untranslated in this job: the product's last word names them. */
  readonly untranslated: Set<string>;
  /** Forgets the job's controller and its cancel subscription. */
  release(): void;
};

/**
 * Runs every task of one product in a run, in the spec's order (W §4 Batch processing): the batch
 * waits after each task, the quotation last after retrying unfinished prerequisites, an unaccepted
 * quotation result retried once after 3 s. Finished tasks are recorded one by one, so a job taken
 * over after its worker died resumes where it stopped. Cancelling the run aborts the current task.
 */
export function createRunner(deps: RunnerDeps) {
  const ctx: RunnerContext = { deps, runs: deps.runs, log: deps.taskDeps.log, active: new Map() };
  return {
    runProductJob: (job: ProductJob, outerSignal?: AbortSignal) => runProductJob(ctx, job, outerSignal),
    /** A product whose job gave up (retries used up): its running task ends in error, the run moves on. */
    failProductJob: (job: ProductJob, reason: string) => failProductJob(ctx, job, reason),
    abortRun: (runId: string) => abortRun(ctx, runId),
    /** A run was queued: its first event and the top indicator's message. */
    announceRun: async (companyId: string, runId: string, message: Message) => {
      await publish(ctx, companyId, { type: 'run', runId, status: 'queued', progress: 0 });
      await publishProcessing(ctx, companyId, true, message);
    },
    /** A run was cancelled by the seller. */
    announceCancelled: async (companyId: string, runId: string) => {
      abortRun(ctx, runId);
      await publish(ctx, companyId, { type: 'run', runId, status: 'cancelled', progress: 100 });
      await publishProcessing(ctx, companyId, false, null);
    },
  };
}

function abortRun(ctx: RunnerContext, runId: string) {
  for (const c of ctx.active.get(runId) ?? []) c.abort(new Error('cancelled'));
}

async function publish(ctx: RunnerContext, companyId: string, event: WorkflowEvent) {
  try {
    await ctx.deps.bus.publish(companyId, event);
  } catch (err) {
    ctx.log.warn({ err: String(err) }, 'workflow event not published');
  }
}

/** The top indicator ("processing"): published by the runner alone (W §4 Workflow state). */
function publishProcessing(
  ctx: RunnerContext,
  companyId: string,
  isProcessing: boolean,
  message: Message | null,
) {
  return publish(ctx, companyId, { type: 'processing', isProcessing, message });
}

/** One product job: claimed, its tasks run, its state settled, and the run ended after its last product. */
async function runProductJob(ctx: RunnerContext, job: ProductJob, outerSignal?: AbortSignal): Promise<void> {
  const claimed = await claimProductJob(ctx, job, outerSignal);
  if (!claimed) return;
  try {
    await startProduct(ctx, claimed);
    await runProductTasks(ctx, claimed);
    if (claimed.signal.aborted) throw new Error('cancelled');
    await settleDone(ctx, claimed);
  } catch (err) {
    await settleStopped(ctx, claimed, err, outerSignal);
  } finally {
    claimed.release();
    await finishRun(ctx, job.companyId, job.runId);
  }
}

/**
 * Claim: the job's run and product record, when there is still something to do (a product done,
 * cancelled or failed, or a run that ended, is left alone), and the abort controller a cancel reaches.
 */
async function claimProductJob(
  ctx: RunnerContext,
  job: ProductJob,
  outerSignal: AbortSignal | undefined,
): Promise<ClaimedJob | undefined> {
  const { runId, companyId, productId } = job;
  const run = await ctx.runs.findRun(runId, companyId);
  const row = await ctx.runs.findRunProduct(runId, productId);
  if (!run || !row || row.state === 'done' || row.state === 'cancelled' || row.state === 'failed') return;
  if (run.status !== 'queued' && run.status !== 'running') return;

  const controller = new AbortController();
  const signal = outerSignal ? AbortSignal.any([outerSignal, controller.signal]) : controller.signal;
  const set = ctx.active.get(runId) ?? new Set<AbortController>();
  ctx.active.set(runId, set);
  set.add(controller);
  const unsubscribe = await ctx.deps.bus.subscribe(companyId, ({ event }) => {
    if (event.type === 'run' && event.runId === runId && event.status === 'cancelled') controller.abort();
  });
  return {
    job,
    run,
    tasks: orderBatchTasks(run.tasks),
    row,
    signal,
    controller,
    current: null,
    untranslated: new Set(),
    release() {
      unsubscribe();
      set.delete(controller);
      if (set.size === 0) ctx.active.delete(runId);
    },
  };
}

/** The run starts (queued → running) with the product, and the screens get the run's progress so far. */
async function startProduct(ctx: RunnerContext, c: ClaimedJob): Promise<void> {
  const { runId, companyId, productId } = c.job;
  await ctx.runs.markRunStarted(runId);
  await ctx.runs.setProductState(runId, productId, { state: 'running' });
  // The run's progress so far (other products may be done already), not 0 for every product start.
  const standing = runStanding(await ctx.runs.listRunProducts(runId), c.run.tasks);
  await publish(ctx, companyId, { type: 'run', runId, status: 'running', ...standing });
}

/** Run: the tasks before the quotation, the quotation, then the opt-in tasks that need it. */
async function runProductTasks(ctx: RunnerContext, c: ClaimedJob): Promise<void> {
  for (const task of c.tasks) {
    if (task === 'quotation' || AFTER_QUOTATION_TASKS.includes(task) || isFinished(c, task)) continue;
    if (c.signal.aborted) break;
    await runTaskThenWait(ctx, c, task);
  }
  if (c.tasks.includes('quotation') && !isFinished(c, 'quotation') && !c.signal.aborted)
    await runQuotation(ctx, c);
  // The opt-in tasks that need the quotation (registration on Coupang, issue 23) run after it.
  for (const task of c.tasks) {
    if (!AFTER_QUOTATION_TASKS.includes(task) || isFinished(c, task) || c.signal.aborted) continue;
    await runTask(ctx, c, task);
  }
}

const isFinished = (c: ClaimedJob, task: TaskName) => c.row.finished_tasks.includes(task);

/** A task, then the batch wait after it (longer after an error). */
async function runTaskThenWait(ctx: RunnerContext, c: ClaimedJob, task: TaskName): Promise<void> {
  const outcome = await runTask(ctx, c, task);
  if (outcome) await wait(ctx, c, batchWaitAfterTask(outcome.status === 'error' ? 'error' : 'ok'));
}

async function wait(ctx: RunnerContext, c: ClaimedJob, ms: number): Promise<void> {
  const scaled = ms * ctx.deps.pauseScale;
  if (scaled > 0) await (ctx.deps.sleep ?? abortableSleep)(scaled, c.signal).catch(() => {});
}

/**
 * The quotation (W §4 Batch processing): every prerequisite must be completed or disabled first, the
 * unfinished ones of this run are retried once; still in error after that, the quotation does not
 * start and says which. An unaccepted result is retried after its wait.
 */
async function runQuotation(ctx: RunnerContext, c: ClaimedJob): Promise<void> {
  const { tasks, signal } = c;
  const available = (t: TaskName) => Boolean(ctx.deps.tasks[t]);
  if (tasks.length > 1) {
    const statuses = await statusesOf(ctx, c);
    const unfinished = findUnfinishedPrerequisites(statuses).filter((t) => tasks.includes(t) && available(t));
    for (const task of unfinished) {
      if (signal.aborted) break;
      await runTaskThenWait(ctx, c, task);
    }
  }
  // A quotation-only run checks too (issue 42): a prerequisite in error (or running) blocks it.
  const blocking = signal.aborted
    ? []
    : tasks.length > 1
      ? findBlockingPrerequisites(await statusesOf(ctx, c), tasks).filter(available)
      : findFailedPrerequisites(await statusesOf(ctx, c, QUOTATION_PREREQUISITES)).filter(available);
  if (blocking.length > 0) {
    await settleTask(ctx, c, 'quotation', 'error', quotationBlockedMessage(blocking), false);
    return;
  }
  // Q §1: the top indicator says "등록 정보 생성 중..." while the documents are generated (issue 42).
  await publishProcessing(ctx, c.job.companyId, true, MESSAGES.quotationGenerating);
  for (let attempt = 0; !signal.aborted; attempt++) {
    const outcome = await runTask(ctx, c, 'quotation');
    const retryIn = outcome ? quotationRetryWait(outcome.result ?? outcome.status, attempt) : null;
    if (retryIn === null) break;
    await wait(ctx, c, retryIn);
  }
}

/**
 * One task of the product: marked current and "processing", run, and its outcome written and
 * recorded. A task not built yet leaves the product's status as it is and the seller is told.
 */
async function runTask(ctx: RunnerContext, c: ClaimedJob, task: TaskName): Promise<TaskOutcome | undefined> {
  const { runId, productId } = c.job;
  const impl = ctx.deps.tasks[task];
  c.current = task;
  await ctx.runs.setProductState(runId, productId, { currentTask: task });
  if (!impl) {
    await recordFinished(ctx, c, task, false, WORKFLOW_MESSAGES.taskNotAvailable);
    await publishTask(ctx, c, task, undefined, WORKFLOW_MESSAGES.taskNotAvailable);
    return undefined;
  }
  await writeStatus(ctx, c, task, 'processing');
  await publishTask(ctx, c, task, 'processing', null);
  const outcome = await executeTask(ctx, c, task, impl);
  const message = outcome.message ?? skippedMessage(outcome.skipped);
  await settleTask(ctx, c, task, outcome.status, message, DONE.includes(outcome.status));
  return outcome;
}

/**
 * The task's own run: a task that throws ends in error (unless the job was aborted, which ends the
 * job); what the offline demo AI left untranslated makes it partial and is noted on the product.
 */
async function executeTask(
  ctx: RunnerContext,
  c: ClaimedJob,
  task: TaskName,
  impl: WorkflowTask,
): Promise<TaskOutcome> {
  const { companyId, productId } = c.job;
  const { ai } = ctx.deps.taskDeps;
  let outcome: TaskOutcome;
  ai.takeUntranslated(companyId, productId);
  try {
    outcome = await impl.run(taskContext(ctx, c));
  } catch (err) {
    if (c.signal.aborted) throw err;
    ctx.log.error({ err: String(err), task, productId }, 'workflow task failed');
    outcome = { status: 'error', message: WORKFLOW_MESSAGES.taskFailed };
  }
  if (c.signal.aborted) throw new Error('cancelled');
  const phrases = ai.takeUntranslated(companyId, productId);
  for (const p of phrases) c.untranslated.add(p);
  await noteUntranslated(ctx, c, task, phrases);
  return withUntranslated(outcome, phrases);
}

/** What one task of this job gets. */
function taskContext(ctx: RunnerContext, c: ClaimedJob): TaskContext {
  const { runId, companyId, productId, quotation } = c.job;
  return {
    deps: ctx.deps.taskDeps,
    companyId,
    productId,
    runId,
    signal: c.signal,
    pauseScale: ctx.deps.pauseScale,
    ...(quotation ? { quotationMode: quotation } : {}),
    emit: (event) => publish(ctx, companyId, event),
  };
}

/** A task ended: its status written, recorded as finished (done or not), and told to the screens. */
async function settleTask(
  ctx: RunnerContext,
  c: ClaimedJob,
  task: TaskName,
  status: TaskStatus,
  message: Message | null,
  done: boolean,
): Promise<void> {
  c.current = null;
  await writeStatus(ctx, c, task, status);
  await recordFinished(ctx, c, task, done, message);
  await publishTask(ctx, c, task, status, message);
}

async function recordFinished(
  ctx: RunnerContext,
  c: ClaimedJob,
  task: TaskName,
  done: boolean,
  message: Message | null,
): Promise<void> {
  const { runId, productId } = c.job;
  c.row = (await ctx.runs.recordTaskFinished(runId, productId, task, done, message)) ?? c.row;
}

function writeStatus(ctx: RunnerContext, c: ClaimedJob, task: TaskName, status: TaskStatus) {
  const { companyId, productId } = c.job;
  return writeTaskStatus(ctx.deps.taskDeps.products, { companyId, productId }, task, status);
}

/** The product remembers, per task, what the offline demo AI left untranslated (its pages show it). */
async function noteUntranslated(
  ctx: RunnerContext,
  c: ClaimedJob,
  task: TaskName,
  phrases: readonly string[],
) {
  const { companyId, productId } = c.job;
  const { products } = ctx.deps.taskDeps;
  const stored = (await products.untranslatedPhrases(companyId, productId))?.[task];
  if (phrases.length === 0 && !stored?.length) return;
  await products.write(
    { companyId, productId },
    { set: productFields([productPath('untranslatedPhrases', task), phrases.length ? [...phrases] : null]) },
  );
}

async function statusesOf(
  ctx: RunnerContext,
  c: ClaimedJob,
  tasks: readonly TaskName[] = c.tasks,
): Promise<Partial<Record<TaskName, TaskStatus>>> {
  const { companyId, productId } = c.job;
  const views = await ctx.deps.taskDeps.products.statusViews(companyId, [productId]);
  const doc = views.get(productId)?.doc ?? {};
  const out: Partial<Record<TaskName, TaskStatus>> = {};
  for (const t of tasks) out[t] = (doc[TASK_STATUS_FIELDS[t]] as TaskStatus | undefined) ?? 'pending';
  return out;
}

async function publishTask(
  ctx: RunnerContext,
  c: ClaimedJob,
  task: TaskName,
  status: TaskStatus | undefined,
  message: Message | null,
) {
  const { runId, companyId, productId } = c.job;
  const statuses = await statusesOf(ctx, c);
  await publish(ctx, companyId, {
    type: 'task',
    runId,
    productId,
    task,
    status: status ?? statuses[task] ?? 'pending',
    currentTask: status === 'processing' ? task : null,
    completedTasks: c.row.completed_tasks,
    progress: productProgress(c.row.completed_tasks.length, c.tasks.length),
    counts: productCounts(c.row, c.tasks.length),
    message,
  });
}

/**
 * Settle, every task through: the product is done. What is left for the seller (phrases the offline
 * AI could not translate) stays said when later tasks had nothing to say (issue 20).
 */
async function settleDone(ctx: RunnerContext, c: ClaimedJob): Promise<void> {
  const { runId, productId } = c.job;
  const left = c.untranslated.size ? WORKFLOW_MESSAGES.offlineUntranslated([...c.untranslated]) : null;
  const last = left ? c.row.message : null;
  await ctx.runs.setProductState(runId, productId, {
    state: 'done',
    currentTask: null,
    ...(left
      ? {
          message:
            last && !last.ko.includes(left.ko)
              ? { ko: `${last.ko} ${left.ko}`, en: `${last.en} ${left.en}` }
              : left,
        }
      : {}),
  });
}

/**
 * Settle, the job stopped early. A failure that is not an abort is thrown again (the queue retries
 * the job, or takes it over). Aborted: the task that was running goes back to pending, so nothing
 * stays "processing"; the seller's cancel leaves the product cancelled, the process stopping leaves it
 * queued and its job resumes with the next worker (issue 39: marked cancelled, it was skipped when the
 * job came back, and a run stopped by a shutdown ended with products never done).
 */
async function settleStopped(
  ctx: RunnerContext,
  c: ClaimedJob,
  err: unknown,
  outerSignal: AbortSignal | undefined,
): Promise<void> {
  if (!c.signal.aborted) throw err;
  const { runId, companyId, productId } = c.job;
  if (c.current) {
    await writeStatus(ctx, c, c.current, 'pending').catch(() => false);
    await publishStatusOnly(ctx, companyId, runId, productId, c.current, 'pending');
  }
  const processStopping = outerSignal?.aborted && !c.controller.signal.aborted;
  await ctx.runs.setProductState(runId, productId, {
    state: processStopping ? 'queued' : 'cancelled',
    currentTask: null,
  });
  if (processStopping) throw err;
}

async function publishStatusOnly(
  ctx: RunnerContext,
  companyId: string,
  runId: string,
  productId: string,
  task: TaskName,
  status: TaskStatus,
) {
  const row = await ctx.runs.findRunProduct(runId, productId);
  await publish(ctx, companyId, {
    type: 'task',
    runId,
    productId,
    task,
    status,
    currentTask: null,
    completedTasks: row?.completed_tasks ?? [],
    progress: 0,
    ...(row ? { counts: productCounts(row, (await ctx.runs.findRun(runId))?.tasks.length ?? 0) } : {}),
    message: null,
  });
}

/**
 * Ends the run when its last product is through: the run event carries the final counts and how
 * many products can be registered, and the top indicator gets the end message (W §4, Q §1).
 */
async function finishRun(ctx: RunnerContext, companyId: string, runId: string) {
  const status = await ctx.runs.finishRunIfDone(runId);
  if (!status) return;
  const run = await ctx.runs.findRun(runId, companyId);
  const summary = run
    ? await summarizeRun(ctx.runs, ctx.deps.taskDeps.products, run).catch(() => undefined)
    : undefined;
  if (!summary) {
    await publish(ctx, companyId, { type: 'run', runId, status, progress: 0 });
    await publishProcessing(ctx, companyId, false, null);
    return;
  }
  await publish(ctx, companyId, {
    type: 'run',
    runId,
    status,
    progress: summary.progress,
    counts: summary.counts,
    registrable: { count: summary.registrable, total: summary.products },
  });
  await publishProcessing(ctx, companyId, false, runEndMessage(summary));
}

async function failProductJob(ctx: RunnerContext, job: ProductJob, reason: string): Promise<void> {
  const row = await ctx.runs.findRunProduct(job.runId, job.productId);
  if (!row || row.state === 'done' || row.state === 'cancelled') return;
  ctx.log.error({ ...job, reason }, 'workflow product job failed');
  if (row.current_task) {
    await writeTaskStatus(ctx.deps.taskDeps.products, job, row.current_task, 'error').catch(() => false);
    // It ended in error: counted as such, never as done.
    await ctx.runs.recordTaskFinished(
      job.runId,
      job.productId,
      row.current_task,
      false,
      WORKFLOW_MESSAGES.taskFailed,
    );
    await publishStatusOnly(ctx, job.companyId, job.runId, job.productId, row.current_task, 'error');
  }
  await ctx.runs.setProductState(job.runId, job.productId, {
    state: 'failed',
    currentTask: null,
    message: WORKFLOW_MESSAGES.taskFailed,
  });
  await finishRun(ctx, job.companyId, job.runId);
}

export type Runner = ReturnType<typeof createRunner>;

/**
 * Issue 20: phrases the offline demo AI could not translate are left for the seller. A task that
 * would have completed is partially completed instead, and its message names them.
 */
function withUntranslated(outcome: TaskOutcome, phrases: readonly string[]): TaskOutcome {
  if (phrases.length === 0) return outcome;
  const note = WORKFLOW_MESSAGES.offlineUntranslated(phrases);
  const before = outcome.message ?? skippedMessage(outcome.skipped);
  const message = before ? { ko: `${before.ko} ${note.ko}`, en: `${before.en} ${note.en}` } : note;
  return {
    ...outcome,
    status: outcome.status === 'completed' ? 'partially_completed' : outcome.status,
    message,
  };
}

function skippedMessage(skipped: string[] | undefined): Message | null {
  if (!skipped?.length) return null;
  const list = skipped.join(', ');
  return {
    ko: `셀러가 수정한 항목은 그대로 두었습니다: ${list}`,
    en: `Fields the seller edited were left as they are: ${list}`,
  };
}
