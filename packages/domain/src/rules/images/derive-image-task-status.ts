import type { ProcessType, TaskStatus } from '../../entities/common.ts';

/**
 * Additional and detail images (W §4): the task's status from its images' processTypes. Every image
 * failed (or there was none) → error; detail images are otherwise completed ("completed on success,
 * error if the whole process fails": a failed image keeps its original in the page); additional
 * images with some failures are partially_completed, like the main image's options.
 */
export function deriveImageTaskStatus(
  processTypes: readonly ProcessType[],
  task: 'additionalImage' | 'detailImage',
): TaskStatus {
  const failed = processTypes.filter((p) => p === 'error').length;
  if (processTypes.length === 0 || failed === processTypes.length) return 'error';
  if (failed > 0 && task === 'additionalImage') return 'partially_completed';
  return 'completed';
}
