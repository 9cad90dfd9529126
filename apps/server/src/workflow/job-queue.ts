import { inspect } from 'node:util';
import { PgBoss } from 'pg-boss';
import { AppError } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { ClaimedAttempt } from './job-claims.ts';
import type { JobTransaction } from './run-repository.ts';
import { WORKFLOW_MESSAGES as M } from './workflow-messages.ts';

// The product jobs' queue: pg-boss in the app's PostgreSQL (schema `pgboss`), on a pool of its own
// opened from the database URL. Built once by the container (`createJobQueue`) and handed to the
// workflow service (`WorkflowDeps.queue`), which never holds the database; started on first use.

const PRODUCT_QUEUE = 'workflow-product';
const FAILED_QUEUE = 'workflow-product-failed';

/** One job as a worker gets it: its attempt and its payload, unparsed (an older version may have queued it). */
export type QueuedJob = { id: string; retryCount: number; data: unknown; signal: AbortSignal };

/** A product job to queue: its payload, its product (at most one job of a product runs at once), its priority. */
export type ProductJobInsert = { data: object; productId: string; priority: number };

export type JobQueue = {
  /** Starts the queue once (again after a failed start); without a database URL, a 503 workflow_unavailable. */
  start(): Promise<void>;
  /** Queues a run's product jobs inside the run's transaction (`JobTransaction`, from the run repository). */
  insertProductJobs(jobs: readonly ProductJobInsert[], trx: JobTransaction): Promise<void>;
  /** Works on product jobs in this process: `concurrency` at once, one job of a product at a time overall. */
  workProducts(concurrency: number, handler: (job: QueuedJob) => Promise<void>): Promise<void>;
  /** Works on the dead-letter queue: jobs whose retries were used up. */
  workFailed(handler: (job: QueuedJob) => Promise<void>): Promise<void>;
  /** Fails these attempts (fenced: an attempt finished, retried or taken over meanwhile is left alone). */
  handBack(attempts: readonly ClaimedAttempt[], message: string): Promise<void>;
  /** Stops working (gracefully, at most 5 s) and closes the queue's pool. */
  close(): Promise<void>;
};

export type JobQueueSettings = {
  databaseUrl: string | undefined;
  log: Log;
  /** A job whose worker sends no heartbeat for this long is taken over (pg-boss minimum 10 s; default 30). */
  heartbeatSeconds?: number | undefined;
  /** How often this process looks for jobs whose worker died (default 10). */
  superviseIntervalSeconds?: number | undefined;
};

/**
 * Durable product jobs (W §4 Batch processing): at most one job of a product at a time across every
 * process (group concurrency 1), heartbeats so a job of a killed process is taken over, 5 retries,
 * and a dead-letter queue so a product whose job gives up ends in error instead of staying "processing".
 */
export function createJobQueue(settings: JobQueueSettings): JobQueue {
  const heartbeatSeconds = Math.max(10, settings.heartbeatSeconds ?? 30);
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;

  function started(): Promise<PgBoss> {
    const url = settings.databaseUrl;
    if (!url)
      return Promise.reject(new AppError('workflow_unavailable', 'unavailable', M.workflowUnavailable));
    starting ??= startBoss(url, settings, heartbeatSeconds).then((b) => {
      boss = b;
      return b;
    });
    starting.catch(() => {
      starting = undefined;
    });
    return starting;
  }

  return {
    async start() {
      await started();
    },
    async insertProductJobs(jobs, trx) {
      const b = await started();
      await b.insert(
        PRODUCT_QUEUE,
        jobs.map((j) => ({ data: j.data, group: { id: j.productId }, priority: j.priority })),
        { db: trx },
      );
    },
    async workProducts(concurrency, handler) {
      const b = await started();
      await b.work(
        PRODUCT_QUEUE,
        { localConcurrency: concurrency, groupConcurrency: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (job) await handler(job);
        },
      );
    },
    async workFailed(handler) {
      const b = await started();
      await b.work(FAILED_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
        if (job) await handler(job);
      });
    },
    async handBack(attempts, message) {
      const b = await started();
      await b.fail(PRODUCT_QUEUE, [...attempts], { message });
    },
    async close() {
      const b = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
      await b?.stop({ graceful: true, timeout: 5000 }).catch(() => {});
    },
  };
}

/** A started pg-boss with the product queue and its dead-letter queue (created once, kept after). */
async function startBoss(url: string, settings: JobQueueSettings, heartbeatSeconds: number): Promise<PgBoss> {
  const b = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    application_name: 'rr-workflow',
    superviseIntervalSeconds: settings.superviseIntervalSeconds ?? 10,
  });
  // pg-boss reports some errors as plain objects: log their message, not "[object Object]".
  b.on('error', (err) =>
    settings.log.warn(
      { err: err instanceof Error ? err.message : inspect(err, { depth: 2 }) },
      'job queue error',
    ),
  );
  await b.start();
  await b.createQueue(FAILED_QUEUE).catch(ignoreExists);
  await b
    .createQueue(PRODUCT_QUEUE, {
      heartbeatSeconds,
      expireInSeconds: 6 * 3600,
      retryLimit: 5,
      retryDelay: 2,
      deadLetter: FAILED_QUEUE,
    })
    .catch(ignoreExists);
  return b;
}

function ignoreExists(err: unknown): void {
  if (!/exists/i.test(String(err))) throw err;
}
