import type { Clock } from '../../../src/ai/clock.ts';
import { TimeoutSignal } from '../../../src/ai/clock.ts';

type Timer = { at: number; fire: () => void; sleeper: boolean };

/**
 * Simulated time: nothing moves until the test advances it. `sleepers` counts code waiting in
 * `sleep` (queued for a slot, backing off); timeouts are timers but not sleepers, since the code
 * behind them is busy with I/O.
 */
export class ManualClock implements Clock {
  private time: number;
  private timers = new Set<Timer>();

  constructor(start = Date.UTC(2025, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  get sleepers(): number {
    let n = 0;
    for (const t of this.timers) if (t.sleeper) n++;
    return n;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        sleeper: true,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.timers.delete(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.add(timer);
    });
  }

  timeout(ms: number) {
    const controller = new AbortController();
    const timer: Timer = {
      at: this.time + ms,
      sleeper: false,
      fire: () => controller.abort(new TimeoutSignal(ms)),
    };
    this.timers.add(timer);
    return { signal: controller.signal, cancel: () => this.timers.delete(timer) };
  }

  /** Moves time forward, firing every timer due on the way, in order. */
  advanceBy(ms: number): void {
    this.advanceTo(this.time + ms);
  }

  advanceTo(target: number): void {
    for (;;) {
      const due = [...this.timers].filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.time = Math.max(this.time, due.at);
      this.timers.delete(due);
      due.fire();
    }
    this.time = Math.max(this.time, target);
  }

  /** Jumps to the earliest sleeper's wake-up time. */
  advanceToNextSleeper(): boolean {
    const next = [...this.timers].filter((t) => t.sleeper).sort((a, b) => a.at - b.at)[0];
    if (!next) return false;
    this.advanceTo(next.at);
    return true;
  }
}

/** Waits (in real time, by yielding to I/O) until the condition holds. Not a timing assertion. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/**
 * Runs queued requests to completion in simulated time: whenever every unfinished request is
 * asleep on the clock (waiting for its slot or backing off), time jumps to the next wake-up.
 */
export async function drive(clock: ManualClock, promises: readonly Promise<unknown>[]): Promise<void> {
  let settled = 0;
  for (const p of promises) {
    p.then(
      () => settled++,
      () => settled++,
    );
  }
  while (settled < promises.length) {
    await until(() => settled === promises.length || clock.sleepers === promises.length - settled, 'idle');
    if (settled < promises.length) clock.advanceToNextSleeper();
  }
}
