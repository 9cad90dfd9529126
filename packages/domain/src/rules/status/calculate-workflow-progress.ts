import { DEFAULT_RUN_TASKS } from '../../tasks/task-registry.ts';

/**
 * W §4 Workflow state: progress = distinct completed tasks over the task count × 100, rounded,
 * clamped to 0–100. The spec's "7" was its number of tasks; the count comes from the task registry
 * (every task of a full batch, quotation included), or the run's own task count when it has fewer.
 */
export function calculateWorkflowProgress(
  completedTasks: readonly string[] | number,
  taskCount: number = DEFAULT_RUN_TASKS.length,
): number {
  const count = typeof completedTasks === 'number' ? completedTasks : new Set(completedTasks).size;
  if (!Number.isFinite(count)) return count > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((count / Math.max(1, taskCount)) * 100)));
}

/** Where a run (or one product of it) stands: tasks done, tasks that ended in error, tasks still to run. */
export type TaskCounts = { done: number; error: number; remaining: number };

/**
 * W §4 Batch processing: a task that ended in error is not done. `finished` are the tasks that ran to
 * an end (done or error), `completed` those whose end counts as done; `taskCount` is how many the run
 * has. Tasks finished without being done are errors; the rest remain.
 */
export function countTasks(
  finished: readonly string[],
  completed: readonly string[],
  taskCount: number,
): TaskCounts {
  const done = new Set(completed).size;
  const ended = new Set([...finished, ...completed]).size;
  const total = Math.max(taskCount, ended);
  return { done, error: ended - done, remaining: total - ended };
}

/** The counts of several products added up (a run's figure). */
export function sumTaskCounts(counts: readonly TaskCounts[]): TaskCounts {
  return counts.reduce(
    (sum, c) => ({
      done: sum.done + c.done,
      error: sum.error + c.error,
      remaining: sum.remaining + c.remaining,
    }),
    { done: 0, error: 0, remaining: 0 },
  );
}
