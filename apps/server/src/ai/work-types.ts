import { type AiWorkType, getRequestLimits, type RequestLimits, type RequestWorkType } from '@rr/domain';

/** Extension work types of W §7 and Q §7 (the domain's task registry lists which task sends which). */
export type WorkType = AiWorkType;

/**
 * Variants that change the limits (named as in the domain's REQUEST_LIMITS): the Korean label
 * single-prompt fallback (45 s), group detection in additional-attribute detection (30 s, 1 retry),
 * one option's attributes (90 s, 3 retries).
 */
export type WorkVariant = Extract<
  RequestWorkType,
  'KOREAN_LABELS_FALLBACK' | 'GROUP_DETECTION' | 'SINGLE_OPTION_ATTRIBUTES'
>;

/**
 * Timeout per attempt and retries after the first attempt (W §9, Q §9), from the domain's table:
 * the variant when there is one, else QUOTATION's task, else the work type.
 */
export function requestLimitsFor(workType: WorkType, task?: string, variant?: WorkVariant): RequestLimits {
  return getRequestLimits(variant ?? (workType === 'QUOTATION' && task ? task : workType));
}
