import type { TaskStatus } from '../../entities/common.ts';

type OptionImageStatus = string | { status?: string } | null | undefined;

function statusOf(s: OptionImageStatus): string | undefined {
  return typeof s === 'string' ? s : (s?.status ?? undefined);
}

/**
 * W §4 Main image, product level from the option statuses: while running it is pending until the
 * first option completes, then partially_completed, then completed when all are; at the end it is
 * completed if all succeeded, partially_completed if some, error if none.
 */
export function deriveMainImageStatus(
  optionStatuses: readonly OptionImageStatus[],
  finished: boolean,
): TaskStatus {
  const done = optionStatuses.filter((s) => statusOf(s) === 'completed').length;
  if (optionStatuses.length > 0 && done === optionStatuses.length) return 'completed';
  if (done > 0) return 'partially_completed';
  return finished ? 'error' : 'pending';
}
