import type { RateRule } from '@rr/domain';
import type { Clock } from './clock.ts';
import { rethrowAbort } from './gateway-call.ts';
import type { SlotStore } from './limiter/slot-store.ts';

// The gateway's limit step (ai/gateway.ts): a per-key send slot shared by every process (the slot
// store), waited for on the gateway's clock.

export type SlotWait = {
  limiterKey: string;
  rule: RateRule;
  /** The slot already reserved for this attempt (the first, with its log row), if any. */
  reserved: { at: number } | undefined;
  signal: AbortSignal;
  /** A slot reserved here that is later than now (the log row says when it will be sent). */
  onScheduled(slotAt: number): void;
};

/** Reserves the key's next send slot (unless one is already reserved) and waits until it comes. */
export async function waitForSlot(slots: SlotStore, clock: Clock, wait: SlotWait): Promise<void> {
  const { reserved, signal } = wait;
  const slot = reserved?.at ?? (await slots.reserve(wait.limiterKey, clock.now(), wait.rule));
  const ms = slot - clock.now();
  if (ms > 0 && !reserved) wait.onScheduled(slot);
  if (ms > 0) await clock.sleep(ms, signal).catch(rethrowAbort(signal));
}
