import type { TaskName } from '../../entities/common.ts';
import { DEFAULT_RUN_TASKS, TASK_ORDER, taskDefinition } from '../../tasks/task-registry.ts';

export type TaskStatuses = Partial<Record<TaskName, string | undefined>>;

/** W §4 Batch: tasks in the spec's order with quotation always last (an unknown subset keeps that order). */
export function orderBatchTasks(tasks: readonly TaskName[] = DEFAULT_RUN_TASKS): TaskName[] {
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

/** A prerequisite that ended in error or never finished: the quotation does not start over it. */
function isPrerequisiteBlocking(status: string | undefined): boolean {
  return status === undefined || status === 'error' || status === 'pending' || status === 'processing';
}

/**
 * W §4 Batch: after the unfinished prerequisites were retried once, those of the run still in error
 * (or never finished) block the quotation. A partially completed one does not: it finished, with
 * something left for the seller that the quotation can go on without.
 */
export function findBlockingPrerequisites(statuses: TaskStatuses, runTasks: readonly TaskName[]): TaskName[] {
  return QUOTATION_PREREQUISITES.filter((t) => runTasks.includes(t) && isPrerequisiteBlocking(statuses[t]));
}

/**
 * Issue 42: a quotation-only run (manual quotation, reprocess) checks the prerequisites as a full run
 * does, but runs none of them (the seller asked for the quotation alone): every prerequisite that
 * ended in error, or is running now, blocks it. One never run does not (a full run would run it
 * first; a quotation-only run goes on without it, as the seller asked).
 */
export function findFailedPrerequisites(statuses: TaskStatuses): TaskName[] {
  return QUOTATION_PREREQUISITES.filter((t) => statuses[t] === 'error' || statuses[t] === 'processing');
}

/** The quotation's error when prerequisites block it, naming them by the labels the screens show. */
export function quotationBlockedMessage(tasks: readonly TaskName[]): { ko: string; en: string } {
  const ko = tasks.map((t) => taskDefinition(t).label.ko).join(', ');
  const en = tasks.map((t) => taskDefinition(t).label.en).join(', ');
  return {
    ko: `선행 작업이 오류로 끝나 견적서를 만들지 않았습니다: ${ko}. 해당 작업을 다시 실행한 뒤 견적서를 만들어주세요.`,
    en: `The quotation was not started because these tasks ended in error: ${en}. Run them again, then the quotation.`,
  };
}
