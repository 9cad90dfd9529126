import { CoupangApiError } from './coupang-client-error.ts';
import { backoffMessage } from './coupang-messages.ts';
import type { VendorLimitRepository } from './vendor-limit-repository.ts';

// Issue 37: one limiter per Coupang vendor id, shared by every process through its row in
// PostgreSQL (vendor-limit-repository.ts). Calls are spaced to at most `callsPerSecond` (8 by
// default, below Coupang's ~10/s); after a 429 the vendor's calls stop for `backoffMs` (minutes, as
// Coupang blocks for minutes): a call made meanwhile fails at once instead of being sent.

export type VendorLimitStore = Pick<VendorLimitRepository, 'reserve' | 'block' | 'blockedUntil'>;

export type VendorLimiter = {
  /** Waits for the vendor's next send slot; throws `coupang_backoff` while the vendor is held back. */
  acquire(vendorId: string): Promise<void>;
  /** Coupang answered 429: hold the vendor's calls back; answers until when. */
  throttled(vendorId: string): Promise<number>;
  blockedUntil(vendorId: string): Promise<number | null>;
};

export function createVendorLimiter(options: {
  store: VendorLimitStore;
  callsPerSecond: number;
  backoffMs: number;
  sleep?: (ms: number) => Promise<void>;
}): VendorLimiter {
  const spacingMs = 1000 / options.callsPerSecond;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return {
    async acquire(vendorId) {
      const slot = await options.store.reserve(vendorId, spacingMs);
      if (slot.blockedUntil !== null && slot.blockedUntil > slot.now)
        throw backoffError(slot.blockedUntil - slot.now);
      const wait = slot.slotAt - slot.now;
      if (wait > 0) await sleep(wait);
    },
    throttled: (vendorId) => options.store.block(vendorId, options.backoffMs),
    blockedUntil: (vendorId) => options.store.blockedUntil(vendorId),
  };
}

export function backoffError(remainingMs: number): CoupangApiError {
  return new CoupangApiError(
    'coupang_backoff',
    'too_many',
    backoffMessage(Math.max(1, Math.ceil(remainingMs / 60_000))),
    429,
    null,
    false,
  );
}

/** The same limiter kept in memory (one process only): tests and tools without a database. */
export function createMemoryVendorLimitStore(now: () => number = Date.now): VendorLimitStore {
  const rows = new Map<string, { nextAt: number; blockedUntil: number | null }>();
  return {
    async reserve(vendorId, spacing) {
      const t = now();
      const row = rows.get(vendorId);
      const slotAt = row ? Math.max(row.nextAt + spacing, t) : t;
      rows.set(vendorId, { nextAt: slotAt, blockedUntil: row?.blockedUntil ?? null });
      return { slotAt, now: t, blockedUntil: row?.blockedUntil ?? null };
    },
    async block(vendorId, ms) {
      const t = now();
      const row = rows.get(vendorId) ?? { nextAt: t, blockedUntil: null };
      row.blockedUntil = Math.max(row.blockedUntil ?? t, t + ms);
      rows.set(vendorId, row);
      return row.blockedUntil;
    },
    async blockedUntil(vendorId) {
      const until = rows.get(vendorId)?.blockedUntil ?? null;
      return until !== null && until > now() ? until : null;
    },
  };
}
