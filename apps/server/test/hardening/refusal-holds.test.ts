import { describe, expect, it } from 'vitest';
import { createRefusalHolds, REFUSAL_HOLD_DEFAULTS } from '../../src/http/refusal-holds.ts';

// Issue 39: an address that keeps sending large bodies without a session gets its refusals late, so a
// flood of them slows to a few a second; a browser whose session ended is refused at once.

function clockAndSleeps() {
  let t = 0;
  const sleeps: number[] = [];
  const pending: Array<() => void> = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    sleeps,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        pending.push(resolve);
      }),
    wake: () => {
      for (const r of pending.splice(0)) r();
    },
  };
}

describe('refusal holds', () => {
  it("an address's first refusals in the window go at once, the next ones after the hold", async () => {
    const c = clockAndSleeps();
    const holds = createRefusalHolds({
      free: 3,
      holdMs: 1_000,
      windowMs: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    for (let i = 0; i < 3; i++) await holds.refuse('198.51.100.7');
    expect(c.sleeps).toEqual([]);
    const fourth = holds.refuse('198.51.100.7');
    expect(c.sleeps).toEqual([1_000]);
    expect(holds.held).toBe(1);
    // another address is not held for this one's refusals
    await holds.refuse('198.51.100.8');
    expect(c.sleeps).toEqual([1_000]);
    c.wake();
    await fourth;
    expect(holds.held).toBe(0);
    // a minute later the address starts afresh
    c.advance(60_000);
    await holds.refuse('198.51.100.7');
    expect(c.sleeps).toEqual([1_000]);
  });

  it('at most maxHeld answers wait at once; past that a refusal goes at once', async () => {
    const c = clockAndSleeps();
    const holds = createRefusalHolds({ free: 0, maxHeld: 2, now: c.now, sleep: c.sleep });
    const waiting = [holds.refuse('a'), holds.refuse('b')];
    expect(holds.held).toBe(2);
    await holds.refuse('c');
    expect(c.sleeps).toHaveLength(2);
    c.wake();
    await Promise.all(waiting);
    expect(holds.held).toBe(0);
  });

  it('remembers at most maxAddresses addresses, dropping the one refused longest ago', async () => {
    const c = clockAndSleeps();
    const holds = createRefusalHolds({ free: 1, maxAddresses: 2, now: c.now, sleep: c.sleep });
    await holds.refuse('a');
    await holds.refuse('b');
    await holds.refuse('c'); // 'a' is forgotten
    await holds.refuse('a'); // its first refusal again: free
    expect(c.sleeps).toEqual([]);
    const held = holds.refuse('c'); // 'c' is remembered: its second is held
    expect(c.sleeps).toEqual([REFUSAL_HOLD_DEFAULTS.holdMs]);
    c.wake();
    await held;
  });
});
