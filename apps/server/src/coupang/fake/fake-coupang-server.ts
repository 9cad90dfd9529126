import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_COUPANG_KEYS } from '../../demo/demo-coupang.ts';
import {
  coupangSignature,
  parseCoupangAuthorization,
  parseSignedDate,
  sameSignature,
} from '../coupang-signature.ts';

// A stand-in for Coupang's Open API gateway, for tests and the demo (never used in production code
// paths: the server only knows COUPANG_API_BASE_URL). It checks every request's CEA signature as
// documented, answers in the shapes of the reference answers (`{code, message, data}`), keeps the
// products it was sent, and can be told (POST /__fake/behaviour) to deny a review with a reason, to
// hang past the client's timeout, to answer 429, 5xx or HTTP 200 with an ERROR code.

export type FakeCoupangKeys = { accessKey: string; secretKey: string; vendorId: string };

/** The keys the fake accepts by default (the demo company's, seeded by demo/demo-coupang.ts). */
export { DEMO_COUPANG_KEYS };

type Fault = 'timeout' | 'busy' | 'error200' | 'server_error';
type Behaviour = {
  /** What the review decides when a product is first looked at after a create or update. */
  decision: 'approve' | 'deny' | 'partial' | 'pending';
  reason: string;
  /** Faults for the next requests, in order (one request each). */
  faults: Fault[];
  hangMs: number;
  error200Message: string;
};

type FakeProduct = {
  sellerProductId: number;
  statusName: string;
  payload: Record<string, unknown>;
  histories: { status: string; comment: string; createdAt: string; createdBy: string }[];
  reviewed: boolean;
  updates: number;
};

const SELLER_PRODUCTS = '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products';
const META = '/v2/providers/seller_api/apis/api/v1/marketplace/meta';

const here = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const localTime = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 19);

export type FakeCoupang = {
  readonly url: string;
  readonly products: Map<number, FakeProduct>;
  readonly requests: { method: string; path: string; status: number }[];
  setBehaviour(b: Partial<Behaviour>): void;
  close(): Promise<void>;
};

export async function startFakeCoupang(
  options: { port?: number; host?: string; keys?: FakeCoupangKeys; now?: () => Date } = {},
): Promise<FakeCoupang> {
  const keys: FakeCoupangKeys = options.keys ?? { ...DEMO_COUPANG_KEYS };
  const now = options.now ?? (() => new Date());
  const products = new Map<number, FakeProduct>();
  const requests: FakeCoupang['requests'] = [];
  let nextId = 15568763006;
  let nextItemId = 80000000001;
  /** Gives each new item its sellerProductItemId; an update keeps the ids it was sent. */
  const withItemIds = (payload: Record<string, unknown>) => ({
    ...payload,
    items: ((payload.items as Record<string, unknown>[]) ?? []).map((item) => ({
      ...item,
      sellerProductItemId: item.sellerProductItemId ?? nextItemId++,
    })),
  });
  let behaviour: Behaviour = {
    decision: 'approve',
    reason: '',
    faults: [],
    hangMs: 60_000,
    error200Message: '[옵션(기본) : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)]',
  };
  const tree = readJson(path.join(here, '../../demo/fixtures/coupang-display-categories.json'));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, body: unknown) => {
        requests.push({ method: req.method ?? '', path: url.pathname, status });
        res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const ok = (data: unknown) => send(200, { code: 'SUCCESS', message: '', data });
      const fail = (status: number, message: string) => send(status, { code: 'ERROR', message, data: null });
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return fail(400, '요청 본문이 JSON이 아닙니다.');
      }

      // The fake's own controls (no signature).
      if (url.pathname === '/__fake/behaviour' && req.method === 'POST') {
        behaviour = { ...behaviour, ...(body as Partial<Behaviour>) };
        return send(200, { ok: true });
      }
      if (url.pathname === '/__fake/state' && req.method === 'GET')
        return send(200, { products: [...products.values()], requests });

      // The documented check: CEA header, known access key, signed-date near now, HMAC over
      // signed-date + method + path + query.
      const auth = parseCoupangAuthorization(req.headers.authorization);
      if (auth?.algorithm !== 'HmacSHA256') return fail(401, 'Invalid authorization header');
      if (auth.accessKey !== keys.accessKey) return fail(401, 'Invalid access key');
      const signedAt = parseSignedDate(auth.signedDate);
      if (!signedAt || Math.abs(signedAt.getTime() - now().getTime()) > 5 * 60_000)
        return fail(401, 'Signed date is out of range');
      const query = url.search.replace(/^\?/, '');
      const expected = coupangSignature(
        keys.secretKey,
        auth.signedDate,
        req.method ?? '',
        url.pathname,
        query,
      );
      if (!sameSignature(expected, auth.signature)) return fail(401, 'Invalid signature');

      const fault = behaviour.faults.shift();
      if (fault === 'timeout') {
        setTimeout(() => fail(504, 'gateway timeout'), behaviour.hangMs).unref();
        return;
      }
      if (fault === 'busy') {
        res.setHeader('retry-after', '0');
        return fail(429, 'Too many requests');
      }
      if (fault === 'server_error') return fail(500, 'Internal server error');
      if (fault === 'error200') return fail(200, behaviour.error200Message);

      const decide = (p: FakeProduct) => {
        if (p.reviewed || behaviour.decision === 'pending') return;
        p.reviewed = true;
        const at = localTime(now());
        if (behaviour.decision === 'deny') {
          p.statusName = '승인반려';
          p.histories.unshift({
            status: '승인반려',
            comment: behaviour.reason,
            createdAt: at,
            createdBy: '쿠팡 셀러 시스템',
          });
        } else {
          p.statusName = behaviour.decision === 'partial' ? '부분승인완료' : '승인완료';
          p.histories.unshift({
            status: p.statusName,
            comment: '승인완료 - Items 생성 완료',
            createdAt: at,
            createdBy: '쿠팡 셀러 시스템',
          });
        }
      };
      const review = (p: FakeProduct, comment: string) => {
        p.statusName = '심사중';
        p.reviewed = false;
        p.histories.unshift({
          status: '심사중',
          comment,
          createdAt: localTime(now()),
          createdBy: '쿠팡 셀러 시스템',
        });
      };
      const checkPayload = (payload: Record<string, unknown>): string | null => {
        if (payload.vendorId !== keys.vendorId) return '판매자ID(vendorId)가 올바르지 않습니다.';
        const items = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
        if (items.length === 0) return '옵션(items)을 1개 이상 입력해주세요.';
        for (const item of items) {
          const price = Number(item.originalPrice);
          if (!Number.isFinite(price) || price % 10 !== 0)
            return `옵션(${String(item.itemName)}) : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)`;
        }
        return null;
      };

      const p = url.pathname;
      if (p === SELLER_PRODUCTS && req.method === 'GET') return ok([...products.values()].slice(0, 1));
      if (p === SELLER_PRODUCTS && req.method === 'POST') {
        const refused = checkPayload(body);
        if (refused) return fail(200, `[${refused}]`);
        const id = nextId++;
        const product: FakeProduct = {
          sellerProductId: id,
          statusName: '',
          payload: withItemIds(body),
          histories: [],
          reviewed: false,
          updates: 0,
        };
        review(product, '상품 등록 - 심사 요청');
        products.set(id, product);
        return send(200, { code: 'SUCCESS', message: '[]', data: id, details: null, errorItems: null });
      }
      if (p === SELLER_PRODUCTS && req.method === 'PUT') {
        const product = products.get(Number(body.sellerProductId));
        if (!product) return fail(200, '[등록상품ID를 찾을 수 없습니다.]');
        const refused = checkPayload(body);
        if (refused) return fail(200, `[${refused}]`);
        product.payload = withItemIds(body);
        product.updates += 1;
        review(product, '상품 수정 - 심사 요청');
        return send(200, { code: 'SUCCESS', message: '', data: product.sellerProductId });
      }
      const bySku = new RegExp(`^${SELLER_PRODUCTS}/external-vendor-sku-codes/(.+)$`).exec(p);
      if (bySku && req.method === 'GET') {
        const sku = decodeURIComponent(bySku[1]!);
        const found = [...products.values()].filter((x) =>
          ((x.payload.items as Record<string, unknown>[]) ?? []).some((i) => i.externalVendorSku === sku),
        );
        return ok(found.map((x) => ({ sellerProductId: x.sellerProductId, statusName: x.statusName })));
      }
      const one = new RegExp(`^${SELLER_PRODUCTS}/(\\d+)(/histories)?$`).exec(p);
      if (one && req.method === 'GET') {
        const product = products.get(Number(one[1]));
        if (!product) return fail(200, '[등록상품ID를 찾을 수 없습니다.]');
        decide(product);
        if (one[2]) return send(200, { code: '200', message: '', nextToken: '', data: product.histories });
        return ok({
          sellerProductId: product.sellerProductId,
          statusName: product.statusName,
          ...product.payload,
        });
      }
      if (p === `${META}/display-categories` && req.method === 'GET') return send(200, tree);
      const meta = new RegExp(`^${META}/category-related-metas/display-category-codes/(\\d+)$`).exec(p);
      if (meta && req.method === 'GET') {
        try {
          return send(200, readJson(path.join(here, `../../categories/fixtures/meta-${meta[1]}.json`)));
        } catch {
          return fail(200, `[노출카테고리코드(${meta[1]})를 찾을 수 없습니다.]`);
        }
      }
      return fail(404, 'Not found');
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    products,
    requests,
    setBehaviour: (b) => {
      behaviour = { ...behaviour, ...b };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
