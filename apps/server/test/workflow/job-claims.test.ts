import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobClaims } from '../../src/workflow/job-claims.ts';
import { createMemoryClaims } from './fake-workflow.ts';

// The claims of worker processes (workflow/job-claims.ts) on a fake claim repository (no
// PostgreSQL): which attempts a worker hands back and when, its lock taken again after its session
// drops, what closing leaves. The SQL and the advisory locks themselves: job-claims.pg.test.ts.

afterEach(() => {
  vi.useRealTimers();
});

describe('job claims on a fake repository', () => {
  it('a claim whose worker holds no lock is handed back on the second look only; a live worker’s never', async () => {
    const repo = createMemoryClaims();
    const looker = await createJobClaims(repo);
    const live = await createJobClaims(repo);
    const gone = { id: randomUUID(), retryCount: 3 };
    const running = { id: randomUUID(), retryCount: 0 };
    await repo.insertClaim(gone, 12345);
    await live.claim(running);

    expect(await looker.orphans()).toEqual([]);
    expect(await looker.orphans()).toEqual([gone]);
    await looker.forget([gone]);
    expect([...repo.claims.keys()]).toEqual([running.id]);
    expect(await looker.orphans()).toEqual([]);
    await looker.close();
    await live.close();
  });

  it('a worker whose session drops takes the same key again, before a second look finds its claim', async () => {
    vi.useFakeTimers();
    const repo = createMemoryClaims();
    const blinking = await createJobClaims(repo);
    const job = { id: randomUUID(), retryCount: 0 };
    await blinking.claim(job);

    repo.dropSessions();
    expect(repo.held.has(blinking.workerKey)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(repo.held.has(blinking.workerKey)).toBe(true);
    const looker = await createJobClaims(repo);
    expect(await looker.orphans()).toEqual([]);
    expect(await looker.orphans()).toEqual([]);
    await looker.close();
    await blinking.close();
  });

  it('closing removes the worker’s own claims and ends its lock, and it is not taken again', async () => {
    vi.useFakeTimers();
    const repo = createMemoryClaims();
    const leaving = await createJobClaims(repo);
    await leaving.claim({ id: randomUUID(), retryCount: 1 });

    await leaving.close();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(repo.claims.size).toBe(0);
    expect(repo.held.size).toBe(0);
  });
});
