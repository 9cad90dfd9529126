// TODO(domain): move to @rr/domain — retry wait calculator of W §9.
import { EXTENSION_LIMITS } from '@rr/domain';

/** Wait before retry number `retry` (1-based): 1 s, 2 s, 4 s, 8 s, then 10 s (W §9). */
export function backoffDelayMs(retry: number): number {
  const { backoffStartMs, backoffFactor, backoffCapMs } = EXTENSION_LIMITS;
  return Math.min(backoffCapMs, backoffStartMs * backoffFactor ** Math.max(0, retry - 1));
}
