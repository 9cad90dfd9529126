import type { TaskName } from '@rr/domain';
import type { WorkflowTask } from '../workflow/task.ts';
import { additionalImagesTask } from './additional-images/index.ts';
import { detailImagesTask } from './detail-images/index.ts';
import { koreanLabelTask } from './korean-label/index.ts';
import { mainImageTask } from './main-image/index.ts';
import { pricingTask } from './pricing/index.ts';
import { quotationTask } from './quotation/index.ts';
import { registerTask } from './register/index.ts';
import { seoTask } from './seo/index.ts';
import { sizeChartTask } from './size-chart/index.ts';

/**
 * The workflow's tasks by name, one folder each under tasks/. A task without an entry is shown by
 * the runner as "not available yet" (never as completed).
 */
export const TASKS: Partial<Record<TaskName, WorkflowTask>> = {
  mainImage: mainImageTask,
  additionalImage: additionalImagesTask,
  detailImage: detailImagesTask,
  seo: seoTask,
  pricing: pricingTask,
  koreanLabel: koreanLabelTask,
  sizeChart: sizeChartTask,
  quotation: quotationTask,
  register: registerTask,
};
