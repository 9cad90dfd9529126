import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobClaims, type JobClaims } from '../../src/workflow/job-claims.ts';
import { createJobClaimRepository } from '../../src/workflow/job-claims-repository.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';

// The claims of worker processes (workflow/job-claims.ts over its repository) on the real database: which attempts a
// worker hands back, and which it never touches.

let t: TestDb;
const open: JobClaims[] = [];
const claimsOf = async () => {
  const c = await createJobClaims(createJobClaimRepository(t.db, t.url));
  open.push(c);
  return c;
};

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  for (const c of open) await c.close();
});

describe('job claims', () => {
  it('a claim whose worker holds no lock is handed back on the second look, not the first', async () => {
    const looker = await claimsOf();
    const gone = { id: randomUUID(), retryCount: 2 };
    // A worker key no process holds: the process that wrote this claim is gone.
    await sql`insert into workflow_job_claims (job_id, retry_count, worker_key) values (${gone.id}, 2, 12345)`.execute(
      t.db,
    );
    expect(await looker.orphans()).toEqual([]);
    expect(await looker.orphans()).toEqual([gone]);
    await looker.forget([gone]);
    expect(
      (await sql`select 1 from workflow_job_claims where job_id = ${gone.id}`.execute(t.db)).rows,
    ).toEqual([]);
  });

  it('the claims of a live worker, and a worker’s own, are never handed back', async () => {
    const looker = await claimsOf();
    const live = await claimsOf();
    const job = { id: randomUUID(), retryCount: 0 };
    const own = { id: randomUUID(), retryCount: 0 };
    await live.claim(job);
    await looker.claim(own);
    for (let i = 0; i < 3; i++) expect(await looker.orphans()).toEqual([]);
    await live.release(job);
    await looker.release(own);
  });

  it('a worker that closes leaves no claim, and its lock ends with it', async () => {
    const looker = await claimsOf();
    const leaving = await createJobClaims(createJobClaimRepository(t.db, t.url));
    const job = { id: randomUUID(), retryCount: 1 };
    await leaving.claim(job);
    await leaving.close();
    expect(
      (await sql`select 1 from workflow_job_claims where job_id = ${job.id}`.execute(t.db)).rows,
    ).toEqual([]);
    const held = await sql<{ n: string }>`
      select count(*) as n from pg_locks where locktype = 'advisory' and objid = ${leaving.workerKey}::oid`.execute(
      t.db,
    );
    expect(Number(held.rows[0]!.n)).toBe(0);
    expect(await looker.orphans()).toEqual([]);
  });

  it('a worker whose lock connection drops takes the same lock again before a second look', async () => {
    const looker = await claimsOf();
    const blinking = await claimsOf();
    const job = { id: randomUUID(), retryCount: 0 };
    await blinking.claim(job);
    // The database ends the worker's lock connection (as a restart or a network blip would).
    await sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity
      where application_name = 'rr-workflow-worker' and pid in (
        select pid from pg_locks where locktype = 'advisory' and objid = ${blinking.workerKey}::oid)`.execute(
      t.db,
    );
    const heldLocks = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_locks
            where locktype = 'advisory' and granted and objid = ${blinking.workerKey}::oid`.execute(t.db)
        ).rows[0]!.n,
      );
    // The first look finds the lock gone; the worker takes it again before the second.
    expect(await heldLocks()).toBe(0);
    expect(await looker.orphans()).toEqual([]);
    await expect.poll(heldLocks, { timeout: 10_000 }).toBe(1);
    expect(await looker.orphans()).toEqual([]);
    await blinking.release(job);
  });
});
