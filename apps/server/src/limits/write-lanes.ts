import { availableParallelism } from 'node:os';
import { RetryLaterError } from '../errors/app-error.ts';
import { DATABASE_BUSY_MESSAGES } from '../errors/database-errors.ts';

/**
 * Seller writes of documents (update, updatePartial, updateFeature) take turns by company (issue 39:
 * twelve companies each rewriting an 8 MB product in a loop took every connection of the writes'
 * pool, and another company's one-field save waited 0.7–3.5 s behind them, or answered 503).
 *
 * - A company that wrote little lately (under `lightBytes` of documents and bodies, decaying with a
 *   half-life of `halfLifeMs`) is light: its write runs at once on the app's own pool, at normal
 *   priority, never behind anyone's large writes.
 * - A heavy company's write goes to the writes' pool (low priority when PostgreSQL is local) through
 *   a fair gate: at most `connections` writes at once in all (so the pool's own queue, whose wait
 *   ends in 503 `database_busy`, stays empty), at most `budgetBytes` of documents being rewritten at
 *   once (each write counted at the size of the company's last document written, at most the whole
 *   budget: in the app `heavyWriteBudget()`, 8 MB per core but one, so one 9 MB rewrite runs alone on
 *   2 cores while sellers' 100 KB documents run ten at once), and at most its share of the
 *   connections — divided by the heavy companies writing or waiting, at least one — with the waiting
 *   writes taken company by company in strict turn (a large write is never passed over by small
 *   ones). A write that waited `maxWaitMs` answers 503 with Retry-After.
 *
 * What a company wrote is charged by the service after each write (`charge`: the document bytes an
 * update returned, the body of a save). State lives on this object, built once by the container.
 */
export type WriteLane = 'light' | 'heavy';

export type WriteLanes = {
  run<T>(companyId: string, write: (lane: WriteLane) => Promise<T>): Promise<T>;
  charge(companyId: string, bytes: number): void;
  /** The lane the company's next write would take now (tests, logs). */
  laneOf(companyId: string): WriteLane;
  /** Writes of the heavy lane running, and waiting (tests, the bench). */
  readonly heavyRunning: number;
  readonly heavyWaiting: number;
};

const MB = 1024 * 1024;

/**
 * Bytes of documents heavy writes may rewrite at once: 8 MB per core but one, at least 8 MB. Each
 * rewrite of a large document keeps a PostgreSQL backend busy and writes its whole size to the
 * write-ahead log, which another company's one-field save must flush before its commit; measured on
 * 2 cores with twelve writers of 9 MB documents (docs/decisions.md, issue 39), the victim's save
 * p50/p99 was 20–25 / 84–206 ms with twelve at once, 8–11 / 62–210 ms with two, and 6–8 / 28–76 ms
 * with one (alone 4–6 / 21–75 ms).
 */
export function heavyWriteBudget(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores) - 1) * 8 * MB;
}

export const WRITE_LANE_DEFAULTS = {
  /** The writes' pool (`container.ts`, the pool's `max`). */
  connections: 10,
  /** Documents being rewritten at once by heavy writes (the app passes `heavyWriteBudget()`). */
  budgetBytes: 8 * MB,
  /** A seller's normal edits (documents of 10–300 KB, a few saves at once) stay light. */
  lightBytes: 2 * MB,
  halfLifeMs: 10_000,
  maxWaitMs: 30_000,
};

type Waiter = {
  weight: number;
  start: () => void;
  fail: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

export function createWriteLanes(
  options: Partial<typeof WRITE_LANE_DEFAULTS> & { now?: () => number } = {},
): WriteLanes {
  const o = { ...WRITE_LANE_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  /** Bytes written lately per company, as of `at`, and the size of its last write. */
  const written = new Map<string, { bytes: number; at: number; last: number }>();
  const running = new Map<string, number>();
  /** Waiting writes per company, in arrival order; the Map's order is the turn order. */
  const waiting = new Map<string, Waiter[]>();
  let runningTotal = 0;
  let runningBytes = 0;
  let waitingTotal = 0;

  const recent = (companyId: string) => {
    const w = written.get(companyId);
    if (!w) return 0;
    const bytes = w.bytes * 0.5 ** ((now() - w.at) / o.halfLifeMs);
    if (bytes < 1024) written.delete(companyId);
    return bytes;
  };
  const laneOf = (companyId: string): WriteLane => (recent(companyId) < o.lightBytes ? 'light' : 'heavy');
  /** What the company's next write counts against the budget: its last write's size, within the budget. */
  const weightOf = (companyId: string) =>
    Math.min(o.budgetBytes, Math.max(1, written.get(companyId)?.last ?? 1));
  /** Heavy companies writing or waiting now. */
  const active = () => new Set([...running.keys(), ...waiting.keys()]).size;
  const share = () => Math.max(1, Math.floor(o.connections / Math.max(1, active())));

  /** Starts waiting writes while there is room, one company at a time in strict turn. */
  const dispatch = () => {
    let started = true;
    while (started && runningTotal < o.connections) {
      started = false;
      for (const [companyId, queue] of waiting) {
        if ((running.get(companyId) ?? 0) >= share()) continue;
        const next = queue[0]!;
        // Its turn: it waits for room in the budget rather than let smaller writes pass it.
        if (runningTotal > 0 && runningBytes + next.weight > o.budgetBytes) return;
        queue.shift();
        if (queue.length === 0) waiting.delete(companyId);
        else {
          // this company goes to the end of the turn order
          waiting.delete(companyId);
          waiting.set(companyId, queue);
        }
        waitingTotal--;
        clearTimeout(next.timer);
        next.start();
        started = true;
        break;
      }
    }
  };

  const enter = (companyId: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const weight = weightOf(companyId);
      const start = () => {
        running.set(companyId, (running.get(companyId) ?? 0) + 1);
        runningTotal++;
        runningBytes += weight;
        resolve(weight);
      };
      const queue = waiting.get(companyId) ?? [];
      const waiter: Waiter = {
        weight,
        start,
        fail: reject,
        timer: setTimeout(() => {
          const q = waiting.get(companyId);
          const at = q?.indexOf(waiter) ?? -1;
          if (!q || at < 0) return;
          q.splice(at, 1);
          if (q.length === 0) waiting.delete(companyId);
          waitingTotal--;
          reject(new RetryLaterError('database_busy', DATABASE_BUSY_MESSAGES.busy, 5));
          dispatch();
        }, o.maxWaitMs),
      };
      queue.push(waiter);
      waiting.set(companyId, queue);
      waitingTotal++;
      dispatch();
    });

  const leave = (companyId: string, weight: number) => {
    const n = (running.get(companyId) ?? 1) - 1;
    if (n > 0) running.set(companyId, n);
    else running.delete(companyId);
    runningTotal--;
    runningBytes -= weight;
    dispatch();
  };

  return {
    async run(companyId, write) {
      if (laneOf(companyId) === 'light') return write('light');
      const weight = await enter(companyId);
      try {
        return await write('heavy');
      } finally {
        leave(companyId, weight);
      }
    },
    charge(companyId, bytes) {
      if (!Number.isFinite(bytes) || bytes <= 0) return;
      written.set(companyId, { bytes: recent(companyId) + bytes, at: now(), last: bytes });
    },
    laneOf,
    get heavyRunning() {
      return runningTotal;
    },
    get heavyWaiting() {
      return waitingTotal;
    },
  };
}
