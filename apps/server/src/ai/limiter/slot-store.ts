import type { RateRule } from '@rr/domain';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

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
   * A store kept in PostgreSQL: the reservation as a SQL expression for statements on `db`, so the
   * gateway reserves a request's first slot in the same round trip as its log row.
   */
  readonly inline?: { db: Db; reserveSql(key: string, now: number, rule: RateRule): RawBuilder<number> };
}

export type KeyUsage = { sentInWindow: number; reservedAhead: number; nextSlotAt: number | null };
