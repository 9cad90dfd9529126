import { describe, expect, it } from 'vitest';
import { createCoupangService } from '../../src/coupang/coupang-service.ts';
import type { Db } from '../../src/db/database.ts';
import { RetryLaterError } from '../../src/errors/app-error.ts';

// The register task's payload waits its turn when the work pool says "later" (a run registering many
// products of one company), instead of failing those products.

/** The service with nothing of the outside but a payload builder (no database, no Coupang call). */
function serviceBuilding(buildPayload: () => Promise<{ ok: true; payload: Record<string, unknown> }>) {
  return createCoupangService({
    db: {} as Db,
    config: {
      coupang: {
        apiBaseUrl: 'https://api-gateway.coupang.com',
        syncMinutes: 0,
        callsPerSecond: 8,
        backoffMs: 1,
        skuLookupLagMs: 0,
      },
    },
    categories: {
      storeList: async () => ({}) as never,
      saveMeta: async () => ({}) as never,
      cachedPath: async () => '',
    },
    products: { find: async () => undefined, writeFields: async () => ({}) as never },
    settings: { coupangCredentials: async () => null },
    log: { warn: () => {} },
    buildPayload,
  });
}

describe('the Coupang service', () => {
  it('retries a payload build the work pool refused for now, and fails on a real refusal', async () => {
    let calls = 0;
    const service = serviceBuilding(async () => {
      calls += 1;
      if (calls < 3) throw new RetryLaterError('work_pool_company_busy', 'busy', 1, 'too_many');
      return { ok: true, payload: { items: [] } };
    });
    await expect(service.work.buildPayload('c', 'p')).resolves.toMatchObject({ ok: true });
    expect(calls).toBe(3);

    const failing = serviceBuilding(async () => {
      throw new Error('a bug');
    });
    await expect(failing.work.buildPayload('c', 'p')).rejects.toThrow('a bug');
  });
});
