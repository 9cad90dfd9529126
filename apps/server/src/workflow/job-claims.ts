import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/database.ts';
import {
  type ClaimedAttempt,
  claimsWithoutLiveWorker,
  deleteClaim,
  deleteOthersClaims,
  deleteWorkerClaims,
  insertClaim,
  tryWorkerLock,
} from './job-claims-repository.ts';

export { type ClaimedAttempt, WORKER_LOCK_CLASS } from './job-claims-repository.ts';

// Which product job each worker process is working on, and whether that process still lives, so a
// job of a process that died (kill -9, out of memory) goes back to the queue within seconds instead
// of after pg-boss's heartbeat check (about a minute: issue 21).
//
// A worker process holds a session-level advisory lock (WORKER_LOCK_CLASS, its own key) on a
// connection of its own for as long as it lives; PostgreSQL drops the lock the moment that
// connection ends, which a killed process's does. Before working on a job the worker writes a claim
// (job, attempt, its key). Every worker looks at the claims of other keys every few seconds: a claim
// whose key holds no lock in two looks in a row (a worker reconnecting after a network blip has the
// time between two looks to take its lock again) is handed back. Handing back is pg-boss's own `fail`
// fenced to the claimed attempt, so a job that was finished, retried or taken over meanwhile is left
// alone, and a job that keeps killing its worker still ends in the dead-letter queue after its retries.

/** How often a worker looks for claims of workers that are gone. */
export const CLAIM_SCAN_MS = 5_000;

export type JobClaims = {
  /** This process's key (the second half of its advisory lock). */
  readonly workerKey: number;
  claim(job: ClaimedAttempt): Promise<void>;
  release(job: ClaimedAttempt): Promise<void>;
  /**
   * One look: the attempts whose worker held no lock in this look and the one before. They are
   * forgotten here; the caller hands them back and then calls `forget`.
   */
  orphans(): Promise<ClaimedAttempt[]>;
  /** Removes the claims of attempts that were handed back. */
  forget(jobs: readonly ClaimedAttempt[]): Promise<void>;
  /** Ends the lock (other workers then see this process gone) after removing its own claims. */
  close(): Promise<void>;
};

/**
 * Takes this process's worker lock on a connection of its own (kept open, taken again with the same
 * key after the connection drops) and answers the claims kept with `db`.
 */
export async function createJobClaims(db: Db, databaseUrl: string): Promise<JobClaims> {
  const lock = await holdWorkerLock(databaseUrl);
  const workerKey = lock.key;
  /** Claims seen without a live worker in the last look ("id:attempt"). */
  let suspects = new Set<string>();
  const attemptKey = (j: ClaimedAttempt) => `${j.id}:${j.retryCount}`;

  return {
    workerKey,
    async claim(job) {
      await insertClaim(db, job, workerKey);
    },
    async release(job) {
      await deleteClaim(db, job, workerKey);
    },
    async orphans() {
      const seen = await claimsWithoutLiveWorker(db, workerKey);
      const again = seen.filter((j) => suspects.has(attemptKey(j)));
      suspects = new Set(seen.filter((j) => !suspects.has(attemptKey(j))).map(attemptKey));
      return again;
    },
    async forget(jobs) {
      await deleteOthersClaims(db, jobs, workerKey);
    },
    async close() {
      await deleteWorkerClaims(db, workerKey).catch(() => {});
      await lock.close();
    },
  };
}

type WorkerLock = { key: number; close(): Promise<void> };

/**
 * A session-level advisory lock (WORKER_LOCK_CLASS, key) held on a connection of its own. The key
 * is random; one another live worker holds already is not taken. After the connection drops the
 * same key is taken again, once a second, until `close`.
 */
async function holdWorkerLock(databaseUrl: string): Promise<WorkerLock> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'rr-workflow-worker',
      keepAlive: true,
    });
    c.on('error', () => {});
    await c.connect();
    return c;
  };
  const first = await connect();
  let key = 0;
  for (let i = 0; i < 10 && key === 0; i++) {
    const candidate = randomInt(1, 2 ** 31 - 1);
    if (await tryWorkerLock(first, candidate)) key = candidate;
  }
  if (key === 0) {
    await first.end().catch(() => {});
    throw new Error('no free worker lock key');
  }

  const watch = (c: pg.Client) => {
    client = c;
    c.once('end', () => {
      if (client === c) client = undefined;
      if (!closed) retry = setTimeout(relock, 1_000);
    });
  };
  const relock = async () => {
    retry = undefined;
    if (closed) return;
    try {
      const c = await connect();
      if (closed || !(await tryWorkerLock(c, key))) {
        await c.end().catch(() => {});
        if (!closed) retry = setTimeout(relock, 1_000);
        return;
      }
      watch(c);
    } catch {
      if (!closed) retry = setTimeout(relock, 1_000);
    }
  };
  watch(first);

  return {
    key,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
