import type { CoupangRegistration, StoredProduct } from '@rr/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoupangApiError, createCoupangClient } from '../../src/coupang/coupang-client.ts';
import { slotsUsedUpMessage } from '../../src/coupang/coupang-messages.ts';
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
import { rocketGrowthPayload } from './fake/payloads.ts';

// The registration core against the strict fake gateway (issue 37), with the product held in memory.

const LAG_MS = 150;
let fake: FakeCoupang;
beforeAll(async () => {
  fake = await startFakeCoupang({ rateLimitPerSecond: Number.POSITIVE_INFINITY, skuLookupLagMs: LAG_MS });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.setBehaviour({
    faults: [],
    decision: 'approve',
    hangMs: 1000,
    restricted: false,
    permittedCount: 100000,
  });
  fake.products.clear();
  fake.requests.length = 0;
});

const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/seller-products'));

function harness(keys: typeof DEMO_COUPANG_KEYS | null = DEMO_COUPANG_KEYS) {
  let registration: CoupangRegistration | null = null;
  let payload = rocketGrowthPayload('R1');
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
      registration = structuredClone(r);
    },
    credentials: async () => keys,
    buildPayload: async () => ({ ok: true, payload }),
    client: createCoupangClient({ baseUrl: fake.url, minRetryDelayMs: 0, timeoutMs: 2000 }),
    now: () => new Date(),
    log: { warn: () => {} },
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    skuLookupLagMs: LAG_MS + 100,
  };
  return {
    deps,
    registration: () => registration,
    setPayload: (p: Record<string, unknown>) => {
      payload = p;
    },
  };
}

/** A client whose create reaches Coupang and then loses the answer as `how` says. */
function losingCreate(deps: RegistrationDeps, how: 'lost' | 'crash') {
  const original = deps.client.createProduct;
  return {
    ...deps,
    client: {
      ...deps.client,
      createProduct: async (c: Parameters<typeof original>[0], p: Parameters<typeof original>[1]) => {
        await original(c, p);
        if (how === 'crash') throw new Error('process killed between send and answer');
        throw new CoupangApiError(
          'coupang_unreadable',
          'upstream',
          { ko: '응답 없음', en: 'no answer' },
          200,
          null,
          true,
        );
      },
    },
  } as RegistrationDeps;
}

describe('registerProduct and syncRegistration', () => {
  it('creates a Rocket Growth product once, sent for review, then the sync sees it approved', async () => {
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
    expect(await syncRegistration(h.deps)).toBeNull();
  });

  it('a denial brings its reason; the re-send updates the same product with the ids inside rocketGrowthItemData', async () => {
    fake.setBehaviour({ decision: 'deny', reason: '대표이미지에 워터마크가 있습니다.' });
    const h = harness();
    await registerProduct(h.deps);
    const id = h.registration()!.sellerProductId!;
    expect(await syncRegistration(h.deps)).toMatchObject({
      status: 'denied',
      reasons: [{ text: '대표이미지에 워터마크가 있습니다.', field: 'image' }],
    });
    fake.setBehaviour({ decision: 'approve' });
    const resent = await registerProduct(h.deps);
    expect(resent.ok).toBe(true);
    expect(h.registration()).toMatchObject({ sellerProductId: id, status: 'requested' });
    expect(h.registration()!.attempts.map((a) => a.kind)).toEqual(['create', 'update']);
    expect(fake.products.size).toBe(1);
    const items = fake.products.get(Number(id))!.payload.items as {
      rocketGrowthItemData: Record<string, unknown>;
    }[];
    expect(items[0]!.rocketGrowthItemData.sellerProductItemId).toEqual(expect.any(Number));
    expect(items[0]).not.toHaveProperty('sellerProductItemId');
  });

  it('a crash between sending and the answer never makes a second product: the intent is looked up first', async () => {
    const h = harness();
    await expect(registerProduct(losingCreate(h.deps, 'crash'))).rejects.toThrow('process killed');
    // The intent was written before the create went out.
    expect(h.registration()!.attempts).toMatchObject([{ kind: 'create', pending: true, sku: 'R1-1' }]);
    expect(fake.products.size).toBe(1);

    // The restarted process: the SKU look-up (after its lag) finds it; nothing is created again.
    const again = await registerProduct(h.deps);
    expect(again.ok).toBe(true);
    expect(posts()).toHaveLength(1);
    expect(fake.products.size).toBe(1);
    expect(h.registration()).toMatchObject({ sellerProductId: String([...fake.products.keys()][0]) });
  });

  it('a malformed 200 to a create is resolved by the look-up in the same run: one product', async () => {
    const h = harness();
    const sent = await registerProduct(losingCreate(h.deps, 'lost'));
    expect(sent.ok).toBe(true);
    expect(posts()).toHaveLength(1);
    expect(fake.products.size).toBe(1);
    expect(h.registration()!.sellerProductId).toBe(String([...fake.products.keys()][0]));
  });

  it('a create lost before it reached Coupang is sent again after the look-up found nothing', async () => {
    const h = harness();
    let first = true;
    const original = h.deps.client.createProduct;
    const deps = {
      ...h.deps,
      client: {
        ...h.deps.client,
        createProduct: async (c: Parameters<typeof original>[0], p: Parameters<typeof original>[1]) => {
          if (first) {
            first = false;
            throw new CoupangApiError(
              'coupang_unreachable',
              'upstream',
              { ko: 'x', en: 'x' },
              null,
              null,
              true,
            );
          }
          return original(c, p);
        },
      },
    } as RegistrationDeps;
    const sent = await registerProduct(deps);
    expect(sent.ok).toBe(true);
    expect(fake.products.size).toBe(1);
    expect(
      h
        .registration()!
        .attempts.filter((a) => a.kind === 'create')
        .map((a) => a.ok),
    ).toEqual([false, true]);
  });

  it("a refusal shows Coupang's own Korean message and nothing is created", async () => {
    const h = harness();
    const bad = rocketGrowthPayload('R1');
    (bad.items as Record<string, { priceData: { salePrice: number } }>[])[0]!
      .rocketGrowthItemData!.priceData.salePrice = 15001;
    h.setPayload(bad);
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.message.ko).toContain('10원 단위');
    expect(h.registration()).toMatchObject({ status: 'failed', sellerProductId: null });
    expect(fake.products.size).toBe(0);
  });

  it('without the Rocket Growth agreement in WING the seller is told where to agree', async () => {
    fake.setBehaviour({ rocketGrowthConsent: false });
    try {
      const h = harness();
      const sent = await registerProduct(h.deps);
      expect(sent.ok).toBe(false);
      if (!sent.ok) expect(sent.message.ko).toContain('로켓그로스 상품 API 및 검수 동의');
      expect(fake.products.size).toBe(0);
    } finally {
      fake.setBehaviour({ rocketGrowthConsent: true });
    }
  });

  it('a restricted account (inflow-status) is told before any create', async () => {
    fake.setBehaviour({ restricted: true });
    const h = harness();
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.message.ko).toContain('제한');
    expect(posts()).toHaveLength(0);
  });

  describe("the subscription's registration slots (issue 42)", () => {
    /** Slots in memory with the repository's rules: one per product, given back on a refusal. */
    function slotsOf(count: number) {
      const held = new Set<string>();
      const reserveSlot = async () => {
        if (held.has('p1')) return null;
        if (held.size >= count) return slotsUsedUpMessage(count, held.size);
        held.add('p1');
        return null;
      };
      const releaseSlot = async () => {
        held.delete('p1');
      };
      return { held, reserveSlot, releaseSlot };
    }

    it('with every slot in use, a new product is refused with the count and nothing is created', async () => {
      const h = harness();
      const slots = slotsOf(0);
      const sent = await registerProduct({ ...h.deps, ...slots });
      expect(sent.ok).toBe(false);
      if (!sent.ok) expect(sent.message.ko).toBe(slotsUsedUpMessage(0, 0).ko);
      expect(h.registration()?.refusal?.message).toContain('등록 슬롯을 모두 사용했습니다(0/0개)');
      expect(posts()).toHaveLength(0);
    });

    it('a created product holds its slot, and its re-send (an update) takes no other', async () => {
      const h = harness();
      const slots = slotsOf(1);
      expect((await registerProduct({ ...h.deps, ...slots })).ok).toBe(true);
      expect([...slots.held]).toEqual(['p1']);
      expect((await registerProduct({ ...h.deps, ...slots })).ok).toBe(true);
      expect(posts()).toHaveLength(1);
      expect(slots.held.size).toBe(1);
    });

    it('a create Coupang refused gives its slot back', async () => {
      const h = harness();
      const bad = rocketGrowthPayload('R1');
      (bad.items as Record<string, { priceData: { salePrice: number } }>[])[0]!
        .rocketGrowthItemData!.priceData.salePrice = 15001;
      h.setPayload(bad);
      const slots = slotsOf(1);
      expect((await registerProduct({ ...h.deps, ...slots })).ok).toBe(false);
      expect(posts()).toHaveLength(1);
      expect(slots.held.size).toBe(0);
    });
  });

  it('a product left in 임시저장 after requested: true gets its approval request', async () => {
    const h = harness();
    const client = h.deps.client;
    const id = await client.createProduct(DEMO_COUPANG_KEYS, {
      ...rocketGrowthPayload('R2'),
      requested: false,
    });
    await h.deps.writeRegistration({
      status: 'requested',
      sellerProductId: id,
      statusName: '',
      reasons: [],
      requestedAt: new Date().toISOString(),
      checkedAt: null,
      attempts: [],
    });
    expect((await client.getProduct(DEMO_COUPANG_KEYS, id)).statusName).toBe('임시저장');
    fake.setBehaviour({ decision: 'pending' });
    const synced = await syncRegistration(h.deps);
    expect(synced).toMatchObject({ status: 'in_review' });
    expect(fake.requests.some((r) => r.method === 'PUT' && r.path.endsWith(`/${id}/approvals`))).toBe(true);
    expect((await client.getProduct(DEMO_COUPANG_KEYS, id)).statusName).toBe('심사중');
  });

  it('without keys nothing is sent, and the refusal is recorded', async () => {
    const h = harness(null);
    const sent = await registerProduct(h.deps);
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.message.ko).toContain('Access Key');
    expect(fake.requests).toHaveLength(0);
    expect(h.registration()).toMatchObject({ status: 'failed', sellerProductId: null, attempts: [] });
    const sentLater = await registerProduct({ ...h.deps, credentials: async () => DEMO_COUPANG_KEYS });
    expect(sentLater.ok).toBe(true);
    expect(h.registration()).toMatchObject({ status: 'requested', refusal: null });
  });
});
