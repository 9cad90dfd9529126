import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  type FakeCoupangOptions,
  startFakeCoupang,
} from '../../../src/coupang/fake/fake-coupang-server.ts';
import { call, flatPayload, hybridPayload, rocketGrowthPayload, SELLER_PRODUCTS } from './payloads.ts';

// The fake gateway's transport and its other endpoints: the rate limit and its block, 504 for a large
// write without X-EXTENDED-TIMEOUT (the product made anyway), 403 (HTML block, IP not registered),
// a 500 with Coupang's reason, outbound places and return centres, inflow-status, the RFM tree,
// approvals only from 임시저장, the timed review, the lagging SKU look-up, the new schema's ids.

type Json = Record<string, unknown>;
const started: FakeCoupang[] = [];
async function start(options: FakeCoupangOptions = {}) {
  const fake = await startFakeCoupang({ rateLimitPerSecond: Number.POSITIVE_INFINITY, ...options });
  started.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});
const categories = '/v2/providers/seller_api/apis/api/v1/marketplace/meta/display-categories';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('transport', () => {
  it('11 calls within a second → 429, and the vendor stays blocked for blockMs', async () => {
    const fake = await start({ rateLimitPerSecond: 10, blockMs: 400 });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(fake.url, 'GET', categories)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await call(fake.url, 'GET', categories);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'ERROR' });
    expect(typeof blocked.body.message).toBe('string');
    await sleep(1100);
    // blockMs (400 ms) and the 1 s window are over: answered again.
    expect((await call(fake.url, 'GET', categories)).status).toBe(200);
  });

  it('the block lasts: every request is 429 until blockMs has passed', async () => {
    const fake = await start({ rateLimitPerSecond: 10, blockMs: 1500 });
    for (let i = 0; i < 11; i++) await call(fake.url, 'GET', categories);
    await sleep(1100); // the 1 s window is over, the block is not
    expect((await call(fake.url, 'GET', categories)).status).toBe(429);
    await sleep(500);
    expect((await call(fake.url, 'GET', categories)).status).toBe(200);
  });

  it('a large create without X-EXTENDED-TIMEOUT answers 504 after the gateway timeout; the product is created', async () => {
    const fake = await start({ gatewayTimeoutMs: 300, largeBodyBytes: 2000 });
    const payload = flatPayload();
    payload.items = Array.from({ length: 3 }, (_, i) => ({
      ...(payload.items as Json[])[0]!,
      itemName: `에펠탑_${i + 1}`,
      externalVendorSku: `SKU-BIG-${i + 1}`,
    }));
    expect(JSON.stringify(payload).length).toBeGreaterThan(2000);
    const t0 = Date.now();
    const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, payload);
    expect(answer.status).toBe(504);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(fake.products.size).toBe(1);
    // With the header: no 504.
    const extended = await call(fake.url, 'POST', SELLER_PRODUCTS, payload, {
      'X-EXTENDED-TIMEOUT': '90000',
    });
    expect(extended.status).toBe(200);
    expect(fake.products.size).toBe(2);
    expect(fake.requests.at(-1)).toMatchObject({ status: 200, extendedTimeout: '90000' });
    // An invalid large body is refused at once (the backend answers before the gateway gives up).
    payload.vendorId = 'A99999999';
    expect((await call(fake.url, 'POST', SELLER_PRODUCTS, payload)).status).toBe(400);
  });

  it('the default threshold and timeout are 20 000 bytes and 3 s (a small create is answered at once)', async () => {
    const fake = await start();
    const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload());
    expect(answer.status).toBe(200);
  });

  it("403 with Akamai's HTML page for a temporary block; 403 with a JSON error for an unregistered IP", async () => {
    const fake = await start();
    fake.setBehaviour({ forbidden: 'blocked' });
    const blocked = await call(fake.url, 'GET', categories);
    expect(blocked.status).toBe(403);
    expect(blocked.contentType).toContain('text/html');
    expect(blocked.text).toContain('<TITLE>Access Denied</TITLE>');
    fake.setBehaviour({ forbidden: 'ip' });
    const ip = await call(fake.url, 'GET', categories);
    expect(ip.status).toBe(403);
    expect(ip.body).toMatchObject({ code: 'ERROR' });
    expect(ip.body.message).toContain('IP 주소');
    fake.setBehaviour({ forbidden: null });
    expect((await call(fake.url, 'GET', categories)).status).toBe(200);
  });

  it("server_error_reason: a 500 carrying Coupang's error body with the reason", async () => {
    const fake = await start();
    fake.setBehaviour({
      faults: ['server_error_reason'],
      serverErrorMessage: '[옵션(기본) : 판매가격을 확인해주세요.]',
    });
    const answer = await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload());
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      code: 'ERROR',
      message: '[옵션(기본) : 판매가격을 확인해주세요.]',
      data: null,
    });
  });

  it('a wrong signature is 401', async () => {
    const fake = await start({ keys: { ...DEMO_COUPANG_KEYS, secretKey: 'another-secret' } });
    expect((await call(fake.url, 'GET', categories)).status).toBe(401);
  });
});

describe("the seller's account", () => {
  it('outbound places and return centres, in the documented shapes', async () => {
    const fake = await start();
    const outbound = await call(
      fake.url,
      'GET',
      '/v2/providers/marketplace_openapi/apis/api/v1/vendor/shipping-place/outbound?pageNum=1&pageSize=50',
    );
    expect(outbound.status).toBe(200);
    const places = outbound.body.content as Json[];
    expect(places).toHaveLength(2);
    expect(places[0]).toMatchObject({
      outboundShippingPlaceCode: expect.any(Number),
      shippingPlaceName: expect.any(String),
      usable: true,
      createDate: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/),
    });
    expect((places[0]!.placeAddresses as Json[])[0]).toMatchObject({
      addressType: 'ROADNAME',
      countryCode: 'KR',
      returnZipCode: expect.any(String),
      returnAddress: expect.any(String),
    });
    expect(outbound.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalElements: 2,
      countPerPage: 50,
    });

    const returns = await call(
      fake.url,
      'GET',
      `/v2/providers/openapi/apis/api/v4/vendors/${DEMO_COUPANG_KEYS.vendorId}/returnShippingCenters?pageNum=1&pageSize=50`,
    );
    expect(returns.status).toBe(200);
    expect(returns.body).toMatchObject({ code: '200', message: 'SUCCESS' });
    const centres = (returns.body.data as Json).content as Json[];
    expect(centres).toHaveLength(2);
    expect(centres[0]).toMatchObject({
      vendorId: DEMO_COUPANG_KEYS.vendorId,
      returnCenterCode: expect.any(String),
      deliverCode: 'CJGLS',
      deliverName: 'CJ대한통운',
      createdAt: expect.any(Number),
      usable: true,
    });
    // Another vendor's centres are not answered.
    const other = await call(
      fake.url,
      'GET',
      '/v2/providers/openapi/apis/api/v4/vendors/A99999999/returnShippingCenters',
    );
    expect(other.status).toBe(400);
  });

  it('inflow-status counts the products and follows restricted / permittedCount', async () => {
    const fake = await start();
    const path = `${SELLER_PRODUCTS}/inflow-status`;
    expect((await call(fake.url, 'GET', path)).body).toEqual({
      code: 'SUCCESS',
      message: '',
      data: {
        vendorId: DEMO_COUPANG_KEYS.vendorId,
        restricted: false,
        registeredCount: 0,
        permittedCount: 100000,
      },
    });
    await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload());
    fake.setBehaviour({ restricted: true, permittedCount: 1 });
    expect((await call(fake.url, 'GET', path)).body.data).toMatchObject({
      restricted: true,
      registeredCount: 1,
      permittedCount: 1,
    });
    expect((await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload('B'))).status).toBe(400);
    fake.setBehaviour({ restricted: false });
    const full = await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload('B'));
    expect(full.status).toBe(400);
    expect(full.body.message).toContain('최대 상품수(1)');
  });

  it('the RFM tree holds the Rocket Growth categories and the ancestors that reach them', async () => {
    const fake = await start();
    const rfm = await call(fake.url, 'GET', `${categories}?registrationType=RFM`);
    const codes: number[] = [];
    const leaves: number[] = [];
    const walk = (n: Json) => {
      codes.push(n.displayItemCategoryCode as number);
      const child = (n.child as Json[]) ?? [];
      if (child.length === 0) leaves.push(n.displayItemCategoryCode as number);
      child.forEach(walk);
    };
    walk(rfm.body.data as Json);
    // 68010 (shoes) is one of the leaves grafted from Coupang's leaf list onto the pruned tree.
    expect(leaves.sort()).toEqual([62614, 68010, 77426, 77917, 79382, 80388]);
    expect(codes).toContain(0);
    expect(codes.length).toBeLessThan(40);
    const full = await call(fake.url, 'GET', categories);
    expect(JSON.stringify(full.body).length).toBeGreaterThan(JSON.stringify(rfm.body).length);

    const only = await start({ rfmCodes: [80388] });
    const cut = await call(only.url, 'GET', `${categories}?registrationType=RFM`);
    expect(JSON.stringify(cut.body)).toContain('뒤집개');
    expect(JSON.stringify(cut.body)).not.toContain('3D/입체퍼즐');
  });
});

describe('approval and review', () => {
  const approve = (fake: FakeCoupang, id: unknown) =>
    call(fake.url, 'PUT', `${SELLER_PRODUCTS}/${id}/approvals`);
  const status = async (fake: FakeCoupang, id: unknown) =>
    ((await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}`)).body.data as Json).statusName;

  it('requested: false leaves 임시저장; the approval request is possible only from there', async () => {
    const fake = await start({ reviewMs: 60_000 });
    const payload = flatPayload();
    payload.requested = false;
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, payload)).body.data;
    expect(await status(fake, id)).toBe('임시저장');
    const asked = await approve(fake, id);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ code: 'SUCCESS', data: String(id) });
    expect(await status(fake, id)).toBe('심사중');
    const again = await approve(fake, id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`[업체상품[${id}]이 승인요청 가능한 상태가 아닙니다.]`);
  });

  it('requested: true goes 심사중 → 승인대기중 (half of reviewMs) → 승인완료, with histories', async () => {
    let clock = Date.now();
    const fake = await start({ reviewMs: 20_000, now: () => new Date(clock) });
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload())).body.data;
    expect(await status(fake, id)).toBe('심사중');
    clock += 10_000;
    expect(await status(fake, id)).toBe('승인대기중');
    clock += 10_000;
    expect(await status(fake, id)).toBe('승인완료');
    const histories = await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}/histories`);
    expect((histories.body.data as Json[]).map((h) => h.status)).toEqual([
      '승인완료',
      '승인대기중',
      '심사중',
    ]);
    // Approved items get their vendorItemId.
    const read = await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}`);
    expect(((read.body.data as Json).items as Json[])[0]).toMatchObject({
      sellerProductItemId: expect.any(Number),
      vendorItemId: expect.any(Number),
    });
  });

  it('a denial after the review carries its reason; pending stays under review', async () => {
    let clock = Date.now();
    const fake = await start({ reviewMs: 1000, now: () => new Date(clock) });
    fake.setBehaviour({ decision: 'pending' });
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload())).body.data;
    clock += 5000;
    expect(await status(fake, id)).toBe('승인대기중');
    fake.setBehaviour({ decision: 'deny', reason: '대표이미지에 워터마크가 있습니다.' });
    expect(await status(fake, id)).toBe('승인반려');
    const histories = await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}/histories`);
    expect((histories.body.data as Json[])[0]).toMatchObject({
      status: '승인반려',
      comment: '대표이미지에 워터마크가 있습니다.',
    });
  });

  it('the SKU look-up lags skuLookupLagMs and finds SKUs inside the channel data', async () => {
    let clock = Date.now();
    const fake = await start({ skuLookupLagMs: 60_000, now: () => new Date(clock) });
    await call(fake.url, 'POST', SELLER_PRODUCTS, hybridPayload('LAG'));
    const look = async (sku: string) =>
      (await call(fake.url, 'GET', `${SELLER_PRODUCTS}/external-vendor-sku-codes/${encodeURIComponent(sku)}`))
        .body.data as Json[];
    expect(await look('LAG-1')).toEqual([]);
    clock += 30_000;
    expect(await look('LAG-1')).toEqual([]);
    clock += 30_000;
    expect(await look('LAG-1')).toHaveLength(1);
    expect((await look('LAG-1-MP'))[0]).toMatchObject({
      sellerProductId: expect.any(Number),
      sellerProductName: '3D 입체퍼즐 에펠탑',
      statusName: '심사중',
    });
  });
});

describe('the new schema read back and modified', () => {
  it('GET answers ids inside rocketGrowthItemData / marketplaceItemData; legalAgreement is not answered', async () => {
    const fake = await start();
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, hybridPayload())).body.data;
    const read = (await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}`)).body.data as Json;
    expect(read.statusName).toBe('승인완료');
    const item = (read.items as Json[])[0]!;
    expect(item.sellerProductItemId).toBeUndefined();
    const rgData = item.rocketGrowthItemData as Json;
    const mpData = item.marketplaceItemData as Json;
    expect(rgData).toMatchObject({
      sellerProductItemId: expect.any(Number),
      vendorItemId: expect.any(Number),
    });
    expect(mpData).toMatchObject({
      sellerProductItemId: expect.any(Number),
      vendorItemId: expect.any(Number),
    });
    expect(rgData.vendorItemId).not.toBe(mpData.vendorItemId);
    expect(read.rocketGrowthAdditionalInformation).toEqual({ rfmInboundName: '3D 입체퍼즐 에펠탑' });
  });

  it("a modify puts an RG item's ids inside rocketGrowthItemData (top level only is refused)", async () => {
    const fake = await start();
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, rocketGrowthPayload())).body.data;
    const read = (await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}`)).body.data as Json;
    const itemId = ((read.items as Json[])[0]!.rocketGrowthItemData as Json).sellerProductItemId;

    const wrong = rocketGrowthPayload();
    wrong.sellerProductId = id;
    (wrong.items as Json[])[0]!.sellerProductItemId = itemId;
    const refused = await call(fake.url, 'PUT', SELLER_PRODUCTS, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(
      "'1번옵션의 sellerProductItemId'는 rocketGrowthItemData 안에 입력해주세요",
    );

    const right = rocketGrowthPayload();
    right.sellerProductId = id;
    ((right.items as Json[])[0]!.rocketGrowthItemData as Json).sellerProductItemId = itemId;
    const updated = await call(fake.url, 'PUT', SELLER_PRODUCTS, right);
    expect(updated.status).toBe(200);
    const stored = fake.products.get(Number(id))!;
    expect(stored.updates).toBe(1);
    expect(((stored.payload.items as Json[])[0]!.rocketGrowthItemData as Json).sellerProductItemId).toBe(
      itemId,
    );
  });

  it('a modify is checked like a create', async () => {
    const fake = await start();
    const id = (await call(fake.url, 'POST', SELLER_PRODUCTS, flatPayload())).body.data;
    const payload = flatPayload();
    payload.sellerProductId = id;
    payload.returnCenterCode = '1';
    const answer = await call(fake.url, 'PUT', SELLER_PRODUCTS, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('올바른 반품지 센터코드를 입력 하세요');
  });
});

describe('the demo fake keeps its products across restarts', () => {
  it('a restarted fake knows the products it had and never repeats an id', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const products = SELLER_PRODUCTS;
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'fake-state-')), 'fake.json');
    const first = await startFakeCoupang({ stateFile, rateLimitPerSecond: Number.POSITIVE_INFINITY });
    const created = await call(first.url, 'POST', products, rocketGrowthPayload('KEEP'));
    expect(created.status).toBe(200);
    await first.close();

    const second = await startFakeCoupang({ stateFile, rateLimitPerSecond: Number.POSITIVE_INFINITY });
    try {
      expect([...second.products.keys()]).toEqual([created.body.data]);
      const again = await call(second.url, 'POST', products, rocketGrowthPayload('NEW'));
      expect(again.body.data).not.toBe(created.body.data);
      const read = await call(second.url, 'GET', `${products}/${created.body.data}`);
      expect(read.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('modifying an approved product', () => {
  it('refuses to drop an item that was approved, and accepts the full body with its ids', async () => {
    const fake = await start();
    type Item = Record<string, unknown> & { rocketGrowthItemData: Record<string, unknown> };
    const one = rocketGrowthPayload('APPR');
    const first = (one.items as Item[])[0]!;
    const second: Item = {
      ...first,
      itemName: `${String(first.itemName)} 2`,
      rocketGrowthItemData: { ...first.rocketGrowthItemData, externalVendorSku: 'APPR-2' },
    };
    const two = { ...one, items: [first, second], requested: true };
    const created = await call(fake.url, 'POST', SELLER_PRODUCTS, two);
    expect(created.status).toBe(200);
    const id = created.body.data as number;
    const read = await call(fake.url, 'GET', `${SELLER_PRODUCTS}/${id}`);
    const data = read.body.data as { statusName: string; items: Item[] };
    expect(data.statusName).toBe('승인완료');
    const withIds = (items: Item[]) =>
      items.map((item, k) => ({
        ...item,
        rocketGrowthItemData: {
          ...item.rocketGrowthItemData,
          sellerProductItemId: data.items[k]!.rocketGrowthItemData.sellerProductItemId,
        },
      }));
    const full = { ...two, sellerProductId: id, items: withIds([first, second]) };
    const dropped = await call(fake.url, 'PUT', SELLER_PRODUCTS, { ...full, items: full.items.slice(0, 1) });
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toContain('승인된 이력이 있는 옵션은 삭제할 수 없습니다');
    const ok = await call(fake.url, 'PUT', SELLER_PRODUCTS, full);
    expect(ok.status).toBe(200);
  });
});
