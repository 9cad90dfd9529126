import type { RateRule } from '@rr/domain';
import type { RawBuilder } from 'kysely';

/**
 * Where the send times of each key are reserved. A reservation is atomic across every process that
 * shares the store, so the per-key limit holds for the whole server, not one process.
 */
export interface SlotStore {
  /** Reserves the next send time for `key` at or after `now`; returns it (epoch ms). */
  reserve(key: string, now: number, rule: RateRule): Promise<number>;
  /** Sends in (now − windowMs, now] and reservations after now, per key. */
  usage(keys: readonly string[], now: number, windowMs: number): Promise<Map<string, KeyUsage>>;
  /**
   * A store kept in PostgreSQL: the reservation as a SQL expression for statements on `db` (the
   * store's database handle, compared by identity only), so the gateway reserves a request's first
   * slot in the same round trip as its log row when the request log writes to that database.
   */
  readonly inline?: InlineSlots;
}

export type KeyUsage = { sentInWindow: number; reservedAhead: number; nextSlotAt: number | null };

/** A PostgreSQL store's reservation as SQL, for a statement on the same database (`db`). */
export type InlineSlots = {
  readonly db: object;
  reserveSql(key: string, now: number, rule: RateRule): RawBuilder<number>;
};
