import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import type { FileStorage } from '../../src/images/storage.ts';
import { withStorageQuota } from '../../src/images/storage-quota.ts';

// The storage quota guard on a fake quota repository and a fake storage (no database): what it
// reserves, refuses and gives back. The one-statement reservation under concurrency is tested on
// PostgreSQL in test/hardening/storage-quota.pg.test.ts.

function fakes(opts: { failPut?: boolean; answer?: 'counted' | 'over quota' | 'not a company' } = {}) {
  const calls: string[] = [];
  const stored: string[] = [];
  const base = {
    async put(companyId: string, fileName: string) {
      if (opts.failPut) throw new Error('disk full');
      stored.push(`${companyId}/${fileName}`);
      return `/files/${companyId}/${fileName}`;
    },
  };
  const quotas = {
    async reserveStorage(companyId: string, bytes: number, quotaBytes: number) {
      calls.push(`reserve ${companyId} ${bytes} ${quotaBytes}`);
      return opts.answer ?? 'counted';
    },
    async releaseStorage(companyId: string, bytes: number) {
      calls.push(`release ${companyId} ${bytes}`);
    },
  };
  // Only `put` is guarded; the rest of the storage is the base's own.
  const storage = withStorageQuota(base as unknown as FileStorage, quotas, 100);
  return { storage, calls, stored };
}

const bytes = (n: number) => new Uint8Array(n);

describe('storage quota guard (fake repository, no database)', () => {
  it('reserves the bytes, then stores', async () => {
    const f = fakes();
    await f.storage.put('c1', 'a.png', bytes(40), 'image/png');
    expect(f.calls).toEqual(['reserve c1 40 100']);
    expect(f.stored).toEqual(['c1/a.png']);
  });

  it('refuses a file larger than the quota without asking, and one over the quota, storing nothing', async () => {
    const big = fakes();
    const e1 = await big.storage.put('c1', 'big.png', bytes(101), 'image/png').catch((e) => e);
    expect(e1).toBeInstanceOf(AppError);
    expect(e1.code).toBe('storage_quota_exceeded');
    expect(big.calls).toEqual([]);
    const over = fakes({ answer: 'over quota' });
    const e2 = await over.storage.put('c1', 'a.png', bytes(40), 'image/png').catch((e) => e);
    expect(e2.kind).toBe('too_large');
    expect(over.stored).toEqual([]);
  });

  it('gives the bytes back when the write fails, but not for an owner that is not a company', async () => {
    const f = fakes({ failPut: true });
    await expect(f.storage.put('c1', 'a.png', bytes(40), 'image/png')).rejects.toThrow('disk full');
    expect(f.calls).toEqual(['reserve c1 40 100', 'release c1 40']);
    const tool = fakes({ failPut: true, answer: 'not a company' });
    await expect(tool.storage.put('tool', 'a.png', bytes(40), 'image/png')).rejects.toThrow();
    expect(tool.calls).toEqual(['reserve tool 40 100']);
  });
});
