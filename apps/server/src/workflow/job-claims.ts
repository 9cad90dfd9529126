import { randomInt } from 'node:crypto';
import type { ClaimedAttempt, JobClaimRepository, LockSession } from './job-claims-repository.ts';

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
 * Takes this process's worker lock on a session of its own (kept open, taken again with the same key
 * after the connection drops) and answers the claims kept in the claim repository.
 */
export async function createJobClaims(repo: JobClaimRepository): Promise<JobClaims> {
  const lock = await holdWorkerLock(() => repo.openLockSession());
  const workerKey = lock.key;
  /** Claims seen without a live worker in the last look ("id:attempt"). */
  let suspects = new Set<string>();
  const attemptKey = (j: ClaimedAttempt) => `${j.id}:${j.retryCount}`;

  return {
    workerKey,
    async claim(job) {
      await repo.insertClaim(job, workerKey);
    },
    async release(job) {
      await repo.deleteClaim(job, workerKey);
    },
    async orphans() {
      const seen = await repo.claimsWithoutLiveWorker(workerKey);
      const again = seen.filter((j) => suspects.has(attemptKey(j)));
      suspects = new Set(seen.filter((j) => !suspects.has(attemptKey(j))).map(attemptKey));
      return again;
    },
    async forget(jobs) {
      await repo.deleteOthersClaims(jobs, workerKey);
    },
    async close() {
      await repo.deleteWorkerClaims(workerKey).catch(() => {});
      await lock.close();
    },
  };
}

type WorkerLock = { key: number; close(): Promise<void> };

/** Tries up to 10 random keys on `session`; answers the one taken (0: none was free). */
async function takeFreeKey(session: LockSession): Promise<number> {
  for (let i = 0; i < 10; i++) {
    const candidate = randomInt(1, 2 ** 31 - 1);
    if (await session.tryLock(candidate)) return candidate;
  }
  return 0;
}

/**
 * A session-level advisory lock (WORKER_LOCK_CLASS, key) held on a session of its own. The key is
 * random; one another live worker holds already is not taken. After the session drops the same key
 * is taken again, once a second, until `close`.
 */
async function holdWorkerLock(open: () => Promise<LockSession>): Promise<WorkerLock> {
  let closed = false;
  let session: LockSession | undefined;
  let retry: NodeJS.Timeout | undefined;

  const first = await open();
  const key = await takeFreeKey(first);
  if (key === 0) {
    await first.end();
    throw new Error('no free worker lock key');
  }

  const again = () => {
    if (!closed) retry = setTimeout(relock, 1_000);
  };
  const watch = (s: LockSession) => {
    session = s;
    s.onEnd(() => {
      if (session === s) session = undefined;
      again();
    });
  };
  const relock = async () => {
    retry = undefined;
    if (closed) return;
    try {
      const s = await open();
      if (closed || !(await s.tryLock(key))) {
        await s.end();
        again();
        return;
      }
      watch(s);
    } catch {
      again();
    }
  };
  watch(first);

  return {
    key,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await session?.end();
    },
  };
}
