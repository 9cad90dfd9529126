import type { TaskName } from '../../entities/common.ts';
import { TASK_ORDER, taskDefinition } from '../../tasks/task-registry.ts';

export type TaskStatuses = Partial<Record<TaskName, string | undefined>>;

/** W §4 Batch: tasks in the spec's order with quotation always last (an unknown subset keeps that order). */
export function orderBatchTasks(tasks: readonly TaskName[] = TASK_ORDER): TaskName[] {
  const wanted = new Set(tasks);
  return TASK_ORDER.filter((t) => wanted.has(t));
}

/** Prerequisites of quotation: every other task (the task registry's list). */
export const QUOTATION_PREREQUISITES: readonly TaskName[] = taskDefinition('quotation').prerequisites;

/** A prerequisite is satisfied when completed or disabled. */
export function isPrerequisiteSatisfied(status: string | undefined): boolean {
  return status === 'completed' || status === 'disabled';
}

/** W §4 Batch: unfinished prerequisites, in task order, to retry before quotation runs. */
export function findUnfinishedPrerequisites(statuses: TaskStatuses): TaskName[] {
  return QUOTATION_PREREQUISITES.filter((t) => !isPrerequisiteSatisfied(statuses[t]));
}

/** W §4 Batch: quotation may start once every prerequisite is completed or disabled. */
export function canStartQuotation(statuses: TaskStatuses): boolean {
  return findUnfinishedPrerequisites(statuses).length === 0;
}
