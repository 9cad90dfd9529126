import { getRequestLimits, type RequestLimits, type RequestWorkType } from '@rr/domain';

/** Extension work types of W §7 and Q §7. */
export const WORK_TYPES = [
  'SEO',
  'SEO_VALIDATION',
  'KOREAN_LABELS',
  'DETECT_ADDITIONAL_ATTRIBUTES',
  'SIZE_CHART',
  'AI_TRANSLATE',
  'QUOTATION',
  'GET_ATTRIBUTE_INFO',
] as const;
export type WorkType = (typeof WORK_TYPES)[number];

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
