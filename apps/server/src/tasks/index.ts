import type { TaskName } from '@rr/domain';
import type { WorkflowTask } from '../workflow/task.ts';
import { additionalImagesTask } from './additional-images/additional-images-task.ts';
import { detailImagesTask } from './detail-images/detail-images-task.ts';
import { mainImageTask } from './main-image/main-image-task.ts';

/**
 * The workflow's tasks by name, one folder each under tasks/. A task without an entry is shown by
 * the runner as "not available yet" (never as completed).
 */
export const TASKS: Partial<Record<TaskName, WorkflowTask>> = {
  mainImage: mainImageTask,
  additionalImage: additionalImagesTask,
  detailImage: detailImagesTask,
};
