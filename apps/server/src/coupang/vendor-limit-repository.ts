import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// Issue 37: the per-vendor Coupang limiter's row (migration 0035), shared by every process. One
// statement reserves the vendor's next send slot: the later of "now" and the previous slot plus the
// spacing, so concurrent callers in any process get distinct slots in order.

export type VendorSlot = { slotAt: number; now: number; blockedUntil: number | null };

export function createVendorLimitRepository(db: Db) {
  return {
    async reserve(vendorId: string, spacingMs: number): Promise<VendorSlot> {
      const { rows } = await sql<{ slot_at: Date; now: Date; blocked_until: Date | null }>`
        insert into coupang_vendor_limits as l (vendor_id, next_at, calls)
        values (${vendorId}, clock_timestamp(), 1)
        on conflict (vendor_id) do update
          set next_at = greatest(l.next_at + make_interval(secs => ${spacingMs / 1000}), clock_timestamp()),
              calls = l.calls + 1
        returning next_at as slot_at, clock_timestamp() as now, blocked_until`.execute(db);
      const row = rows[0]!;
      return {
        slotAt: row.slot_at.getTime(),
        now: row.now.getTime(),
        blockedUntil: row.blocked_until ? row.blocked_until.getTime() : null,
      };
    },
    /** Holds the vendor's calls back until `ms` from now (never shortens a longer block). */
    async block(vendorId: string, ms: number): Promise<number> {
      const { rows } = await sql<{ blocked_until: Date }>`
        insert into coupang_vendor_limits as l (vendor_id, next_at, blocked_until)
        values (${vendorId}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${ms / 1000}))
        on conflict (vendor_id) do update
          set blocked_until = greatest(coalesce(l.blocked_until, clock_timestamp()),
                                       clock_timestamp() + make_interval(secs => ${ms / 1000}))
        returning blocked_until`.execute(db);
      return rows[0]!.blocked_until.getTime();
    },
    async blockedUntil(vendorId: string): Promise<number | null> {
      const row = await db
        .selectFrom('coupang_vendor_limits')
        .select(['blocked_until', sql<Date>`clock_timestamp()`.as('now')])
        .where('vendor_id', '=', vendorId)
        .executeTakeFirst();
      return row?.blocked_until && row.blocked_until.getTime() > row.now.getTime()
        ? row.blocked_until.getTime()
        : null;
    },
  };
}
export type VendorLimitRepository = ReturnType<typeof createVendorLimitRepository>;
