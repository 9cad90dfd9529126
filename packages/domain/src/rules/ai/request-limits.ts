import { EXTENSION_LIMITS } from '../../constants.ts';

export interface RequestLimits {
  timeoutMs: number;
  maxRetries: number;
}

/** W §9 and Q §9: timeouts and retries per extension work type / quotation task. */
export const REQUEST_LIMITS = {
  DEFAULT: { timeoutMs: EXTENSION_LIMITS.defaultTimeoutMs, maxRetries: EXTENSION_LIMITS.defaultMaxRetries },
  SEO: { timeoutMs: 45_000, maxRetries: 2 },
  SEO_VALIDATION: { timeoutMs: 30_000, maxRetries: 1 },
  GET_ATTRIBUTE_INFO: { timeoutMs: 90_000, maxRetries: 2 },
  KOREAN_LABELS: { timeoutMs: EXTENSION_LIMITS.koreanLabelBatchTimeoutMs, maxRetries: 2 },
  KOREAN_LABELS_FALLBACK: { timeoutMs: EXTENSION_LIMITS.koreanLabelFallbackTimeoutMs, maxRetries: 2 },
  SIZE_CHART: { timeoutMs: 60_000, maxRetries: 2 },
  AI_TRANSLATE: { timeoutMs: 60_000, maxRetries: 2 },
  KEYWORD_COLLECTION: { timeoutMs: EXTENSION_LIMITS.keywordCollectionTimeoutMs, maxRetries: 0 },
  DETECT_ADDITIONAL_ATTRIBUTES: { timeoutMs: 60_000, maxRetries: 2 },
  GROUP_DETECTION: { timeoutMs: 30_000, maxRetries: 1 },
  TRANSLATE_ATTRIBUTES: { timeoutMs: 60_000, maxRetries: 2 },
  ANALYZE_SCHEMA_ATTRIBUTES: { timeoutMs: 60_000, maxRetries: 2 },
  GET_COMMON_UNEXPOSED_ATTRIBUTES: { timeoutMs: 60_000, maxRetries: 2 },
  GET_COMMON_OTHER_ATTRIBUTES: { timeoutMs: 90_000, maxRetries: 2 },
  GET_DIFFERENTIATED_ATTRIBUTES_BATCH: { timeoutMs: 90_000, maxRetries: 2 },
  SINGLE_OPTION_ATTRIBUTES: { timeoutMs: 90_000, maxRetries: 3 },
} as const satisfies Record<string, RequestLimits>;

export type RequestWorkType = keyof typeof REQUEST_LIMITS;

/**
 * Limits of a work type or quotation task; `GET_DIFFERENTIATED_ATTRIBUTES_BATCH_{n}` uses the batch
 * limits; unknown types get the default 60 s / 2 retries.
 */
export function getRequestLimits(workType: string): RequestLimits {
  const key = workType.startsWith('GET_DIFFERENTIATED_ATTRIBUTES_BATCH')
    ? 'GET_DIFFERENTIATED_ATTRIBUTES_BATCH'
    : workType;
  return key in REQUEST_LIMITS ? REQUEST_LIMITS[key as RequestWorkType] : REQUEST_LIMITS.DEFAULT;
}
