import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nextSlot } from './rate-rule.ts';
import type { KeyUsage, SlotStore } from './slot-store.ts';

/** Reservations older than this are deleted as new ones are made. */
const KEEP_MS = 10 * 60_000;

/**
 * Shared through PostgreSQL: a transaction-scoped advisory lock per key serialises reservations
 * of that key across every server process; different keys never wait for each other.
 */
export function createPgSlotStore(db: Db): SlotStore {
  return {
    async reserve(key, now, rule) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`ai-rate:${key}`}, 0))`.execute(trx);
        const rows = await trx
          .selectFrom('ai_rate_slots')
          .select('slot_at')
          .where('limiter_key', '=', key)
          .orderBy('slot_at', 'desc')
          .limit(rule.limit)
          .execute();
        const slot = nextSlot(
          rows.map((r) => Number(r.slot_at)),
          now,
          rule,
        );
        await trx.insertInto('ai_rate_slots').values({ limiter_key: key, slot_at: slot }).execute();
        await trx
          .deleteFrom('ai_rate_slots')
          .where('limiter_key', '=', key)
          .where('slot_at', '<', now - KEEP_MS)
          .execute();
        return slot;
      });
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
