import type { CoupangRegistration } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import type { CoupangClient } from '../../src/coupang/coupang-client.ts';
import { CoupangApiError } from '../../src/coupang/coupang-client-error.ts';
import type { CoupangRepository } from '../../src/coupang/coupang-repository.ts';
import { type CoupangServiceDeps, createCoupangService } from '../../src/coupang/coupang-service.ts';
import { RetryLaterError } from '../../src/errors/app-error.ts';
import type { ProductRow } from '../../src/products/product-store.ts';

// The Coupang service on fakes of its repository, the product store, the settings reader and the
// client: no database, no Coupang call.

/** The service with nothing of the outside but what a test hands it. */
function serviceWith(overrides: Partial<CoupangServiceDeps>) {
  return createCoupangService({
    repository: { findProductsUnderReview: async () => [] },
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
    buildPayload: async () => ({ ok: true, payload: {} }),
    ...overrides,
  });
}

const CREDS = { vendorId: 'A00000001', accessKey: 'ak', secretKey: 'sk' };

describe('the Coupang service', () => {
  it('retries a payload build the work pool refused for now, and fails on a real refusal', async () => {
    let calls = 0;
    const service = serviceWith({
      buildPayload: async () => {
        calls += 1;
        if (calls < 3) throw new RetryLaterError('work_pool_company_busy', 'busy', 1, 'too_many');
        return { ok: true, payload: { items: [] } };
      },
    });
    await expect(service.work.buildPayload('c', 'p')).resolves.toMatchObject({ ok: true });
    expect(calls).toBe(3);

    const failing = serviceWith({
      buildPayload: async () => {
        throw new Error('a bug');
      },
    });
    await expect(failing.work.buildPayload('c', 'p')).rejects.toThrow('a bug');
  });

  it('syncs the products its repository names as under review, and ends the round when Coupang says too many', async () => {
    const under = [
      { companyId: 'c1', productId: 'p1' },
      { companyId: 'c1', productId: 'p2' },
      { companyId: 'c2', productId: 'p3' },
    ];
    const asked: number[] = [];
    const repository: CoupangRepository = {
      findProductsUnderReview: async (limit) => {
        asked.push(limit);
        return under;
      },
    };
    const registration = (sellerProductId: string): CoupangRegistration => ({
      status: 'in_review',
      sellerProductId,
      statusName: '심사중',
      reasons: [],
      requestedAt: null,
      checkedAt: null,
      attempts: [],
    });
    const rows = new Map(
      under.map((u, i) => [
        u.productId,
        { id: u.productId, doc: { coupangRegistration: registration(`sp${i}`) } },
      ]),
    );
    const read: string[] = [];
    const client = {
      async getProduct(_creds: unknown, sellerProductId: string) {
        read.push(sellerProductId);
        if (sellerProductId === 'sp1')
          throw new CoupangApiError(
            'coupang_too_many',
            'too_many',
            { ko: '많음', en: 'many' },
            429,
            null,
            false,
          );
        return { statusName: '승인완료' };
      },
    } as unknown as CoupangClient;
    const written: { productId: string; registration: unknown }[] = [];
    const warned: string[] = [];
    const service = serviceWith({
      repository,
      client,
      settings: { coupangCredentials: async () => CREDS },
      products: {
        find: async (_companyId, id) => rows.get(id) as unknown as ProductRow,
        writeFields: async (scope, fields) => {
          written.push({ productId: scope.productId, registration: fields.coupangRegistration });
          return {} as never;
        },
      },
      log: { warn: (_obj, msg) => warned.push(msg ?? '') },
      clock: { now: () => Date.UTC(2026, 10, 28, 9) },
    });

    await expect(service.syncOpenReviews(25)).resolves.toBe(1);
    expect(asked).toEqual([25]);
    // p1 read and written approved; p2 refused with too_many; p3 (another company) not asked this round.
    expect(read).toEqual(['sp0', 'sp1']);
    expect(written).toEqual([
      {
        productId: 'p1',
        registration: expect.objectContaining({
          status: 'approved',
          statusName: '승인완료',
          checkedAt: '2026-11-28T09:00:00.000Z',
        }),
      },
    ]);
    expect(warned).toEqual(['Coupang approval sync stopped: rate limited']);
  });

  it('tells a review Coupang decided to onDecision once, with the product’s name and the reasons (issue 42)', async () => {
    const reg: CoupangRegistration = {
      status: 'in_review',
      sellerProductId: 'sp9',
      statusName: '심사중',
      reasons: [],
      requestedAt: null,
      checkedAt: null,
      attempts: [],
    };
    const row = { id: 'p9', doc: { productName: '캠핑 의자', coupangRegistration: reg } };
    const decided: unknown[] = [];
    const service = serviceWith({
      repository: { findProductsUnderReview: async () => [{ companyId: 'c1', productId: 'p9' }] },
      client: {
        getProduct: async () => ({ statusName: '승인반려' }),
        productHistories: async () => [{ status: '승인반려', comment: '대표 이미지 부적합' }],
      } as unknown as CoupangClient,
      settings: { coupangCredentials: async () => CREDS },
      products: {
        find: async () => row as unknown as ProductRow,
        writeFields: async (_scope, fields) => {
          row.doc.coupangRegistration = fields.coupangRegistration as CoupangRegistration;
          return {} as never;
        },
      },
      onDecision: async (companyId, productId, name, registration) =>
        void decided.push({
          companyId,
          productId,
          name,
          status: registration.status,
          reasons: registration.reasons.map((r) => r.text),
        }),
    });
    await service.syncOpenReviews(10);
    expect(decided).toEqual([
      {
        companyId: 'c1',
        productId: 'p9',
        name: '캠핑 의자',
        status: 'denied',
        reasons: ['대표 이미지 부적합'],
      },
    ]);
    // Asked again (a forced sync) with the decision already recorded: nothing more is told.
    await service.sync('c1', ['p9']);
    expect(decided).toHaveLength(1);
  });
});
