import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkflowEvent } from '@rr/contracts';
import { QuotationRunMode } from '@rr/contracts';
import {
  AFTER_QUOTATION_TASKS,
  batchWaitAfterTask,
  findBlockingPrerequisites,
  findUnfinishedPrerequisites,
  orderBatchTasks,
  type QuotationSelection,
  quotationBlockedMessage,
  quotationRetryWait,
  TASK_STATUS_FIELDS,
  type TaskName,
  type TaskStatus,
} from '@rr/domain';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { EventBus } from './event-bus.ts';
import {
  findRun,
  findRunProduct,
  finishRunIfDone,
  listRunProducts,
  markRunStarted,
  type RunProductRow,
  recordTaskFinished,
  setProductState,
} from './run-repository.ts';
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
  db: Db;
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
  return products.write(scope, { set: { [TASK_STATUS_FIELDS[task]]: status } });
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

/**
 * Runs every task of one product in a run, in the spec's order (W §4 Batch processing): the batch
 * waits after each task, the quotation last after retrying unfinished prerequisites, an unaccepted
 * quotation result retried once after 3 s. Finished tasks are recorded one by one, so a job taken
 * over after its worker died resumes where it stopped. Cancelling the run aborts the current task.
 */
export function createRunner(deps: RunnerDeps) {
  const { db, bus, taskDeps } = deps;
  const log = taskDeps.log;
  const scale = deps.pauseScale;
  /** Abort controllers of the runs this process works on, so a cancel reaches a running task. */
  const active = new Map<string, Set<AbortController>>();

  function abortRun(runId: string) {
    for (const c of active.get(runId) ?? []) c.abort(new Error('cancelled'));
  }

  async function publish(companyId: string, event: WorkflowEvent) {
    try {
      await bus.publish(companyId, event);
    } catch (err) {
      log.warn({ err: String(err) }, 'workflow event not published');
    }
  }

  /** The top indicator ("processing"): published by the runner alone (W §4 Workflow state). */
  function publishProcessing(companyId: string, isProcessing: boolean, message: Message | null) {
    return publish(companyId, { type: 'processing', isProcessing, message });
  }

  /** A run was queued: its first event and the top indicator's message. */
  async function announceRun(companyId: string, runId: string, message: Message) {
    await publish(companyId, { type: 'run', runId, status: 'queued', progress: 0 });
    await publishProcessing(companyId, true, message);
  }

  /** A run was cancelled by the seller. */
  async function announceCancelled(companyId: string, runId: string) {
    abortRun(runId);
    await publish(companyId, { type: 'run', runId, status: 'cancelled', progress: 100 });
    await publishProcessing(companyId, false, null);
  }

  async function runProductJob(job: ProductJob, outerSignal?: AbortSignal): Promise<void> {
    const { runId, companyId, productId } = job;
    const run = await findRun(db, runId, companyId);
    let row = await findRunProduct(db, runId, productId);
    if (!run || !row || row.state === 'done' || row.state === 'cancelled' || row.state === 'failed') return;
    if (run.status !== 'queued' && run.status !== 'running') return;

    const controller = new AbortController();
    const signal = outerSignal ? AbortSignal.any([outerSignal, controller.signal]) : controller.signal;
    const set = active.get(runId) ?? new Set<AbortController>();
    active.set(runId, set);
    set.add(controller);
    const unsubscribe = await bus.subscribe(companyId, ({ event }) => {
      if (event.type === 'run' && event.runId === runId && event.status === 'cancelled') controller.abort();
    });

    const tasks = orderBatchTasks(run.tasks);
    const wait = async (ms: number) => {
      if (ms * scale > 0) await (deps.sleep ?? abortableSleep)(ms * scale, signal).catch(() => {});
    };
    /** The task this job is running now (a cancel puts its status back to pending). */
    let current: TaskName | null = null;
    /** Phrases the offline demo AI left untranslated in this job: the product's last word names them. */
    const untranslated = new Set<string>();

    try {
      await markRunStarted(db, runId);
      await setProductState(db, runId, productId, { state: 'running' });
      // The run's progress so far (other products may be done already), not 0 for every product start.
      const standing = runStanding(await listRunProducts(db, runId), run.tasks);
      await publish(companyId, { type: 'run', runId, status: 'running', ...standing });

      const runTask = async (task: TaskName): Promise<TaskOutcome | undefined> => {
        const impl = deps.tasks[task];
        current = task;
        await setProductState(db, runId, productId, { currentTask: task });
        if (!impl) {
          // Not built yet: the product's status is left as it is and the seller is told.
          row =
            (await recordTaskFinished(
              db,
              runId,
              productId,
              task,
              false,
              WORKFLOW_MESSAGES.taskNotAvailable,
            )) ?? row;
          await publishTask(task, undefined, WORKFLOW_MESSAGES.taskNotAvailable);
          return undefined;
        }
        await writeStatus(task, 'processing');
        await publishTask(task, 'processing', null);
        let outcome: TaskOutcome;
        taskDeps.ai.takeUntranslated(companyId, productId);
        try {
          outcome = await impl.run(taskContext(signal));
        } catch (err) {
          if (signal.aborted) throw err;
          log.error({ err: String(err), task, productId }, 'workflow task failed');
          outcome = { status: 'error', message: WORKFLOW_MESSAGES.taskFailed };
        }
        if (signal.aborted) throw new Error('cancelled');
        const phrases = taskDeps.ai.takeUntranslated(companyId, productId);
        for (const p of phrases) untranslated.add(p);
        outcome = withUntranslated(outcome, phrases);
        await noteUntranslated(task, phrases);
        current = null;
        await writeStatus(task, outcome.status);
        const message = outcome.message ?? skippedMessage(outcome.skipped);
        row =
          (await recordTaskFinished(db, runId, productId, task, DONE.includes(outcome.status), message)) ??
          row;
        await publishTask(task, outcome.status, message);
        return outcome;
      };

      const taskContext = (s: AbortSignal): TaskContext => ({
        deps: taskDeps,
        companyId,
        productId,
        runId,
        signal: s,
        pauseScale: scale,
        ...(job.quotation ? { quotationMode: job.quotation } : {}),
        emit: (event) => publish(companyId, event),
      });

      /** The product remembers, per task, what the offline demo AI left untranslated (its pages show it). */
      const noteUntranslated = async (task: TaskName, phrases: readonly string[]) => {
        const stored = (await taskDeps.products.untranslatedPhrases(companyId, productId))?.[task];
        if (phrases.length === 0 && !stored?.length) return;
        await taskDeps.products.write(
          { companyId, productId },
          { set: { [`untranslatedPhrases.${task}`]: phrases.length ? [...phrases] : null } },
        );
      };

      const writeStatus = async (task: TaskName, status: TaskStatus) => {
        await writeTaskStatus(taskDeps.products, { companyId, productId }, task, status);
      };

      const publishTask = async (task: TaskName, status: TaskStatus | undefined, message: Message | null) => {
        const statuses = await statusesOf();
        await publish(companyId, {
          type: 'task',
          runId,
          productId,
          task,
          status: status ?? statuses[task] ?? 'pending',
          currentTask: status === 'processing' ? task : null,
          completedTasks: row?.completed_tasks ?? [],
          progress: productProgress(row?.completed_tasks.length ?? 0, tasks.length),
          counts: productCounts(row ?? { finished_tasks: [], completed_tasks: [] }, tasks.length),
          message,
        });
      };

      const statusesOf = async (): Promise<Partial<Record<TaskName, TaskStatus>>> => {
        const doc = (await taskDeps.products.statusViews(companyId, [productId])).get(productId)?.doc ?? {};
        const out: Partial<Record<TaskName, TaskStatus>> = {};
        for (const t of tasks) out[t] = (doc[TASK_STATUS_FIELDS[t]] as TaskStatus | undefined) ?? 'pending';
        return out;
      };

      const isFinished = (task: TaskName) => row?.finished_tasks.includes(task) ?? false;

      for (const task of tasks) {
        if (task === 'quotation' || AFTER_QUOTATION_TASKS.includes(task) || isFinished(task)) continue;
        if (signal.aborted) break;
        const outcome = await runTask(task);
        if (outcome) await wait(batchWaitAfterTask(outcome.status === 'error' ? 'error' : 'ok'));
      }

      if (tasks.includes('quotation') && !isFinished('quotation') && !signal.aborted) {
        // Before the quotation every prerequisite must be completed or disabled: the unfinished
        // ones of this run are retried once first (W §4 Batch processing).
        if (tasks.length > 1) {
          const unfinished = findUnfinishedPrerequisites(await statusesOf()).filter(
            (t) => tasks.includes(t) && deps.tasks[t],
          );
          for (const task of unfinished) {
            if (signal.aborted) break;
            const outcome = await runTask(task);
            if (outcome) await wait(batchWaitAfterTask(outcome.status === 'error' ? 'error' : 'ok'));
          }
        }
        // Still in error after its retry: the quotation does not start, and says which (W §4).
        const blocking =
          tasks.length > 1 && !signal.aborted
            ? findBlockingPrerequisites(await statusesOf(), tasks).filter((t) => deps.tasks[t])
            : [];
        if (blocking.length > 0) {
          const message = quotationBlockedMessage(blocking);
          current = null;
          await writeStatus('quotation', 'error');
          row = (await recordTaskFinished(db, runId, productId, 'quotation', false, message)) ?? row;
          await publishTask('quotation', 'error', message);
        }
        for (let attempt = 0; blocking.length === 0 && !signal.aborted; attempt++) {
          const outcome = await runTask('quotation');
          const retryIn = outcome ? quotationRetryWait(outcome.result ?? outcome.status, attempt) : null;
          if (retryIn === null) break;
          await wait(retryIn);
        }
      }

      // The opt-in tasks that need the quotation (registration on Coupang, issue 23) run after it.
      for (const task of tasks) {
        if (!AFTER_QUOTATION_TASKS.includes(task) || isFinished(task) || signal.aborted) continue;
        await runTask(task);
      }

      if (signal.aborted) throw new Error('cancelled');
      // What is left for the seller stays said when later tasks had nothing to say (issue 20).
      const left = untranslated.size ? WORKFLOW_MESSAGES.offlineUntranslated([...untranslated]) : null;
      const last = left ? row?.message : null;
      await setProductState(db, runId, productId, {
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
    } catch (err) {
      if (!signal.aborted) throw err; // the job is retried (or taken over) by the queue
      // Cancelled: the task that was running goes back to pending, so nothing stays "processing".
      if (current) {
        await writeTaskStatus(taskDeps.products, { companyId, productId }, current, 'pending').catch(
          () => false,
        );
        await publishStatusOnly(companyId, runId, productId, current, 'pending');
      }
      // The process stopping (not the seller's cancel): the product stays queued and its job resumes
      // with the next worker (issue 39: marked cancelled, it was skipped when the job came back, and
      // a run stopped by a shutdown ended with products never done).
      const processStopping = outerSignal?.aborted && !controller.signal.aborted;
      await setProductState(db, runId, productId, {
        state: processStopping ? 'queued' : 'cancelled',
        currentTask: null,
      });
      if (processStopping) throw err;
    } finally {
      unsubscribe();
      set.delete(controller);
      if (set.size === 0) active.delete(runId);
      await finishRun(companyId, runId);
    }
  }

  async function publishStatusOnly(
    companyId: string,
    runId: string,
    productId: string,
    task: TaskName,
    status: TaskStatus,
  ) {
    const row = await findRunProduct(db, runId, productId);
    await publish(companyId, {
      type: 'task',
      runId,
      productId,
      task,
      status,
      currentTask: null,
      completedTasks: row?.completed_tasks ?? [],
      progress: 0,
      ...(row ? { counts: productCounts(row, (await findRun(db, runId))?.tasks.length ?? 0) } : {}),
      message: null,
    });
  }

  /**
   * Ends the run when its last product is through: the run event carries the final counts and how
   * many products can be registered, and the top indicator gets the end message (W §4, Q §1).
   */
  async function finishRun(companyId: string, runId: string) {
    const status = await finishRunIfDone(db, runId);
    if (!status) return;
    const run = await findRun(db, runId, companyId);
    const summary = run ? await summarizeRun(db, taskDeps.products, run).catch(() => undefined) : undefined;
    if (!summary) {
      await publish(companyId, { type: 'run', runId, status, progress: 0 });
      await publishProcessing(companyId, false, null);
      return;
    }
    await publish(companyId, {
      type: 'run',
      runId,
      status,
      progress: summary.progress,
      counts: summary.counts,
      registrable: { count: summary.registrable, total: summary.products },
    });
    await publishProcessing(companyId, false, runEndMessage(summary));
  }

  /** A product whose job gave up (retries used up): its running task ends in error, the run moves on. */
  async function failProductJob(job: ProductJob, reason: string): Promise<void> {
    const row: RunProductRow | undefined = await findRunProduct(db, job.runId, job.productId);
    if (!row || row.state === 'done' || row.state === 'cancelled') return;
    log.error({ ...job, reason }, 'workflow product job failed');
    if (row.current_task) {
      await writeTaskStatus(taskDeps.products, job, row.current_task, 'error').catch(() => false);
      // It ended in error: counted as such, never as done.
      await recordTaskFinished(
        db,
        job.runId,
        job.productId,
        row.current_task,
        false,
        WORKFLOW_MESSAGES.taskFailed,
      );
      await publishStatusOnly(job.companyId, job.runId, job.productId, row.current_task, 'error');
    }
    await setProductState(db, job.runId, job.productId, {
      state: 'failed',
      currentTask: null,
      message: WORKFLOW_MESSAGES.taskFailed,
    });
    await finishRun(job.companyId, job.runId);
  }

  return { runProductJob, failProductJob, abortRun, announceRun, announceCancelled };
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
