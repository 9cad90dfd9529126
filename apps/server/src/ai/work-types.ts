// TODO(domain): move to @rr/domain — the work types and their timeout/retry table (W §7, §9; Q §7, §9).
import { EXTENSION_LIMITS } from '@rr/domain';

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

/** QUOTATION tasks (Q §7); GET_DIFFERENTIATED_ATTRIBUTES_BATCH_{n} carries the batch number. */
export const QUOTATION_TASKS = [
  'TRANSLATE_ATTRIBUTES',
  'ANALYZE_SCHEMA_ATTRIBUTES',
  'GET_COMMON_UNEXPOSED_ATTRIBUTES',
  'GET_COMMON_OTHER_ATTRIBUTES',
  'GET_DIFFERENTIATED_ATTRIBUTES_BATCH',
] as const;
export type QuotationTask =
  | Exclude<(typeof QUOTATION_TASKS)[number], 'GET_DIFFERENTIATED_ATTRIBUTES_BATCH'>
  | `GET_DIFFERENTIATED_ATTRIBUTES_BATCH_${number}`;

/**
 * Variants that change the limits: the Korean label single-prompt fallback (45 s), group detection
 * in additional-attribute detection (30 s, 1 retry), one option's attributes (90 s, 3 retries).
 */
export type WorkVariant = 'KOREAN_LABELS_FALLBACK' | 'GROUP_DETECTION' | 'SINGLE_OPTION';

export type RequestPolicy = { timeoutMs: number; maxRetries: number };

const DEFAULT: RequestPolicy = {
  timeoutMs: EXTENSION_LIMITS.defaultTimeoutMs,
  maxRetries: EXTENSION_LIMITS.defaultMaxRetries,
};

/** Timeout per attempt and retries after the first attempt, as the spec lists them. */
export function requestPolicyFor(workType: WorkType, task?: string, variant?: WorkVariant): RequestPolicy {
  if (variant === 'KOREAN_LABELS_FALLBACK') {
    return { timeoutMs: EXTENSION_LIMITS.koreanLabelFallbackTimeoutMs, maxRetries: 2 };
  }
  if (variant === 'GROUP_DETECTION') return { timeoutMs: 30_000, maxRetries: 1 };
  if (variant === 'SINGLE_OPTION') return { timeoutMs: 90_000, maxRetries: 3 };
  switch (workType) {
    case 'SEO':
      return { timeoutMs: 45_000, maxRetries: 2 }; // W §9
    case 'SEO_VALIDATION':
      return { timeoutMs: 30_000, maxRetries: 1 }; // W §9 validation
    case 'KOREAN_LABELS':
      return { timeoutMs: EXTENSION_LIMITS.koreanLabelBatchTimeoutMs, maxRetries: 2 };
    case 'GET_ATTRIBUTE_INFO':
      return { timeoutMs: 90_000, maxRetries: 2 }; // W §9 attributes
    case 'QUOTATION':
      // Q §9: 60 s for translation, schema analysis, common unexposed; 90 s for the rest.
      if (task === 'GET_COMMON_OTHER_ATTRIBUTES' || task?.startsWith('GET_DIFFERENTIATED_ATTRIBUTES_BATCH')) {
        return { timeoutMs: 90_000, maxRetries: 2 };
      }
      return DEFAULT;
    default:
      // SIZE_CHART, AI_TRANSLATE, DETECT_ADDITIONAL_ATTRIBUTES: 60 s, 2 retries (W §9, Q §9).
      return DEFAULT;
  }
}
