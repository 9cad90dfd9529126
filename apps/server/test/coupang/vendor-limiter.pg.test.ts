import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVendorLimitRepository } from '../../src/coupang/vendor-limit-repository.ts';
import { createVendorLimiter } from '../../src/coupang/vendor-limiter.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';

// Issue 37: one limiter per Coupang vendor id shared by every process (at most 8 calls a second,
// below Coupang's ~10), and after a 429 the vendor's calls stop for minutes in every process.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

const script = path.join(import.meta.dirname, 'fixtures', 'limiter-process.ts');

function takeSlots(env: Record<string, string>): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: t.url, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').map(Number)) : reject(new Error(`exit ${code}`)),
    );
  });
}

describe('the per-vendor Coupang limiter', () => {
  it('two processes calling for one vendor never exceed 8 calls in any second together', async () => {
    const [a, b] = await Promise.all([
      takeSlots({ VENDOR: 'A00000001', CALLS: '12' }),
      takeSlots({ VENDOR: 'A00000001', CALLS: '12' }),
    ]);
    const all = [...a!, ...b!].sort((x, y) => x - y);
    expect(all).toHaveLength(24);
    // Every slot at least 1/8 s after the one before, whichever process took it.
    for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(124);
    // So no window of one second holds more than 8.
    for (let i = 0; i < all.length; i++)
      expect(all.filter((s) => s >= all[i]! && s < all[i]! + 1000).length).toBeLessThanOrEqual(8);
    // Both processes took part.
    expect(a!.length).toBe(12);
    expect(b!.length).toBe(12);
  });

  it('another vendor does not wait for the first', async () => {
    const limiter = createVendorLimiter({
      store: createVendorLimitRepository(t.db),
      callsPerSecond: 8,
      backoffMs: 60_000,
    });
    await Promise.all(Array.from({ length: 16 }, () => limiter.acquire('A00000002')));
    const started = Date.now();
    await limiter.acquire('A00000003');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('after a 429 the vendor is held back in every process for the back-off, not seconds', async () => {
    const repo = createVendorLimitRepository(t.db);
    const first = createVendorLimiter({ store: repo, callsPerSecond: 8, backoffMs: 5 * 60_000 });
    const other = createVendorLimiter({
      store: createVendorLimitRepository(t.db),
      callsPerSecond: 8,
      backoffMs: 5 * 60_000,
    });
    const until = await first.throttled('A00000004');
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    await expect(other.acquire('A00000004')).rejects.toMatchObject({
      code: 'coupang_backoff',
      kind: 'too_many',
    });
    await expect(other.acquire('A00000004')).rejects.toSatisfy((e: Error & { userMessage: { ko: string } }) =>
      e.userMessage.ko.includes('5분'),
    );
    // Other vendors go on.
    await expect(other.acquire('A00000005')).resolves.toBeUndefined();
  });
});
