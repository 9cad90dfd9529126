import { availableParallelism } from 'node:os';
import { RetryLaterError } from '../errors/app-error.ts';
import { DATABASE_BUSY_MESSAGES } from '../errors/database-errors.ts';

/**
 * Seller writes of documents (update, updatePartial, updateFeature) take turns by company (issue 39:
 * twelve companies each rewriting an 8 MB product in a loop took every connection of the writes'
 * pool, and another company's one-field save waited 0.7–3.5 s behind them, or answered 503).
 *
 * - A write of a small document (under `largeDocumentBytes`, when the caller knows the size of the
 *   document it will rewrite) by a company that wrote little lately (under `lightBytes` of documents
 *   and bodies, decaying with a half-life of `halfLifeMs`) is light: it runs at once on the app's own
 *   pool, at normal priority, never behind anyone's large writes. A large document is heavy on its
 *   first write too: judged by the company's past alone, twelve writers back from a pause all
 *   rewrote their 9 MB documents at once on the light lane (issue 39).
 * - A heavy company's write goes to the writes' pool (low priority when PostgreSQL is local) through
 *   a fair gate: at most `connections` writes at once in all (so the pool's own queue, whose wait
 *   ends in 503 `database_busy`, stays empty), at most `budgetBytes` of documents being rewritten at
 *   once (each write counted at the size of the company's last document written, at most the whole
 *   budget: in the app `heavyWriteBudget()`, 8 MB per core but one, so one 9 MB rewrite runs alone on
 *   2 cores while sellers' 100 KB documents run ten at once), and at most its share of the
 *   connections — divided by the heavy companies writing or waiting, at least one — with the waiting
 *   writes taken company by company in strict turn (a large write is never passed over by small
 *   ones). With a pace (`paceBytesPerSecond`; in the app half the budget a second), the bytes of a
 *   large document's rewrite stay in the budget until the pace allows them, so large rewrites cannot
 *   follow one another back to back: each fills the write-ahead log that another company's commit
 *   must flush. Heavy writes of smaller documents are not paced.
 *   A write that waited `maxWaitMs` answers 503 with Retry-After.
 *
 * What a company wrote is charged by the service after each write (`charge`: the document bytes an
 * update returned, the body of a save). State lives on this object, built once by the container.
 */
export type WriteLane = 'light' | 'heavy';

export type WriteLanes = {
  /**
   * Runs a write in its lane. `docBytes`: the size of the document the write rewrites, when the
   * caller knows it (the stored `doc_bytes`); it decides the lane and the write's weight in the budget.
   */
  run<T>(companyId: string, write: (lane: WriteLane) => Promise<T>, docBytes?: number): Promise<T>;
  charge(companyId: string, bytes: number): void;
  /** The lane the company's next write (of a document of `docBytes`, when known) would take now (tests, logs). */
  laneOf(companyId: string, docBytes?: number): WriteLane;
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
  /** A document this large is rewritten on the heavy lane whoever writes it (sellers' are 10–300 KB). */
  largeDocumentBytes: 1 * MB,
  halfLifeMs: 10_000,
  maxWaitMs: 30_000,
  /**
   * Bytes of large documents (`largeDocumentBytes` or more) heavy writes may rewrite per second in
   * all (each such write keeps its weight in the budget at least `weight / pace` seconds from its
   * start); undefined: no pace (the app passes half of `heavyWriteBudget()`).
   */
  paceBytesPerSecond: undefined as number | undefined,
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
  const laneOf = (companyId: string, docBytes?: number): WriteLane =>
    (docBytes ?? 0) < o.largeDocumentBytes && recent(companyId) < o.lightBytes ? 'light' : 'heavy';
  /**
   * What a write counts against the budget, within the budget: the document it rewrites, or where
   * that is not known the company's last write.
   */
  const weightOf = (companyId: string, docBytes?: number) =>
    Math.min(o.budgetBytes, Math.max(1, docBytes ?? written.get(companyId)?.last ?? 1));
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
        // Its turn: it waits for room in the budget rather than let smaller writes pass it (a weight is
        // at most the budget: with nothing held, any write fits).
        if (runningBytes + next.weight > o.budgetBytes) return;
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

  type Entry = { weight: number; startedAt: number };
  const enter = (companyId: string, docBytes: number | undefined): Promise<Entry> =>
    new Promise((resolve, reject) => {
      const weight = weightOf(companyId, docBytes);
      const start = () => {
        running.set(companyId, (running.get(companyId) ?? 0) + 1);
        runningTotal++;
        runningBytes += weight;
        resolve({ weight, startedAt: now() });
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

  const leave = (companyId: string, { weight, startedAt }: Entry) => {
    const n = (running.get(companyId) ?? 1) - 1;
    if (n > 0) running.set(companyId, n);
    else running.delete(companyId);
    runningTotal--;
    // The connection is free at once; a large rewrite's bytes stay in the budget until the pace allows
    // them. Smaller heavy writes (a company saving its 100 KB documents fast) are not paced.
    const paced = o.paceBytesPerSecond !== undefined && weight >= o.largeDocumentBytes;
    const holdMs = paced ? startedAt + (weight / o.paceBytesPerSecond!) * 1000 - now() : 0;
    const release = () => {
      runningBytes -= weight;
      dispatch();
    };
    if (holdMs > 0) setTimeout(release, holdMs).unref?.();
    else release();
  };

  return {
    async run(companyId, write, docBytes) {
      const size = docBytes !== undefined && Number.isFinite(docBytes) && docBytes > 0 ? docBytes : undefined;
      if (laneOf(companyId, size) === 'light') return write('light');
      const entry = await enter(companyId, size);
      try {
        return await write('heavy');
      } finally {
        leave(companyId, entry);
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
