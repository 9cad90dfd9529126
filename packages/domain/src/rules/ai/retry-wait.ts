import { AI_RETRY_BASE_WAIT_MS, EXTENSION_LIMITS } from '../../constants.ts';

/** Q §8: after a bad (unparseable or missing) answer wait 2000 ms × 2^attempt. */
export function badAnswerRetryWaitMs(attempt: number): number {
  return AI_RETRY_BASE_WAIT_MS * 2 ** Math.max(0, attempt);
}

/** Q §8: after an exception wait 2000 ms × the attempt number. */
export function exceptionRetryWaitMs(attempt: number): number {
  return AI_RETRY_BASE_WAIT_MS * Math.max(0, attempt);
}

/** W §9 extension requests: exponential backoff starting at 1 s, doubling, capped at 10 s (attempt 0 → 1 s). */
export function extensionBackoffMs(attempt: number): number {
  const { backoffStartMs, backoffFactor, backoffCapMs } = EXTENSION_LIMITS;
  return Math.min(backoffStartMs * backoffFactor ** Math.max(0, attempt), backoffCapMs);
}
