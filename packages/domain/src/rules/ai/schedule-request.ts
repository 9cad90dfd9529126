import { EXTENSION_LIMITS } from '../../constants.ts';

/** The per-key limit of W §9: `limit` per `windowMs`, `spacingMs` apart; a full window's end + `windowExtraWaitMs`. */
export type RateRule = { limit: number; windowMs: number; spacingMs: number; windowExtraWaitMs: number };

/** W §9: 12 per 60 s, 1 s apart, and when the window is full, its end + 2 s. */
export const SPEC_RATE_RULE: RateRule = {
  limit: EXTENSION_LIMITS.requestsPerMinute,
  windowMs: 60_000,
  spacingMs: EXTENSION_LIMITS.spacingMs,
  windowExtraWaitMs: EXTENSION_LIMITS.windowFreeExtraWaitMs,
};

/** A paid tier's rate (e.g. 600/min): spacing shrinks to keep the spec's evenness at that rate. */
export function rateRuleFor(requestsPerMinute: number | undefined): RateRule {
  if (!requestsPerMinute || requestsPerMinute <= SPEC_RATE_RULE.limit) return SPEC_RATE_RULE;
  return {
    limit: requestsPerMinute,
    windowMs: 60_000,
    spacingMs: Math.min(SPEC_RATE_RULE.spacingMs, Math.floor(60_000 / requestsPerMinute)),
    windowExtraWaitMs: SPEC_RATE_RULE.windowExtraWaitMs,
  };
}

const isDescending = (times: readonly number[]) => times.every((t, i) => i === 0 || t <= times[i - 1]!);

/**
 * W §9: the earliest time (ms) the next AI request may be sent, given the send times already taken
 * for the same key (sent or reserved ahead, any order; newest first needs no sorting): `spacingMs`
 * after the newest, and when the `limit`-th newest is less than a window before that time, the end
 * of its window plus `windowExtraWaitMs`. Times only move forward, so the sliding-window check needs
 * only the `limit`-th newest one. Times are passed in; nothing reads a clock.
 */
export function nextRequestTime(
  sentAt: readonly number[],
  now: number,
  rule: RateRule = SPEC_RATE_RULE,
): number {
  const newestFirst = isDescending(sentAt) ? sentAt : [...sentAt].sort((a, b) => b - a);
  let slot = now;
  const latest = newestFirst[0];
  if (latest !== undefined) slot = Math.max(slot, latest + rule.spacingMs);
  const oldestInWindow = newestFirst[rule.limit - 1];
  if (oldestInWindow !== undefined && slot < oldestInWindow + rule.windowMs) {
    slot = oldestInWindow + rule.windowMs + rule.windowExtraWaitMs;
  }
  return slot;
}

/**
 * W §4 / §9: a request with no progress for 5 minutes is stuck (checked every 60 s), unless it is
 * only waiting for a send slot reserved within those 5 minutes (`scheduledAt`).
 */
export function isStuckRequest(
  lastProgressAt: number,
  now: number,
  options: { scheduledAt?: number | null; stuckAfterMs?: number } = {},
): boolean {
  const stuckAfterMs = options.stuckAfterMs ?? EXTENSION_LIMITS.stuckRequestTimeoutMs;
  const cutoff = now - stuckAfterMs;
  const scheduledAt = options.scheduledAt ?? null;
  return lastProgressAt < cutoff && (scheduledAt === null || scheduledAt < cutoff);
}
