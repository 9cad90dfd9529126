import type {
  ProductSummary,
  RunProduct,
  RunStatus,
  RunView,
  TaskCounts,
  WorkflowEvent,
} from '@rr/contracts';
import { calculateWorkflowProgress, sumTaskCounts, TASK_STATUS_FIELDS, type TaskName } from '@rr/domain';

/** How a workflow run looks on the screens, kept current by the server's events (pure). */

export type Lang = 'ko' | 'en';

export const isActiveRun = (status: RunStatus) => status === 'queued' || status === 'running';

/**
 * A product's progress in a run: the server's figure, else its done tasks over the run's task count
 * (W §4; a full batch has every task of the registry). A task that ended in error is not done.
 */
export function productProgressOf(product: RunProduct, run: Pick<RunView, 'tasks'>): number {
  if (product.progress !== undefined) return product.progress;
  const done = product.completedTasks.filter((t) => run.tasks.includes(t)).length;
  return calculateWorkflowProgress(done, run.tasks.length);
}

/** Statuses a finished task leaves that count as done (an error is not one). */
const DONE_STATUSES = new Set(['completed', 'partially_completed', 'disabled', 'partial', 'split_completed']);

/** A product's tasks done / in error / still to run: the server's counts, else read from its chips. */
export function productCountsOf(product: RunProduct, run: Pick<RunView, 'tasks'>): TaskCounts {
  if (product.counts) return product.counts;
  let done = 0;
  let error = 0;
  for (const t of run.tasks) {
    const status = product.statuses[t];
    if (status === 'error') error++;
    else if (status && DONE_STATUSES.has(status) && product.completedTasks.includes(t)) done++;
  }
  return { done, error, remaining: run.tasks.length - done - error };
}

/** The run's tasks done / in error / remaining over all its products. */
export function runCountsOf(run: RunView): TaskCounts {
  if (run.products.length === 0) return run.counts ?? { done: 0, error: 0, remaining: 0 };
  return sumTaskCounts(run.products.map((p) => productCountsOf(p, run)));
}

/** The run's progress: the mean of its products' progress (done tasks only), 0–100. */
export function runProgressOf(run: RunView): number {
  if (run.products.length === 0) return run.progress;
  const sum = run.products.reduce((n, p) => n + productProgressOf(p, run), 0);
  return Math.max(0, Math.min(100, Math.round(sum / run.products.length)));
}

/** A run seen on screen applies the server's events about it; other runs' events leave it alone. */
export function applyWorkflowEvent(run: RunView, event: WorkflowEvent, lang: Lang): RunView {
  if (event.type === 'run' && event.runId === run.runId) {
    const next: RunView = {
      ...run,
      status: event.status,
      ...(event.counts ? { counts: event.counts } : {}),
      ...(event.registrable ? { registrable: event.registrable } : {}),
    };
    if (event.status !== 'queued' && event.status !== 'running' && run.products.length > 0) {
      next.products = run.products.map((p) =>
        p.state === 'running' || p.state === 'queued'
          ? { ...p, state: event.status === 'cancelled' ? 'cancelled' : 'done', currentTask: null }
          : p,
      );
    }
    return { ...next, progress: runProgressOf(next) };
  }
  if (event.type === 'task' && event.runId === run.runId) {
    let found = false;
    const products = run.products.map((p) => {
      if (p.productId !== event.productId) return p;
      found = true;
      const statuses = run.tasks.includes(event.task)
        ? { ...p.statuses, [event.task]: event.status }
        : p.statuses;
      return {
        ...p,
        state: p.state === 'queued' ? ('running' as const) : p.state,
        currentTask: event.currentTask,
        completedTasks: event.completedTasks,
        statuses,
        // a cancelled task's event says 0: progress never goes back within a run
        progress: Math.max(productProgressOf(p, run), event.progress),
        ...(event.counts ? { counts: event.counts } : {}),
        message: event.message ? event.message[lang] : p.message,
      };
    });
    if (!found) return run;
    const next: RunView = { ...run, status: run.status === 'queued' ? 'running' : run.status, products };
    return { ...next, progress: runProgressOf(next) };
  }
  return run;
}

/** A table row after a task event: its chip shows the new status at once (the list refetches later). */
export function applyTaskStatus(
  rows: readonly ProductSummary[],
  productId: string,
  task: TaskName,
  status: string,
): ProductSummary[] | null {
  const i = rows.findIndex((r) => r._id === productId);
  const row = rows[i];
  if (!row) return null;
  const field = TASK_STATUS_FIELDS[task];
  if (row.statuses[field] === status) return null;
  const next = rows.slice();
  next[i] = { ...row, statuses: { ...row.statuses, [field]: status } };
  return next;
}

/** What a task chip of a run shows: the status the server answers, or "not available yet". */
export function chipStatusOf(
  run: Pick<RunView, 'unavailableTasks'>,
  product: RunProduct,
  task: TaskName,
): string {
  if (run.unavailableTasks?.includes(task)) return 'unavailable';
  return product.statuses[task] ?? 'pending';
}

/** Several active runs as one figure for the top bar: the mean over all their products. */
export function combinedProgress(runs: readonly RunView[]): number | null {
  const products = runs.reduce((n, r) => n + r.products.length, 0);
  if (products === 0)
    return runs.length ? Math.round(runs.reduce((n, r) => n + r.progress, 0) / runs.length) : null;
  const sum = runs.reduce((n, r) => n + r.products.reduce((m, p) => m + productProgressOf(p, r), 0), 0);
  return Math.round(sum / products);
}
