/**
 * Issue 39: an address that keeps sending large bodies without a session is answered more slowly.
 *
 * A body without a valid session is refused before it is read (401 on a route that needs a session,
 * 413 past 16 KB on a public one); past 1 MB (or chunked) its connection is closed with the answer
 * (unauthenticated-bodies.ts), and the client then opens another at once,
 * so a flood of 2 MB bodies from two addresses still pushed hundreds of megabytes a second through the
 * machine's network stack and kept another company's requests waiting for a core. Once an address
 * has had `free` such refusals within `windowMs`, each further one is answered after `holdMs`: the
 * body stays unread meanwhile (TCP holds the sender back once the socket's buffers are full) and the
 * request keeps one of the address's turns (address-turns.ts), so the address's flood slows to a few
 * requests a second. A browser whose session ended while it saved a large product is refused at once
 * (its first refusals are free). At most `maxHeld` answers wait at once in all (many addresses): past
 * that, refusals go out at once. State is bounded to `maxAddresses` addresses (the oldest dropped).
 */
export type RefusalHolds = {
  /** Counts a refusal of a large body without a session from `address`; resolves when its answer may go. */
  refuse(address: string): Promise<void>;
  /** Answers waiting now. */
  readonly held: number;
};

export const REFUSAL_HOLD_DEFAULTS = {
  free: 10,
  windowMs: 60_000,
  holdMs: 1_000,
  maxHeld: 512,
  maxAddresses: 10_000,
};

export function createRefusalHolds(
  options: Partial<typeof REFUSAL_HOLD_DEFAULTS> & {
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): RefusalHolds {
  const o = { ...REFUSAL_HOLD_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const strikes = new Map<string, { count: number; since: number }>();
  let held = 0;

  const strike = (address: string): number => {
    const t = now();
    const seen = strikes.get(address);
    const current = seen && t - seen.since < o.windowMs ? seen : { count: 0, since: t };
    current.count++;
    // re-inserted: the Map's order is the order of last refusal, the oldest first
    strikes.delete(address);
    strikes.set(address, current);
    if (strikes.size > o.maxAddresses) strikes.delete(strikes.keys().next().value!);
    return current.count;
  };

  return {
    async refuse(address) {
      if (strike(address) <= o.free || held >= o.maxHeld) return;
      held++;
      try {
        await sleep(o.holdMs);
      } finally {
        held--;
      }
    },
    get held() {
      return held;
    },
  };
}
