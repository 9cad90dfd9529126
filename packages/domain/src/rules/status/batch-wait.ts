import {
  BATCH_WAIT_AFTER_ERROR_MS,
  BATCH_WAIT_AFTER_TASK_MS,
  QUOTATION_EXTRA_RETRIES,
  QUOTATION_RETRY_WAIT_MS,
} from '../../constants.ts';
import { isAcceptedQuotationResult } from './derive-quotation-status.ts';

/** W §4 Batch: wait 2 s after a task, 0.5 s after a task error, then continue. */
export function batchWaitAfterTask(outcome: 'ok' | 'error'): number {
  return outcome === 'ok' ? BATCH_WAIT_AFTER_TASK_MS : BATCH_WAIT_AFTER_ERROR_MS;
}

/**
 * W §4 Batch: an unaccepted quotation result is retried once after 3 s. Returns the wait before the
 * next attempt, or null when the result is accepted or the retry is used up (attempt is 0-based).
 */
export function quotationRetryWait(result: string | null | undefined, attempt: number): number | null {
  if (isAcceptedQuotationResult(result) || attempt >= QUOTATION_EXTRA_RETRIES) return null;
  return QUOTATION_RETRY_WAIT_MS;
}
