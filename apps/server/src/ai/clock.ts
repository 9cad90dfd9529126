/**
 * Time as the gateway sees it. Production uses the system clock; tests inject a manual clock so a
 * minute-long limiter window passes in microseconds of real time.
 */
export interface Clock {
  now(): number;
  /** Waits `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts after `ms` (the per-attempt timeout). `cancel` disarms it. */
  timeout(ms: number): { signal: AbortSignal; cancel: () => void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
  timeout(ms) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal(ms)), ms);
    return { signal: controller.signal, cancel: () => clearTimeout(timer) };
  },
};

/** The abort reason of a per-attempt timeout, so it can be told apart from a caller's cancel. */
export class TimeoutSignal extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutSignal';
    this.ms = ms;
  }
}
