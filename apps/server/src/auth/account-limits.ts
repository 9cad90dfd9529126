import type { CounterStore } from '../limits/counter-store.ts';

const MINUTE = 60_000;

/** A counter's limit: at most `max` counted attempts in a window of `windowMs`. */
export type Limit = { max: number; windowMs: number };
/** One counter and its limit: `[key, limit]`. */
export type LimitCheck = readonly [key: string, limit: Limit];

/**
 * Limits of the account routes (docs/security.md): failed sign-ins per account and address together,
 * per account from every address but its usual ones, and per address,
 * failed unlocks per user, sign-ups, reset requests and reset attempts per address (and per email
 * for reset requests). The counters live in PostgreSQL or Redis, shared by every process.
 */
export const AUTH_LIMITS = {
  // Issue 39: an account's failures from one address lock that address only; a known e-mail no
  // longer locks its owner out. Spread over many addresses they are held by the account's overall
  // limit, which its usual addresses (signed in from before) pass, and a password reset empties.
  loginFailuresPerEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerEmail: { max: 50, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  unlockFailuresPerUser: { max: 10, windowMs: 15 * MINUTE },
  signupsPerIp: { max: 30, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 10, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/** Keys whose counter went over its limit, each until its window ends; at most `maxKeys`, oldest dropped. */
export class FullWindows {
  private readonly until = new Map<string, number>();
  constructor(
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}
  add(key: string, msLeft: number): void {
    this.until.delete(key);
    this.until.set(key, this.now() + msLeft);
    if (this.until.size > this.maxKeys) this.until.delete(this.until.keys().next().value!);
  }
  delete(key: string): void {
    this.until.delete(key);
  }
  has(key: string): boolean {
    const end = this.until.get(key);
    if (end === undefined) return false;
    if (end > this.now()) return true;
    this.until.delete(key);
    return false;
  }
  get size(): number {
    return this.until.size;
  }
}

/**
 * The account routes' counters: the shared store, and the counters this process saw go over their
 * limit, until their window ends. A counter over its limit stays there (only a success resets it,
 * and none is checked while it is over), so the next attempts are refused without asking the store
 * (issue 21: 40 sign-ins at once for a locked e-mail were 40 counter queries).
 */
export function createLimitCounters(counters: CounterStore, full = new FullWindows()) {
  /** One hit on `key`; true when it went over the limit (remembered in `full`). */
  const hitOver = async (key: string, limit: Limit) => {
    const { hits, msLeft } = await counters.hit(key, limit.windowMs);
    if (hits <= limit.max) return false;
    full.add(key, msLeft);
    return true;
  };
  const release = (keys: readonly string[]) => Promise.all(keys.map((k) => counters.release(k)));

  return {
    /** Whether this process knows `key` is over its limit (no store query). */
    isFull: (key: string) => full.has(key),

    /**
     * Reserves one attempt on each counter, in turn, before the (slow) check it guards — one atomic
     * `hit` each, so requests arriving at once each get their own number. Answers false when one
     * went over its limit; the reservations this call took on the counters before it are then given
     * back. So at most `max` attempts of a window are ever checked, however many arrive together.
     */
    async reserve(...checks: readonly LimitCheck[]): Promise<boolean> {
      const taken: string[] = [];
      for (const [key, limit] of checks) {
        if (full.has(key) || (await hitOver(key, limit))) {
          await release(taken);
          return false;
        }
        taken.push(key);
      }
      return true;
    },

    /** Counts one attempt on each counter; answers whether any went over its limit. */
    async countOver(...checks: readonly LimitCheck[]): Promise<boolean> {
      if (checks.some(([key]) => full.has(key))) return true;
      const over = await Promise.all(checks.map(([key, limit]) => hitOver(key, limit)));
      return over.some(Boolean);
    },

    /** Gives back one reserved attempt on each key (the attempt did not count). */
    release,

    /** Starts the keys' counts again in the shared store. */
    async reset(...keys: readonly string[]): Promise<void> {
      await Promise.all(keys.map((k) => counters.reset(k)));
    },

    /**
     * This process forgets it saw the keys full (another process beside it keeps refusing until the
     * window it remembered ends).
     */
    forget(...keys: readonly string[]): void {
      for (const k of keys) full.delete(k);
    },
  };
}
export type LimitCounters = ReturnType<typeof createLimitCounters>;
