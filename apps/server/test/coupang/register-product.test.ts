import type { CoupangRegistration, StoredProduct } from '@rr/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCoupangClient } from '../../src/coupang/coupang-client.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import {
  type RegistrationDeps,
  registerProduct,
  syncRegistration,
} from '../../src/coupang/register-product.ts';

// The registration core against the fake gateway, with the product held in memory.

let fake: FakeCoupang;
beforeAll(async () => {
  fake = await startFakeCoupang();
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.setBehaviour({ faults: [], decision: 'approve', hangMs: 1000 });
  fake.products.clear();
  fake.requests.length = 0;
});

function harness(price = 15000, keys: typeof DEMO_COUPANG_KEYS | null = DEMO_COUPANG_KEYS) {
  let registration: CoupangRegistration | null = null;
  let payloadPrice = price;
  const deps: RegistrationDeps = {
    readProduct: async () => ({
      doc: {
        _id: 'p1',
        registrationId: 'R1',
        options: [],
        coupangRegistration: registration,
      } as StoredProduct,
    }),
    writeRegistration: async (r) => {
      registration = r;
    },
    credentials: async () => keys,
    buildPayload: async () => ({
      ok: true,
      payload: {
        sellerProductName: '테스트',
        items: [
          {
            itemName: '기본',
            originalPrice: payloadPrice,
            salePrice: payloadPrice,
            externalVendorSku: 'R1-01',
          },
        ],
      },
    }),
    client: createCoupangClient({ baseUrl: fake.url, minRetryDelayMs: 0, timeoutMs: 300 }),
    now: () => new Date(),
    log: { warn: () => {} },
  };
  return {
    deps,
    registration: () => registration,
    setPrice: (p: number) => {
      payloadPrice = p;
    },
  };
}

describe('registerProduct and syncRegistration', () => {
  it('creates, then the sync sees it approved', async () => {
    const h = harness();
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(true);
    expect(h.registration()).toMatchObject({ status: 'requested', attempts: [{ kind: 'create', ok: true }] });
    const id = h.registration()!.sellerProductId!;
    expect(fake.products.get(Number(id))?.payload.requested).toBe(true);
    expect(await syncRegistration(h.deps)).toMatchObject({
      status: 'approved',
      statusName: '승인완료',
      reasons: [],
    });
    // Closed reviews are not asked about again unless forced.
    expect(await syncRegistration(h.deps)).toBeNull();
  });

  it('a denial brings its reason and field; the re-send updates the same seller product', async () => {
    fake.setBehaviour({ decision: 'deny', reason: '대표이미지에 워터마크가 있습니다.' });
    const h = harness();
    await registerProduct(h.deps);
    const id = h.registration()!.sellerProductId!;
    const itemId = (fake.products.get(Number(id))!.payload.items as { sellerProductItemId: number }[])[0]!
      .sellerProductItemId;
    expect(await syncRegistration(h.deps)).toMatchObject({
      status: 'denied',
      reasons: [{ text: '대표이미지에 워터마크가 있습니다.', field: 'image' }],
    });
    fake.setBehaviour({ decision: 'approve' });
    expect((await registerProduct(h.deps)).ok).toBe(true);
    expect(h.registration()).toMatchObject({ sellerProductId: id, status: 'requested' });
    expect(h.registration()!.attempts.map((a) => a.kind)).toEqual(['create', 'update']);
    expect(fake.products.size).toBe(1);
    const stored = fake.products.get(Number(id))!;
    expect(stored.updates).toBe(1);
    expect((stored.payload.items as { sellerProductItemId: number }[])[0]!.sellerProductItemId).toBe(itemId);
    expect((await syncRegistration(h.deps))?.status).toBe('approved');
  });

  it('a create whose answer was lost is looked up by its SKU, not sent twice', async () => {
    // The fake stores the product and then answers 500 (outcome unknown to the client).
    const h = harness();
    const original = h.deps.client.createProduct;
    h.deps = {
      ...h.deps,
      client: {
        ...h.deps.client,
        createProduct: async (c, p) => {
          await original(c, p);
          const { CoupangApiError } = await import('../../src/coupang/coupang-client.ts');
          throw new CoupangApiError(
            'coupang_timeout',
            'timeout',
            { ko: '시간 초과', en: 'timeout' },
            null,
            null,
            true,
          );
        },
      },
    } as RegistrationDeps;
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(true);
    expect(fake.products.size).toBe(1);
    expect(h.registration()!.sellerProductId).toBe(String([...fake.products.keys()][0]));
  });

  it('a lost create Coupang does not show yet is not sent again; the next send asks first, a minute later', async () => {
    const { CoupangApiError } = await import('../../src/coupang/coupang-client.ts');
    const h = harness();
    let clock = Date.parse('2026-11-25T10:00:00Z');
    let creates = 0;
    const original = h.deps.client.createProduct;
    let storeIt = false;
    h.deps = {
      ...h.deps,
      now: () => new Date(clock),
      client: {
        ...h.deps.client,
        // The answer is lost; Coupang has not indexed the product (or never got it).
        createProduct: async (c, p) => {
          creates += 1;
          if (storeIt) await original(c, p);
          throw new CoupangApiError(
            'coupang_timeout',
            'timeout',
            { ko: '시간 초과', en: 'timeout' },
            null,
            null,
            true,
          );
        },
      },
    };
    const first = await registerProduct(h.deps);
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.message.ko).toContain('중복 등록을 막기 위해');
    expect(creates).toBe(1);
    expect(h.registration()!.attempts).toMatchObject([{ kind: 'create', ok: false, outcomeUnknown: true }]);

    // Sent again within the minute: nothing goes to Coupang.
    clock += 20_000;
    const early = await registerProduct(h.deps);
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.message.ko).toContain('1분 뒤');
    expect(creates).toBe(1);

    // Coupang has it by now (it was made after all): the send after a minute updates it, no new create.
    storeIt = true;
    await original(DEMO_COUPANG_KEYS, {
      vendorId: DEMO_COUPANG_KEYS.vendorId,
      requested: true,
      sellerProductName: '테스트',
      items: [{ itemName: '기본', originalPrice: 15000, salePrice: 15000, externalVendorSku: 'R1-01' }],
    });
    const existing = String([...fake.products.keys()][0]);
    clock += 60_000;
    const later = await registerProduct(h.deps);
    expect(later.ok).toBe(true);
    expect(creates).toBe(1);
    expect(fake.products.size).toBe(1);
    expect(h.registration()).toMatchObject({ sellerProductId: existing, status: 'requested' });
    expect(h.registration()!.attempts.at(-1)).toMatchObject({ kind: 'update', ok: true });
  });

  it("HTTP 200 with an ERROR code fails with Coupang's own Korean message", async () => {
    const h = harness(15001);
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.message.ko).toContain('정상가는 최소 10원 단위로 입력가능합니다');
    expect(h.registration()).toMatchObject({ status: 'failed', sellerProductId: null });
    expect(h.registration()!.attempts[0]!.message).toContain('정상가는 최소 10원 단위');
  });

  it('without keys nothing is sent', async () => {
    const h = harness(15000, null);
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.message.ko).toContain('Access Key');
    expect(fake.requests).toHaveLength(0);
    // Never sent: recorded as failed with why (the product page shows it), no sending in the history.
    expect(h.registration()).toMatchObject({ status: 'failed', sellerProductId: null, attempts: [] });
    expect(h.registration()!.refusal?.message).toContain('Access Key');

    // Once a sending goes out, the refusal is gone.
    const sentLater = await registerProduct({ ...h.deps, credentials: async () => DEMO_COUPANG_KEYS });
    expect(sentLater.ok).toBe(true);
    expect(h.registration()).toMatchObject({ status: 'requested', refusal: null });
  });
});
