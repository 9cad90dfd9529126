import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';

// The SQL of workflow/job-claims.ts: the claims table and the worker locks.

/** The first half of every worker's advisory lock ("rrwk"); the second half is the worker's key. */
export const WORKER_LOCK_CLASS = 0x7272_776b;

export type ClaimedAttempt = { id: string; retryCount: number };

/** Takes the worker lock `key` on `client`'s session if no other session holds it. */
export async function tryWorkerLock(client: pg.Client, key: number): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    'select pg_try_advisory_lock($1::int, $2::int) as ok',
    [WORKER_LOCK_CLASS, key],
  );
  return rows[0]?.ok === true;
}

export async function insertClaim(db: Db, job: ClaimedAttempt, workerKey: number): Promise<void> {
  await sql`
    insert into workflow_job_claims (job_id, retry_count, worker_key)
    values (${job.id}, ${job.retryCount}, ${workerKey})
    on conflict (job_id) do update
      set retry_count = excluded.retry_count, worker_key = excluded.worker_key, claimed_at = now()`.execute(
    db,
  );
}

export async function deleteClaim(db: Db, job: ClaimedAttempt, workerKey: number): Promise<void> {
  await sql`delete from workflow_job_claims
    where job_id = ${job.id} and retry_count = ${job.retryCount} and worker_key = ${workerKey}`.execute(db);
}

/** Claims of other workers whose lock no session of this database holds now. */
export async function claimsWithoutLiveWorker(db: Db, workerKey: number): Promise<ClaimedAttempt[]> {
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
}

/** Removes the claims of other workers' attempts (handed back). */
export async function deleteOthersClaims(
  db: Db,
  jobs: readonly ClaimedAttempt[],
  workerKey: number,
): Promise<void> {
  for (const j of jobs)
    await sql`delete from workflow_job_claims
      where job_id = ${j.id} and retry_count = ${j.retryCount} and worker_key <> ${workerKey}`.execute(db);
}

export async function deleteWorkerClaims(db: Db, workerKey: number): Promise<void> {
  await sql`delete from workflow_job_claims where worker_key = ${workerKey}`.execute(db);
}
