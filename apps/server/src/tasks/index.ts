import type { TaskName } from '@rr/domain';
import type { WorkflowTask } from '../workflow/task.ts';

/**
 * The workflow's tasks by name, one folder each under tasks/. A task without an entry is shown by
 * the runner as "not available yet" (never as completed).
 */
export const TASKS: Partial<Record<TaskName, WorkflowTask>> = {};
