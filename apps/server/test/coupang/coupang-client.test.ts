import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CoupangApiError, createCoupangClient } from '../../src/coupang/coupang-client.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { createMemoryVendorLimitStore, createVendorLimiter } from '../../src/coupang/vendor-limiter.ts';
import { flatPayload, rocketGrowthPayload } from './fake/payloads.ts';

let fake: FakeCoupang;
const creds = DEMO_COUPANG_KEYS;
const client = (extra: Partial<Parameters<typeof createCoupangClient>[0]> = {}) =>
  createCoupangClient({ baseUrl: fake.url, minRetryDelayMs: 0, retries: 2, timeoutMs: 5000, ...extra });

beforeAll(async () => {
  // The fake's own rate limit is tested below with a fake of its own; here it would only add noise.
  fake = await startFakeCoupang({
    keys: creds,
    rateLimitPerSecond: Number.POSITIVE_INFINITY,
    gatewayTimeoutMs: 200,
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.setBehaviour({ faults: [], decision: 'approve', hangMs: 2000, forbidden: null });
  fake.requests.length = 0;
});

describe('Coupang client against the fake gateway', () => {
  it('signs requests the fake accepts; wrong keys (401) say keys or clock', async () => {
    await expect(client().checkConnection(creds)).resolves.toBeUndefined();
    const wrong = client().checkConnection({ ...creds, secretKey: 'not-the-secret' });
    await expect(wrong).rejects.toMatchObject({ code: 'coupang_keys_refused', status: 401 });
    await expect(wrong).rejects.toSatisfy(
      (e: CoupangApiError) => e.userMessage.ko.includes('API 키') && e.userMessage.ko.includes('시계'),
    );
  });

  it('403 tells an unregistered IP from a temporary block (HTML Access Denied)', async () => {
    fake.setBehaviour({ forbidden: 'ip' });
    await expect(client().checkConnection(creds)).rejects.toMatchObject({
      code: 'coupang_ip_not_registered',
    });
    fake.setBehaviour({ forbidden: 'blocked' });
    const blocked = client().checkConnection(creds);
    await expect(blocked).rejects.toMatchObject({ code: 'coupang_blocked', status: 403 });
    await expect(blocked).rejects.toSatisfy((e: CoupangApiError) => e.userMessage.ko.includes('일시적으로'));
  });

  it('a read is retried after a 5xx, never after a 429 (which holds the vendor back for minutes)', async () => {
    fake.setBehaviour({ faults: ['server_error'] });
    const tree = (await client().displayCategories(creds)) as { name: string };
    expect(tree.name).toBe('ROOT');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);

    fake.requests.length = 0;
    const limiter = createVendorLimiter({
      store: createMemoryVendorLimitStore(),
      callsPerSecond: 8,
      backoffMs: 5 * 60_000,
    });
    fake.setBehaviour({ faults: ['busy'] });
    const busy = client({ limiter }).displayCategories(creds);
    await expect(busy).rejects.toMatchObject({ code: 'coupang_busy' });
    await expect(busy).rejects.toSatisfy((e: CoupangApiError) => e.userMessage.ko.includes('5분'));
    expect(fake.requests).toHaveLength(1);
    // Held back: the next call is not sent at all.
    await expect(client({ limiter }).displayCategories(creds)).rejects.toMatchObject({
      code: 'coupang_backoff',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('a read that times out is retried', async () => {
    fake.setBehaviour({ faults: ['timeout'], hangMs: 2000 });
    const meta = (await client({ timeoutMs: 300 }).categoryMeta(creds, 77426)) as { attributes: unknown[] };
    expect(meta.attributes.length).toBeGreaterThan(0);
  });

  it("a create is sent once; a 500 with Coupang's error body is its refusal with the reason", async () => {
    fake.setBehaviour({ faults: ['server_error'] });
    await expect(client().createProduct(creds, flatPayload('SKU-A'))).rejects.toMatchObject({
      outcomeUnknown: true,
    });
    expect(fake.requests.filter((r) => r.path.endsWith('seller-products'))).toHaveLength(1);

    fake.setBehaviour({
      faults: ['server_error_reason'],
      serverErrorMessage: '[옵션(기본) : 판매가를 확인해주세요.]',
    });
    const reason = client().createProduct(creds, flatPayload('SKU-B'));
    await expect(reason).rejects.toMatchObject({
      code: 'coupang_refused',
      status: 500,
      outcomeUnknown: false,
    });
    await expect(reason).rejects.toSatisfy((e: CoupangApiError) =>
      e.userMessage.ko.includes('판매가를 확인해주세요'),
    );

    const bad = flatPayload('SKU-C');
    (bad.items as { originalPrice: number }[])[0]!.originalPrice = 12345;
    const refused = client().createProduct(creds, bad);
    await expect(refused).rejects.toMatchObject({
      code: 'coupang_refused',
      status: 400,
      outcomeUnknown: false,
    });
    await expect(refused).rejects.toSatisfy((e: CoupangApiError) =>
      e.userMessage.ko.includes('정상가는 최소 10원 단위로 입력가능합니다'),
    );
  });

  it("writes carry X-EXTENDED-TIMEOUT, so a large create is not cut at the gateway's 3 s", async () => {
    const large = rocketGrowthPayload('SKU-LARGE');
    const html = `<html>${'<p>상세 설명</p>'.repeat(3000)}</html>`;
    for (const item of large.items as { contents: unknown }[])
      item.contents = [{ contentsType: 'TEXT', contentDetails: [{ content: html, detailType: 'TEXT' }] }];
    const id = await client().createProduct(creds, large);
    expect(id).toMatch(/^\d+$/);
    const sent = fake.requests.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({ status: 200, extendedTimeout: '90000' });
  });

  it('a large create WITHOUT the header gets the gateway 504: outcome unknown', async () => {
    const large = rocketGrowthPayload('SKU-NOHEADER');
    const html = `<html>${'<p>상세 설명</p>'.repeat(3000)}</html>`;
    for (const item of large.items as { contents: unknown }[])
      item.contents = [{ contentsType: 'TEXT', contentDetails: [{ content: html, detailType: 'TEXT' }] }];
    const noHeader: typeof fetch = (url, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      delete headers['x-extended-timeout'];
      return fetch(url, { ...init, headers });
    };
    await expect(client({ fetch: noHeader }).createProduct(creds, large)).rejects.toMatchObject({
      code: 'coupang_timeout',
      status: 504,
      outcomeUnknown: true,
    });
  });

  it('a 200 whose body is cut off leaves the outcome unknown (never "refused")', async () => {
    const cut: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      const text = await res.text();
      return new Response(text.slice(0, 10), { status: res.status, headers: res.headers });
    };
    await expect(client({ fetch: cut }).createProduct(creds, flatPayload('SKU-CUT'))).rejects.toMatchObject({
      code: 'coupang_unreadable',
      outcomeUnknown: true,
    });
  });

  it('creates, finds by external SKU, reads status and the review history', async () => {
    fake.setBehaviour({ decision: 'deny', reason: '대표이미지에 워터마크가 있습니다.' });
    const id = await client().createProduct(creds, { ...flatPayload('SKU-1'), requested: true });
    expect(await client().findByExternalSku(creds, 'SKU-1-1')).toContainEqual({
      sellerProductId: id,
      statusName: '심사중',
    });
    expect((await client().getProduct(creds, id)).statusName).toBe('승인반려');
    const history = await client().productHistories(creds, id);
    expect(history[0]).toMatchObject({ status: '승인반려', comment: '대표이미지에 워터마크가 있습니다.' });
  });

  it('reads the account: outbound places, return centres with address, inflow status, RFM categories', async () => {
    const places = await client().shippingPlaces(creds);
    expect(places.outbound.length).toBeGreaterThan(0);
    expect(places.outbound[0]).toMatchObject({
      code: expect.stringMatching(/\d+/),
      name: expect.any(String),
    });
    expect(places.returnCenters[0]).toMatchObject({
      code: expect.any(String),
      zipCode: expect.stringMatching(/^\d{5}$/),
      address: expect.any(String),
      contact: expect.any(String),
    });
    const inflow = await client().inflowStatus(creds);
    expect(inflow).toMatchObject({ restricted: false, permittedCount: expect.any(Number) });
    expect(await client().rocketGrowthCategories(creds)).toEqual(expect.arrayContaining([77426, 79382]));
  });
});
