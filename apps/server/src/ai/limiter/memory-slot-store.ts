import { nextRequestTime, type RateRule } from '@rr/domain';
import type { KeyUsage, SlotStore } from './slot-store.ts';

/** One process only: for tests of the rule and for tools that run without a database. */
export function createMemorySlotStore(): SlotStore {
  const slots = new Map<string, number[]>(); // newest first
  return {
    async reserve(key, now, rule: RateRule) {
      const list = slots.get(key) ?? [];
      const slot = nextRequestTime(list, now, rule);
      list.unshift(slot);
      list.length = Math.min(list.length, Math.max(rule.limit, 1) + 1);
      slots.set(key, list);
      return slot;
    },
    async usage(keys, now, windowMs) {
      const out = new Map<string, KeyUsage>();
      for (const key of keys) {
        const list = slots.get(key) ?? [];
        const ahead = list.filter((t) => t > now);
        out.set(key, {
          sentInWindow: list.filter((t) => t <= now && t > now - windowMs).length,
          reservedAhead: ahead.length,
          nextSlotAt: ahead.length ? Math.max(...ahead) : null,
        });
      }
      return out;
    },
  };
}
