import { PROGRESS_TASK_COUNT } from '../../constants.ts';

/** W §4 Workflow state: progress = distinct completed tasks / 7 × 100, rounded, clamped to 0–100. */
export function calculateWorkflowProgress(completedTasks: readonly string[] | number): number {
  const count = typeof completedTasks === 'number' ? completedTasks : new Set(completedTasks).size;
  if (!Number.isFinite(count)) return count > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((count / PROGRESS_TASK_COUNT) * 100)));
}
