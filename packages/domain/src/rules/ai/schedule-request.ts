import { EXTENSION_LIMITS } from '../../constants.ts';

const WINDOW_MS = 60_000;

/**
 * W §9: the earliest time (ms) the next AI request may be sent, given the send times of earlier
 * requests for the same key: 12 per minute, 1 s apart; when the minute is full, wait until the
 * window frees plus 2 s. Times are passed in; nothing reads a clock.
 */
export function nextRequestTime(sentAt: readonly number[], now: number): number {
  const sorted = [...sentAt].sort((a, b) => a - b);
  let earliest = now;
  const last = sorted.at(-1);
  if (last !== undefined) earliest = Math.max(earliest, last + EXTENSION_LIMITS.spacingMs);
  const inWindow = sorted.filter((t) => t > now - WINDOW_MS);
  if (inWindow.length >= EXTENSION_LIMITS.requestsPerMinute) {
    const freeing = inWindow[inWindow.length - EXTENSION_LIMITS.requestsPerMinute] as number;
    earliest = Math.max(earliest, freeing + WINDOW_MS + EXTENSION_LIMITS.windowFreeExtraWaitMs);
  }
  return earliest;
}

/** W §4 / §9: a request running longer than 5 minutes is stuck (checked every 60 s). */
export function isStuckRequest(startedAt: number, now: number): boolean {
  return now - startedAt > EXTENSION_LIMITS.stuckRequestTimeoutMs;
}

/** W §9: finished entries are purged after 10 minutes. */
export function shouldPurgeFinishedRequest(finishedAt: number, now: number): boolean {
  return now - finishedAt > EXTENSION_LIMITS.finishedPurgeAfterMs;
}
