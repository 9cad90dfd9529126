import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, isLocalDatabase } from '../../src/db/database.ts';
import { createTestDb } from '../support/test-db.ts';

// The work pool's connections write whole large documents; when PostgreSQL runs on this machine their
// backends run at the pool threads' nice value, so parsing and storing 9 MB does not take the cores
// from the backends answering other companies (issue 21).

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

/** The nice value of a process (field 19 of /proc/<pid>/stat). */
const niceOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
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

  it('runs its backend at that nice value; another pool’s backend keeps its own', async () => {
    const pid = await backendPid(lowered);
    expect(niceOf(pid)).toBe(19);
    expect(niceOf(await backendPid(plain))).toBeLessThan(19);
    // the connection works as any other
    expect((await sql<{ n: number }>`select 1 as n`.execute(lowered)).rows[0]!.n).toBe(1);
  });
});
