import { EXTENSION_LIMITS } from '@rr/domain';

/** The per-key limit of W §9: 12 per 60 s, 1 s apart, and when the window is full, its end + 2 s. */
export type RateRule = { limit: number; windowMs: number; spacingMs: number; windowExtraWaitMs: number };

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

/**
 * The earliest send time for a new request, given the key's reserved send times (newest first,
 * at least `limit` of them when there are that many). Reservations only move forward, so the
 * sliding-window check needs only the `limit`-th newest one.
 */
export function nextSlot(reservedDesc: readonly number[], now: number, rule: RateRule): number {
  let slot = now;
  const latest = reservedDesc[0];
  if (latest !== undefined) slot = Math.max(slot, latest + rule.spacingMs);
  const oldestInWindow = reservedDesc[rule.limit - 1];
  if (oldestInWindow !== undefined && slot < oldestInWindow + rule.windowMs) {
    slot = oldestInWindow + rule.windowMs + rule.windowExtraWaitMs;
  }
  return slot;
}
