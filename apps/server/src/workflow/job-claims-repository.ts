import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.ts';

// The SQL of workflow/job-claims.ts: the claims table (`workflow_job_claims`) and the worker locks.
// Built once by the container (`createJobClaimRepository(db, databaseUrl)`); a worker's lock lives on
// a connection of its own, opened from the database URL (`openLockSession`).

/** The first half of every worker's advisory lock ("rrwk"); the second half is the worker's key. */
export const WORKER_LOCK_CLASS = 0x7272_776b;

export type ClaimedAttempt = { id: string; retryCount: number };

/** A connection of its own that holds worker locks for as long as it lives. */
export type LockSession = {
  /** Takes the worker lock `key` on this session if no other session holds it. */
  tryLock(key: number): Promise<boolean>;
  /** Called once when the connection ends (dropped, or `end`). */
  onEnd(listener: () => void): void;
  end(): Promise<void>;
};

export function createJobClaimRepository(db: Db, databaseUrl: string) {
  return {
    /** Opens a session of its own (application `rr-workflow-worker`, keep-alive) for a worker lock. */
    async openLockSession(): Promise<LockSession> {
      const client = new pg.Client({
        connectionString: databaseUrl,
        application_name: 'rr-workflow-worker',
        keepAlive: true,
      });
      client.on('error', () => {});
      await client.connect();
      return {
        async tryLock(key) {
          const { rows } = await client.query<{ ok: boolean }>(
            'select pg_try_advisory_lock($1::int, $2::int) as ok',
            [WORKER_LOCK_CLASS, key],
          );
          return rows[0]?.ok === true;
        },
        onEnd(listener) {
          client.once('end', listener);
        },
        async end() {
          await client.end().catch(() => {});
        },
      };
    },

    async insertClaim(job: ClaimedAttempt, workerKey: number): Promise<void> {
      await sql`
        insert into workflow_job_claims (job_id, retry_count, worker_key)
        values (${job.id}, ${job.retryCount}, ${workerKey})
        on conflict (job_id) do update
          set retry_count = excluded.retry_count, worker_key = excluded.worker_key, claimed_at = now()`.execute(
        db,
      );
    },

    async deleteClaim(job: ClaimedAttempt, workerKey: number): Promise<void> {
      await sql`delete from workflow_job_claims
        where job_id = ${job.id} and retry_count = ${job.retryCount} and worker_key = ${workerKey}`.execute(
        db,
      );
    },

    /** Claims of other workers whose lock no session of this database holds now. */
    async claimsWithoutLiveWorker(workerKey: number): Promise<ClaimedAttempt[]> {
      const { rows } = await sql<{ job_id: string; retry_count: number }>`
        select c.job_id, c.retry_count from workflow_job_claims c
        where c.worker_key <> ${workerKey}
          and not exists (
            select 1 from pg_locks l
            where l.locktype = 'advisory' and l.granted
              and l.database = (select oid from pg_database where datname = current_database())
              and l.classid = ${WORKER_LOCK_CLASS}::oid and l.objid = c.worker_key::oid and l.objsubid = 2
          )`.execute(db);
      return rows.map((r) => ({ id: r.job_id, retryCount: r.retry_count }));
    },

    /** Removes the claims of other workers' attempts (handed back). */
    async deleteOthersClaims(jobs: readonly ClaimedAttempt[], workerKey: number): Promise<void> {
      for (const j of jobs)
        await sql`delete from workflow_job_claims
          where job_id = ${j.id} and retry_count = ${j.retryCount} and worker_key <> ${workerKey}`.execute(
          db,
        );
    },

    async deleteWorkerClaims(workerKey: number): Promise<void> {
      await sql`delete from workflow_job_claims where worker_key = ${workerKey}`.execute(db);
    },
  };
}

export type JobClaimRepository = ReturnType<typeof createJobClaimRepository>;
