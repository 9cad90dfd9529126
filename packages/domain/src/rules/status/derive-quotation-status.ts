import type { QuotationResultStatus } from '../../constants.ts';
import { ACCEPTED_QUOTATION_RESULTS } from '../../constants.ts';
import type { TaskStatus } from '../../entities/common.ts';

/**
 * Q §4: the product's quotationStatus from its option results — error when all failed (or none ran),
 * partially_completed when some failed, processing while the duplicate check is pending after all
 * succeeded, completed otherwise.
 */
export function deriveProductQuotationStatus(input: {
  succeeded: number;
  failed: number;
  duplicateCheckPending?: boolean;
}): TaskStatus {
  const { succeeded, failed } = input;
  if (succeeded === 0) return 'error';
  if (failed > 0) return 'partially_completed';
  return input.duplicateCheckPending ? 'processing' : 'completed';
}

/** Q §4: overall result — completed if no failures, partial if some succeeded, error otherwise. */
export function deriveOverallResultStatus(succeeded: number, failed: number): QuotationResultStatus {
  if (failed === 0 && succeeded > 0) return 'completed';
  return succeeded > 0 ? 'partial' : 'error';
}

/** W §4 Batch: quotation results accepted without a retry are completed, partial, split_completed. */
export function isAcceptedQuotationResult(status: string | null | undefined): boolean {
  return ACCEPTED_QUOTATION_RESULTS.includes(status as QuotationResultStatus);
}
