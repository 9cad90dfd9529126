import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb, isLocalDatabase } from '../../src/db/database.ts';
import { hasChrt, SCHED_IDLE } from '../support/scheduling.ts';
import { createTestDb } from '../support/test-db.ts';

// The work pool's connections write whole large documents; when PostgreSQL runs on this machine their
// backends run at the pool threads' nice value and under the idle scheduling policy, so parsing and
// storing 9 MB does not take the cores from the backends answering other companies (issue 21).

describe('isLocalDatabase', () => {
  it.each([
    ['postgres://postgres@127.0.0.1:5432/test', true],
    ['postgres://postgres:embedded@127.0.0.1:54329/postgres', true],
    ['postgres://u@localhost/db', true],
    ['postgres://u@[::1]:5432/db', true],
    ['postgres://u@x/db?host=/var/run/postgresql', true],
    ['postgres://u@db.example.com:5432/db', false],
    ['postgres://u@10.0.0.5/db', false],
    ['not a url', false],
  ])('%s → %s', (url, local) => {
    expect(isLocalDatabase(url)).toBe(local);
  });
});

/** Fields of /proc/<pid>/stat from the third (the state) on. */
const statOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
/** The nice value (field 19). */
const niceOf = (pid: number) => Number(statOf(pid)[16]);
/** The scheduling policy (field 41): 0 normal, 5 idle (SCHED_IDLE). */
const policyOf = (pid: number) => Number(statOf(pid)[38]);

/** The nice value of the process's autogroup (`/autogroup-N nice V`), or 0 without autogroups. */
const autogroupNiceOf = (pid: number) => {
  try {
    return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

const { url } = await createTestDb();
const canRenice = process.getuid?.() === 0 && isLocalDatabase(url);

describe.skipIf(!canRenice)('a pool with backendNiceness on a local server', () => {
  const lowered = createDb(url, { max: 1, backendNiceness: 19 });
  const plain = createDb(url, { max: 1 });
  afterAll(async () => {
    await lowered.destroy();
    await plain.destroy();
  });
  const backendPid = async (db: typeof plain) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  it('runs its backend at that nice value, in an autogroup at it and under the idle policy; another pool’s backend keeps its own', async () => {
    const pid = await backendPid(lowered);
    expect(niceOf(pid)).toBe(19);
    expect(niceOf(await backendPid(plain))).toBeLessThan(19);
    // `chrt` (util-linux) sets the idle policy a moment after the connection opens
    if (hasChrt) await vi.waitFor(() => expect(policyOf(pid)).toBe(SCHED_IDLE), { timeout: 5_000 });
    expect(policyOf(await backendPid(plain))).toBe(0);
    // a backend leads its own session: its autogroup, which the kernel weighs against the others, too
    if (existsSync('/proc/self/autogroup')) {
      expect(autogroupNiceOf(pid)).toBe(19);
      expect(autogroupNiceOf(await backendPid(plain))).toBeLessThan(19);
    }
    // the connection works as any other
    expect((await sql<{ n: number }>`select 1 as n`.execute(lowered)).rows[0]!.n).toBe(1);
  });
});
