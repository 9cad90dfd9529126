import type { TaskName } from '@rr/domain';
import type { WorkflowTask } from '../workflow/task.ts';
import { additionalImagesTask } from './additional-images/index.ts';
import { detailImagesTask } from './detail-images/index.ts';
import { mainImageTask } from './main-image/index.ts';
import { quotationTask } from './quotation/index.ts';

/**
 * The workflow's tasks by name, one folder each under tasks/. A task without an entry is shown by
 * the runner as "not available yet" (never as completed).
 */
export const TASKS: Partial<Record<TaskName, WorkflowTask>> = {
  mainImage: mainImageTask,
  additionalImage: additionalImagesTask,
  detailImage: detailImagesTask,
  quotation: quotationTask,
};
