import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CounterStore } from './counter-store.ts';

// The rate counters in PostgreSQL (`rate_counters`, unlogged): the CounterStore without Redis.

export function createPgCounterStore(db: Db): CounterStore {
  return {
    async hit(key, windowMs) {
      const r = await sql<{ hits: number; ms_left: number }>`
        insert into rate_counters as c (key, hits, window_end)
        values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
        on conflict (key) do update set
          hits = case when c.window_end <= now() then 1 else c.hits + 1 end,
          window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
        returning hits, (extract(epoch from window_end - now()) * 1000)::float8 as ms_left`.execute(db);
      const row = r.rows[0];
      return { hits: row?.hits ?? 1, msLeft: Math.max(0, row?.ms_left ?? windowMs) };
    },
    async peek(key) {
      const r = await sql<{ hits: number }>`
        select hits from rate_counters where key = ${key} and window_end > now()`.execute(db);
      return r.rows[0]?.hits ?? 0;
    },
    async release(key) {
      await sql`
        update rate_counters set hits = greatest(hits - 1, 0)
        where key = ${key} and window_end > now()`.execute(db);
    },
    async reset(key) {
      await sql`delete from rate_counters where key = ${key}`.execute(db);
    },
  };
}

/** Deletes windows that have ended (the scheduled clean-up calls it). */
export async function deleteEndedCounters(db: Db): Promise<number> {
  const r = await sql`delete from rate_counters where window_end <= now()`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
