import type { RateRule } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { KeyUsage, SlotStore } from './slot-store.ts';

/**
 * Shared through PostgreSQL: `ai_reserve_slot` (migration 0003) takes a transaction-scoped advisory
 * lock per key, so reservations of one key are serialised across every server process while
 * different keys never wait for each other. Old reservations (10 min) are deleted as it goes.
 */
export function createPgSlotStore(db: Db): SlotStore {
  const reserveSql = (key: string, now: number, rule: RateRule) =>
    sql<number>`ai_reserve_slot(${key}, ${now}, ${rule.limit}, ${rule.windowMs}, ${rule.spacingMs},
                                ${rule.windowExtraWaitMs})`;
  return {
    inline: { db, reserveSql },
    async reserve(key, now, rule) {
      const { rows } = await sql<{ slot: number }>`select ${reserveSql(key, now, rule)} as slot`.execute(db);
      return Number(rows[0]!.slot);
    },
    async usage(keys, now, windowMs) {
      const out = new Map<string, KeyUsage>();
      if (keys.length === 0) return out;
      const rows = await db
        .selectFrom('ai_rate_slots')
        .select((eb) => [
          'limiter_key',
          eb.fn
            .count<number>('slot_at')
            .filterWhere((w) => w.and([w('slot_at', '<=', now), w('slot_at', '>', now - windowMs)]))
            .as('sent'),
          eb.fn.count<number>('slot_at').filterWhere('slot_at', '>', now).as('ahead'),
          eb.fn.max('slot_at').as('last'),
        ])
        .where('limiter_key', 'in', keys)
        .groupBy('limiter_key')
        .execute();
      for (const r of rows) {
        const last = r.last === null ? null : Number(r.last);
        out.set(r.limiter_key, {
          sentInWindow: Number(r.sent),
          reservedAhead: Number(r.ahead),
          nextSlotAt: last !== null && last > now ? last : null,
        });
      }
      return out;
    },
  };
}
