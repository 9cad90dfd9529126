import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CoupangApiError, createCoupangClient } from '../../src/coupang/coupang-client.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';

let fake: FakeCoupang;
const creds = DEMO_COUPANG_KEYS;
const client = () =>
  createCoupangClient({ baseUrl: fake.url, minRetryDelayMs: 0, retries: 2, timeoutMs: 300 });
const payload = (price = 12000) => ({
  vendorId: creds.vendorId,
  sellerProductName: '테스트 상품',
  items: [{ itemName: '기본', originalPrice: price, salePrice: price, externalVendorSku: 'SKU-1' }],
});

beforeAll(async () => {
  fake = await startFakeCoupang({ keys: creds });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.setBehaviour({ faults: [], decision: 'approve', hangMs: 2000 });
  fake.requests.length = 0;
});

describe('Coupang client against the fake gateway', () => {
  it('signs requests the fake accepts; wrong keys are refused with a Korean message', async () => {
    await expect(client().checkConnection(creds)).resolves.toBeUndefined();
    const wrong = client().checkConnection({ ...creds, secretKey: 'not-the-secret' });
    await expect(wrong).rejects.toMatchObject({ code: 'coupang_keys_refused', status: 401 });
    await expect(wrong).rejects.toSatisfy((e: CoupangApiError) => e.userMessage.ko.includes('API 키'));
  });

  it('retries a read after 429 and 5xx, and gives up after its retries', async () => {
    fake.setBehaviour({ faults: ['busy', 'server_error'] });
    const tree = (await client().displayCategories(creds)) as { name: string };
    expect(tree.name).toBe('ROOT');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 500, 200]);
    fake.setBehaviour({ faults: ['busy', 'busy', 'busy'] });
    await expect(client().displayCategories(creds)).rejects.toMatchObject({ code: 'coupang_busy' });
  });

  it('a read that times out is retried', async () => {
    fake.setBehaviour({ faults: ['timeout'] });
    const meta = (await client().categoryMeta(creds, 77426)) as { attributes: unknown[] };
    expect(meta.attributes.length).toBeGreaterThan(0);
  });

  it("never retries a create; HTTP 200 with an ERROR code is a failure carrying Coupang's message", async () => {
    fake.setBehaviour({ faults: ['server_error'] });
    await expect(client().createProduct(creds, payload())).rejects.toMatchObject({ outcomeUnknown: true });
    expect(fake.requests.filter((r) => r.path.endsWith('seller-products'))).toHaveLength(1);

    const refused = client().createProduct(creds, payload(12345));
    await expect(refused).rejects.toMatchObject({
      code: 'coupang_refused',
      status: 200,
      outcomeUnknown: false,
    });
    await expect(refused).rejects.toSatisfy((e: CoupangApiError) =>
      e.userMessage.ko.includes('정상가는 최소 10원 단위로 입력가능합니다'),
    );
  });

  it('creates, finds by external SKU, reads status and the review history', async () => {
    fake.setBehaviour({ decision: 'deny', reason: '대표이미지에 워터마크가 있습니다.' });
    const id = await client().createProduct(creds, payload());
    expect(await client().findByExternalSku(creds, 'SKU-1')).toContainEqual({
      sellerProductId: id,
      statusName: '심사중',
    });
    expect((await client().getProduct(creds, id)).statusName).toBe('승인반려');
    const history = await client().productHistories(creds, id);
    expect(history[0]).toMatchObject({ status: '승인반려', comment: '대표이미지에 워터마크가 있습니다.' });
  });
});
