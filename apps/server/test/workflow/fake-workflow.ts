import { randomUUID } from 'node:crypto';
import type { RunStatus, WorkflowEvent } from '@rr/contracts';
import { createEventBus, type EventBus } from '../../src/workflow/event-bus.ts';
import type { EventRepository } from '../../src/workflow/event-repository.ts';
import type {
  ClaimedAttempt,
  JobClaimRepository,
  LockSession,
} from '../../src/workflow/job-claims-repository.ts';
import type { JobQueue, ProductJobInsert, QueuedJob } from '../../src/workflow/job-queue.ts';
import type {
  JobTransaction,
  RunProductRow,
  RunRepository,
  RunRow,
} from '../../src/workflow/run-repository.ts';

// Fakes of the workflow's repositories and job queue for unit tests without PostgreSQL: runs and
// their products in memory with the SQL's rules (run-repository.ts), the job queue recording what is
// queued and the handlers a worker registers, job claims and worker locks in memory. The SQL itself
// is tested on PostgreSQL (runner.pg.test.ts, job-claims.pg.test.ts, …).

const OPEN: readonly string[] = ['queued', 'running'] satisfies RunStatus[];
const copy = <T>(v: T): T => structuredClone(v);

export type MemoryRuns = RunRepository & {
  /** The run as stored now (a copy). */
  runOf(runId: string): RunRow & { user_id: string | null };
  /** The product's record in the run as stored now (a copy). */
  productOf(runId: string, productId: string): RunProductRow;
};

/** Runs and their products in memory, with run-repository.ts's rules. */
export function createMemoryRuns(): MemoryRuns {
  const runs = new Map<string, RunRow & { user_id: string | null }>();
  const products: RunProductRow[] = [];
  const productsOf = (runId: string) => products.filter((p) => p.run_id === runId);
  const find = (runId: string, productId: string) =>
    products.find((p) => p.run_id === runId && p.product_id === productId);
  const openCount = (companyId: string) =>
    products.filter((p) => {
      const run = runs.get(p.run_id);
      return run?.company_id === companyId && OPEN.includes(run.status) && OPEN.includes(p.state);
    }).length;
  /** Stands for the transaction pg-boss would insert in: a job queued outside it is a test failure. */
  const transaction: JobTransaction = {
    executeSql: () => Promise.reject(new Error('a fake transaction runs no SQL')),
  };

  return {
    runOf: (runId) => copy(runs.get(runId)!),
    productOf: (runId, productId) => copy(find(runId, productId)!),

    async startRunWithJobs(input, enqueue) {
      const open = openCount(input.companyId);
      if (open + input.productIds.length > input.maxOpen) return { full: open };
      const runId = randomUUID();
      // As in one transaction: nothing is kept when queuing the jobs fails.
      await enqueue(runId, open, transaction);
      runs.set(runId, {
        id: runId,
        company_id: input.companyId,
        user_id: input.userId,
        status: 'queued',
        tasks: [...input.tasks],
        created_at: new Date(),
        started_at: null,
        finished_at: null,
      });
      input.productIds.forEach((productId, position) => {
        products.push({
          run_id: runId,
          product_id: productId,
          position,
          state: 'queued',
          current_task: null,
          completed_tasks: [],
          finished_tasks: [],
          message: null,
        });
      });
      return { runId };
    },
    async findRun(runId, companyId) {
      const run = runs.get(runId);
      return run && (!companyId || run.company_id === companyId) ? copy(run) : undefined;
    },
    async listRuns(companyId, limit) {
      return [...runs.values()]
        .filter((r) => r.company_id === companyId)
        .reverse()
        .slice(0, limit)
        .map((r) => ({
          ...copy(r),
          product_count: productsOf(r.id).length,
          completed_count: productsOf(r.id).reduce((n, p) => n + p.completed_tasks.length, 0),
        }));
    },
    async markRunStarted(runId) {
      const run = runs.get(runId);
      if (run?.status !== 'queued') return;
      run.status = 'running';
      run.started_at ??= new Date();
    },
    async finishRunIfDone(runId) {
      const run = runs.get(runId);
      const rows = productsOf(runId);
      if (!run || !OPEN.includes(run.status) || rows.some((p) => OPEN.includes(p.state))) return undefined;
      run.status = rows.some((p) => p.state === 'failed') ? 'failed' : 'completed';
      run.finished_at = new Date();
      return run.status;
    },
    async cancelRun(runId, companyId) {
      const run = runs.get(runId);
      if (!run || run.company_id !== companyId || !OPEN.includes(run.status)) return false;
      run.status = 'cancelled';
      run.finished_at = new Date();
      for (const p of productsOf(runId))
        if (OPEN.includes(p.state)) {
          p.state = 'cancelled';
          p.current_task = null;
        }
      return true;
    },
    async listRunProducts(runId) {
      return copy(productsOf(runId).sort((a, b) => a.position - b.position));
    },
    async findRunProduct(runId, productId) {
      const row = find(runId, productId);
      return row && copy(row);
    },
    async setProductState(runId, productId, patch) {
      const row = find(runId, productId);
      if (!row) return;
      if (patch.state) row.state = patch.state;
      if (patch.currentTask !== undefined) row.current_task = patch.currentTask;
      if (patch.message !== undefined) row.message = copy(patch.message);
    },
    async recordTaskFinished(runId, productId, task, completed, message) {
      const row = find(runId, productId);
      if (!row) return undefined;
      if (!row.finished_tasks.includes(task)) row.finished_tasks.push(task);
      if (completed && !row.completed_tasks.includes(task)) row.completed_tasks.push(task);
      row.current_task = null;
      row.message = copy(message);
      return copy(row);
    },
  };
}

export type FakeQueue = JobQueue & {
  inserted: ProductJobInsert[];
  handedBack: { attempts: ClaimedAttempt[]; message: string }[];
  /** The handlers a worker registered (startWorker). */
  products?: (job: QueuedJob) => Promise<void>;
  failed?: (job: QueuedJob) => Promise<void>;
  closed: boolean;
};

/** A job queue that records what is queued and hands the test the worker's handlers. */
export function createFakeQueue(): FakeQueue {
  const queue: FakeQueue = {
    inserted: [],
    handedBack: [],
    closed: false,
    async start() {},
    async insertProductJobs(jobs) {
      queue.inserted.push(...jobs);
    },
    async workProducts(_concurrency, handler) {
      queue.products = handler;
    },
    async workFailed(handler) {
      queue.failed = handler;
    },
    async handBack(attempts, message) {
      queue.handedBack.push({ attempts: [...attempts], message });
    },
    async close() {
      queue.closed = true;
    },
  };
  return queue;
}

/** A job as the queue hands it to a worker. */
export function queuedJob(data: unknown, over: Partial<QueuedJob> = {}): QueuedJob {
  return { id: randomUUID(), retryCount: 0, data, signal: new AbortController().signal, ...over };
}

export type MemoryClaims = JobClaimRepository & {
  claims: Map<string, { retryCount: number; workerKey: number }>;
  /** Worker keys whose lock a live session holds. */
  held: Set<number>;
  /** Ends every open session (as the database would on a restart). */
  dropSessions(): void;
};

/** Claims and worker locks in memory: a lock lives as long as the session that took it. */
export function createMemoryClaims(): MemoryClaims {
  const claims = new Map<string, { retryCount: number; workerKey: number }>();
  const held = new Set<number>();
  const sessions = new Set<() => void>();
  return {
    claims,
    held,
    dropSessions() {
      for (const end of [...sessions]) end();
    },
    async openLockSession(): Promise<LockSession> {
      const mine = new Set<number>();
      const listeners: (() => void)[] = [];
      const end = () => {
        if (!sessions.delete(end)) return;
        for (const k of mine) held.delete(k);
        for (const l of listeners) l();
      };
      sessions.add(end);
      return {
        async tryLock(key) {
          if (held.has(key)) return false;
          held.add(key);
          mine.add(key);
          return true;
        },
        onEnd: (listener) => listeners.push(listener),
        async end() {
          end();
        },
      };
    },
    async insertClaim(job, workerKey) {
      claims.set(job.id, { retryCount: job.retryCount, workerKey });
    },
    async deleteClaim(job, workerKey) {
      const c = claims.get(job.id);
      if (c?.retryCount === job.retryCount && c.workerKey === workerKey) claims.delete(job.id);
    },
    async claimsWithoutLiveWorker(workerKey) {
      return [...claims]
        .filter(([, c]) => c.workerKey !== workerKey && !held.has(c.workerKey))
        .map(([id, c]) => ({ id, retryCount: c.retryCount }));
    },
    async deleteOthersClaims(jobs, workerKey) {
      for (const j of jobs) {
        const c = claims.get(j.id);
        if (c?.retryCount === j.retryCount && c.workerKey !== workerKey) claims.delete(j.id);
      }
    },
    async deleteWorkerClaims(workerKey) {
      for (const [id, c] of claims) if (c.workerKey === workerKey) claims.delete(id);
    },
  };
}

/** The real event bus over events in memory, without a database URL (delivered in this process). */
export function createMemoryBus(): { bus: EventBus; published(companyId: string): WorkflowEvent[] } {
  const stored = new Map<string, WorkflowEvent[]>();
  const repository: EventRepository = {
    async findEvent(companyId, seq) {
      return stored.get(companyId)?.[seq - 1];
    },
    async insertEvent(companyId, event) {
      const list = stored.get(companyId) ?? [];
      list.push(event);
      stored.set(companyId, list);
      return list.length;
    },
    listenOn: () => Promise.reject(new Error('no LISTEN without a database URL')),
    notify: () => Promise.reject(new Error('no NOTIFY without a database URL')),
    async findEventsAfter(companyId, afterId, opts) {
      return (stored.get(companyId) ?? [])
        .map((event, i) => ({ id: i + 1, event }))
        .filter((e) => e.id > afterId)
        .slice(0, opts.limit);
    },
    async lastEventId(companyId) {
      return stored.get(companyId)?.length ?? 0;
    },
    async deleteEventsOlderThan() {},
  };
  return {
    bus: createEventBus(repository, undefined),
    published: (companyId) => [...(stored.get(companyId) ?? [])],
  };
}
