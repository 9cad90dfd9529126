import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError, RetryLaterError } from '../errors/app-error.ts';
import {
  APP_ERROR,
  type SentAppError,
  type WorkKind,
  type WorkPoolDatabase,
  type WorkTasks,
} from './work-tasks.ts';

export type { WorkPoolDatabase };

// Parsers and compilers fed by client input (1688 captures, xlsx sheets, category schemas) run here,
// in worker threads with a memory limit and a time limit, never on the event loop that answers
// every company's requests. The pool is small (the machine's cores), its queue is bounded, and one
// company may hold only a few of its places, so a burst from one sign-up waits behind itself.

export type WorkPoolOptions = {
  threads?: number;
  /** Old-generation heap of each thread (V8 resourceLimits). */
  memoryMb?: number;
  /** Tasks waiting or running at once, all companies together. */
  maxTasks?: number;
  /** Tasks waiting or running at once for one company. */
  maxTasksPerCompany?: number;
  /** Time limit of a task by kind, in ms. */
  timeoutMs?: Partial<Record<WorkKind, number>>;
  /**
   * Nice value of each thread (0–19; Linux applies it to that thread only; above 0 the thread also
   * runs under the idle scheduling policy: limits/cpu-priority.ts): the parsers take the cores only
   * when the threads answering requests leave them free. 0 keeps the process's priority.
   */
  niceness?: number;
  /**
   * The database the threads may write to themselves (saveItems of a large body: the document's
   * bytes then never pass through the request loop's socket to PostgreSQL). Each thread opens one
   * connection, with these settings, on its first such task. Without it those tasks run on the loop.
   */
  database?: WorkPoolDatabase;
};

export const WORK_POOL_DEFAULTS = {
  memoryMb: 256,
  maxTasks: 32,
  maxTasksPerCompany: 2,
  niceness: 19,
  timeoutMs: {
    json: 10_000,
    saveItems: 30_000,
    import1688: 10_000,
    xlsx: 15_000,
    validate: 30_000,
  } satisfies Record<WorkKind, number>,
};

export const WORK_MESSAGES = {
  busy: {
    ko: '요청이 많아 지금은 처리할 수 없습니다. 잠시 후 다시 시도해주세요.',
    en: 'The server is busy with other requests. Please try again shortly.',
  },
  companyBusy: {
    ko: '이 회사의 다른 파일·캡처를 처리하는 중입니다. 끝난 뒤 다시 시도해주세요.',
    en: "Another of this company's files or captures is being processed. Try again when it is done.",
  },
  tooLong: (seconds: number) => ({
    ko: `입력이 너무 크거나 복잡해 ${seconds}초 안에 처리하지 못했습니다. 나누어 다시 시도해주세요.`,
    en: `The input is too large or complex to process within ${seconds} seconds. Split it and try again.`,
  }),
  tooMuchMemory: {
    ko: '입력이 너무 커서 처리할 수 없습니다. 나누어 다시 시도해주세요.',
    en: 'The input is too large to process. Split it and try again.',
  },
};

export type WorkPool = {
  /** `transfer`: ArrayBuffers of the input handed to the thread without a copy (detached here). */
  run<K extends WorkKind>(
    companyId: string,
    kind: K,
    input: WorkTasks[K]['input'],
    transfer?: ArrayBuffer[],
  ): Promise<WorkTasks[K]['output']>;
  /** Tasks waiting or running (all companies). */
  pending(): number;
  /** Whether the threads can write to the database themselves (`database` was given). */
  readonly writesToDatabase: boolean;
  close(): Promise<void>;
};

/** A thread that has not begun a task by then is taken as stuck. */
const STARTUP_LIMIT_MS = 60_000;

type Job = {
  companyId: string;
  kind: WorkKind;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export function createWorkPool(options: WorkPoolOptions = {}): WorkPool {
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism()));
  const memoryMb = options.memoryMb ?? WORK_POOL_DEFAULTS.memoryMb;
  const maxTasks = options.maxTasks ?? WORK_POOL_DEFAULTS.maxTasks;
  const perCompany = options.maxTasksPerCompany ?? WORK_POOL_DEFAULTS.maxTasksPerCompany;
  // One company runs on at most all threads but one: another company's task always finds one free.
  const runningPerCompany = Math.max(1, threads - 1);
  const timeouts = { ...WORK_POOL_DEFAULTS.timeoutMs, ...options.timeoutMs };
  let piscina: Piscina | undefined;
  /** Waiting jobs by company; the Map's order is the turn order (a company served goes last). */
  const waiting = new Map<string, Job[]>();
  const held = new Map<string, { waiting: number; running: number }>();
  let total = 0;
  let running = 0;

  // Threads start on first use and stay (a cold thread takes ~2 s to load its code under load).
  const pool = () =>
    (piscina ??= new Piscina({
      filename: new URL('./work-pool-entry.mjs', import.meta.url).href,
      maxThreads: threads,
      minThreads: threads,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      workerData: {
        niceness: options.niceness ?? WORK_POOL_DEFAULTS.niceness,
        ...(options.database ? { database: options.database } : {}),
      },
    }));

  const countOf = (companyId: string) => {
    const known = held.get(companyId);
    if (known) return known;
    const c = { waiting: 0, running: 0 };
    held.set(companyId, c);
    return c;
  };

  function pump(): void {
    while (running < threads) {
      const next = [...waiting.entries()].find(([id]) => countOf(id).running < runningPerCompany);
      if (!next) return;
      const [companyId, jobs] = next;
      const job = jobs.shift()!;
      waiting.delete(companyId);
      if (jobs.length > 0) waiting.set(companyId, jobs);
      const c = countOf(companyId);
      c.waiting--;
      c.running++;
      running++;
      start(job);
    }
  }

  function start(job: Job): void {
    // The time limit starts when a thread begins the task (it says so through `started`), not while
    // the task waited its turn or a fresh thread loaded its code (~2 s on a busy machine).
    const timeoutMs = timeouts[job.kind];
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer = setTimeout(() => controller.abort(), STARTUP_LIMIT_MS);
    port1.once('message', () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), timeoutMs);
    });
    pool()
      .run(
        { kind: job.kind, input: job.input, started: port2 },
        { signal: controller.signal, transferList: [port2, ...job.transfer] },
      )
      .then(
        (answer: unknown) => {
          release(job);
          const failed = (answer as Record<string, unknown> | null)?.[APP_ERROR] as SentAppError | undefined;
          if (failed) job.reject(appErrorOf(failed));
          else job.resolve(answer);
        },
        (error: unknown) => {
          release(job);
          job.reject(workError(error, timeoutMs));
        },
      )
      .finally(() => {
        clearTimeout(timer);
        port1.close();
      });
  }

  /**
   * A task's places are given back before its caller hears the answer, so a request that goes on to
   * its next task (saveItems' two steps) finds its own place free again.
   */
  function release(job: Job): void {
    running--;
    total--;
    const c = countOf(job.companyId);
    c.running--;
    if (c.running === 0 && c.waiting === 0) held.delete(job.companyId);
    pump();
  }

  return {
    run(companyId, kind, input, transfer = []) {
      if (total >= maxTasks)
        return Promise.reject(new RetryLaterError('work_pool_busy', WORK_MESSAGES.busy, 5));
      const c = countOf(companyId);
      if (c.waiting + c.running >= perCompany) {
        return Promise.reject(
          new RetryLaterError('work_pool_company_busy', WORK_MESSAGES.companyBusy, 5, 'too_many'),
        );
      }
      return new Promise((resolve, reject) => {
        total++;
        c.waiting++;
        const jobs = waiting.get(companyId) ?? [];
        jobs.push({ companyId, kind, input, transfer, resolve: resolve as (v: unknown) => void, reject });
        waiting.set(companyId, jobs);
        pump();
      });
    },
    pending: () => total,
    writesToDatabase: options.database !== undefined,
    async close() {
      await piscina?.destroy();
      piscina = undefined;
    },
  };
}

/** An AppError a task answered as data (structured clone keeps no class), as it was thrown. */
function appErrorOf(failed: SentAppError): AppError {
  if (failed.retryAfterSeconds !== undefined)
    return new RetryLaterError(failed.code, failed.userMessage, failed.retryAfterSeconds, failed.kind);
  return new AppError(failed.code, failed.kind, failed.userMessage, undefined, failed.answer);
}

/** A thread's failure as the seller reads it: its time or memory ran out, or the task threw. */
function workError(error: unknown, timeoutMs: number): unknown {
  if (error instanceof AppError) return error;
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError')
    return new AppError('work_too_long', 'too_large', WORK_MESSAGES.tooLong(timeoutMs / 1000), error);
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e?.message ?? ''))
    return new AppError('work_too_large', 'too_large', WORK_MESSAGES.tooMuchMemory, error);
  return error;
}

/**
 * From this size a JSON body is parsed in the work pool (issue 21). Measured on the 2-core machine:
 * decoding, scanning and parsing a 9 MB product document cost the request loop 20–70 ms, taking the
 * parsed value back from the thread (structured clone) 2–13 ms; for a body of many small objects the
 * two are about equal (2.5 MB: parse 10–22 ms, clone 14–17 ms), so below this size the loop parses.
 * The largest real capture body is 264 KB; real product documents are 10–300 KB.
 */
export const WORK_POOL_JSON_BYTES = 256 * 1024;

/**
 * A body's chunks for the work pool, and what to transfer: a chunk that owns its whole ArrayBuffer
 * (each socket read arrives in a buffer of its own) is handed over without a copy, and is detached
 * here (nothing reads the raw body after its parser); a chunk that is a view into a shared buffer
 * (the read that also held the headers) is copied, as structured clone would.
 */
export function chunksForPool(chunks: readonly Uint8Array[]): {
  chunks: Uint8Array[];
  transfer: ArrayBuffer[];
} {
  const transfer: ArrayBuffer[] = [];
  const moved = chunks.map((c) => {
    const { buffer } = c;
    if (buffer instanceof ArrayBuffer && c.byteOffset === 0 && c.byteLength === buffer.byteLength) {
      transfer.push(buffer);
      return new Uint8Array(buffer);
    }
    return new Uint8Array(c);
  });
  return { chunks: moved, transfer };
}
