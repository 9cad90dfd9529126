import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '@rr/domain';
import { DEMO_COUPANG_KEYS } from '../../demo/demo-coupang.ts';
import {
  coupangSignature,
  parseCoupangAuthorization,
  parseSignedDate,
  sameSignature,
} from '../coupang-signature.ts';
import {
  DEFAULT_OUTBOUND_PLACES,
  DEFAULT_RETURN_CENTERS,
  GENERIC_META,
  metaOf,
  pruneTree,
  readCategoryTree,
  readStoredMetas,
  treeCodes,
} from './fake-account.ts';
import { answerSales, generateSalesHistory, itemsOfProducts, type SalesItem } from './fake-sales.ts';
import {
  type CategoryMeta,
  isNewSchema,
  type OutboundPlace,
  type ReturnCenter,
  type ValidationContext,
  validateCreatePayload,
  validateModifyItemIds,
} from './validate-create-payload.ts';

// A stand-in for Coupang's Open API gateway, for tests and the demo (never used in production code
// paths: the server only knows COUPANG_API_BASE_URL), as strict as Coupang's documentation
// (/work/shared/reference/coupang_open_api_rules.md): it checks every request's CEA signature, the
// per-vendor rate limit (429 and a block), the gateway's 3 s timeout for large writes sent without
// X-EXTENDED-TIMEOUT (504, the product created anyway), and every documented creation rule
// (validate-create-payload.ts; refused with HTTP 400 and Coupang's error shape). It serves the
// seller's outbound places and return centres, inflow-status, the RFM category tree, approval
// requests, a review that takes `reviewMs` (심사중 → 승인대기중 → decision), and a SKU look-up that
// lags `skuLookupLagMs`. It can be told (POST /__fake/behaviour) to deny a review with a reason, to
// answer 403 (IP not registered / temporary block), to hang, to answer 429, 5xx or HTTP 200 + ERROR.

export type FakeCoupangKeys = { accessKey: string; secretKey: string; vendorId: string };

export type { OutboundPlace, ReturnCenter };
/** The keys the fake accepts by default (the demo company's, seeded by demo/demo-coupang.ts). */
export { DEMO_COUPANG_KEYS };

/** `slow_answer`: a write is carried out, its answer comes `hangMs` later (a crash in between loses it). */
type Fault = 'timeout' | 'busy' | 'error200' | 'server_error' | 'server_error_reason' | 'slow_answer';
type Behaviour = {
  /** What the review decides once `reviewMs` has passed (`pending`: it stays under review). */
  decision: 'approve' | 'deny' | 'partial' | 'pending';
  reason: string;
  /** Faults for the next signed requests, in order (one request each). */
  faults: Fault[];
  hangMs: number;
  error200Message: string;
  /** The message of the `server_error_reason` fault (a 500 carrying Coupang's error body). */
  serverErrorMessage: string;
  /** 403 for every request: `ip` (this server's IP not registered for the key), `blocked` (HTML). */
  forbidden: 'ip' | 'blocked' | null;
  /** The seller agreed in WING to the Rocket Growth product API terms. */
  rocketGrowthConsent: boolean;
  /** inflow-status: registration refused for the account. */
  restricted: boolean;
  /** inflow-status: the most products the account may hold (null: no limit). */
  permittedCount: number | null;
  /** How long a review takes (승인대기중 from half of it, the decision at the end). */
  reviewMs: number;
};

type FakeProduct = {
  sellerProductId: number;
  statusName: string;
  payload: Record<string, unknown>;
  histories: { status: string; comment: string; createdAt: string; createdBy: string }[];
  /** The review's decision was taken. */
  reviewed: boolean;
  updates: number;
  /** When it was created (ms, the fake's clock): the SKU look-up shows it `skuLookupLagMs` later. */
  createdAtMs: number;
  /** When its current review began (ms), null when it is not under review. */
  reviewStartedAtMs: number | null;
};

export type FakeCoupangOptions = {
  port?: number;
  host?: string;
  keys?: FakeCoupangKeys;
  /** The fake's clock: signatures, review times, SKU lag (the rate limit uses real time). */
  now?: () => Date;
  /** A write whose JSON body is larger than this, sent without X-EXTENDED-TIMEOUT, answers 504. */
  largeBodyBytes?: number;
  /** The gateway's default timeout (documented: 3 s). */
  gatewayTimeoutMs?: number;
  /** Requests per vendor within any 1 s window (Infinity: no limit). */
  rateLimitPerSecond?: number;
  /** How long a vendor that went over the limit gets 429 for every request. */
  blockMs?: number;
  reviewMs?: number;
  skuLookupLagMs?: number;
  /** Accept image URLs on 127.0.0.1/localhost with any port (the demo serves images from its own port). */
  allowLocalImagePorts?: boolean;
  rocketGrowthConsent?: boolean;
  /** Rocket Growth categories (default: every category with a stored meta file). */
  rfmCodes?: number[];
  outboundPlaces?: OutboundPlace[];
  returnCenters?: ReturnCenter[];
  /** More category metadata answers by code (tests), beside the app's stored fixtures. */
  categoryMetas?: Record<number, unknown>;
  /**
   * Where the fake keeps its products between starts (the demo: Coupang does not forget a seller's
   * products when our server restarts, and its ids never repeat). Unset: in memory only (tests).
   */
  stateFile?: string;
  /**
   * Issue 41: vendor items the sales history is generated for, beside the approved products' own
   * (fake-sales.ts). The demo passes DEMO_SALES_ITEMS.
   */
  salesItems?: readonly SalesItem[];
};

const SELLER_PRODUCTS = '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products';
const META = '/v2/providers/seller_api/apis/api/v1/marketplace/meta';
// "출고지 조회" (360033644754) documents v2; the contract with the app (issue 37) names v1: both served.
const OUTBOUND = /^\/v2\/providers\/marketplace_openapi\/apis\/api\/v[12]\/vendor\/shipping-place\/outbound$/;
// "반품지 목록 조회" (360033644814) documents v5; the older v4 is the app's: both served.
const RETURN_CENTERS =
  /^\/v2\/providers\/openapi\/apis\/api\/v[45]\/vendors\/([^/]+)\/returnShippingCenters$/;

const localTime = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 19);
const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => isRecord(x)) : [];

export type FakeCoupang = {
  readonly url: string;
  readonly products: Map<number, FakeProduct>;
  readonly requests: { method: string; path: string; status: number; extendedTimeout?: string | null }[];
  setBehaviour(b: Partial<Behaviour>): void;
  close(): Promise<void>;
};

export async function startFakeCoupang(options: FakeCoupangOptions = {}): Promise<FakeCoupang> {
  const keys: FakeCoupangKeys = options.keys ?? { ...DEMO_COUPANG_KEYS };
  const now = options.now ?? (() => new Date());
  const largeBodyBytes = options.largeBodyBytes ?? 20_000;
  const gatewayTimeoutMs = options.gatewayTimeoutMs ?? 3000;
  const rateLimit = options.rateLimitPerSecond ?? 10;
  const blockMs = options.blockMs ?? 5 * 60_000;
  const skuLag = options.skuLookupLagMs ?? 0;
  const outboundPlaces = options.outboundPlaces ?? DEFAULT_OUTBOUND_PLACES;
  const returnCenters = options.returnCenters ?? DEFAULT_RETURN_CENTERS;
  const products = new Map<number, FakeProduct>();
  const requests: FakeCoupang['requests'] = [];
  let nextId = 15568763006;
  let nextItemId = 80000000001;
  let nextVendorItemId = 90000000001;
  const stateFile = options.stateFile;
  if (stateFile && existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      nextId: number;
      nextItemId: number;
      nextVendorItemId: number;
      products: FakeProduct[];
    };
    nextId = saved.nextId;
    nextItemId = saved.nextItemId;
    nextVendorItemId = saved.nextVendorItemId;
    for (const p of saved.products) products.set(p.sellerProductId, p);
  }
  /** Written after every request that reached the API (atomic: a temporary file renamed over it). */
  const saveState = () => {
    if (!stateFile) return;
    const tmp = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(
      tmp,
      JSON.stringify({ nextId, nextItemId, nextVendorItemId, products: [...products.values()] }),
    );
    renameSync(tmp, stateFile);
  };
  let behaviour: Behaviour = {
    decision: 'approve',
    reason: '',
    faults: [],
    hangMs: 60_000,
    error200Message: '[옵션(기본) : 정상가는 최소 10원 단위로 입력가능합니다. (1원단위 입력 불가)]',
    // 상품 생성 errorSpec: Coupang's generic field error.
    serverErrorMessage: '[입력값에 오류가 있습니다. line: 1]',
    forbidden: null,
    rocketGrowthConsent: options.rocketGrowthConsent ?? true,
    restricted: false,
    permittedCount: 100_000,
    reviewMs: options.reviewMs ?? 0,
  };

  const tree = readCategoryTree();
  const inTree = treeCodes(tree.data);
  const storedMetas = readStoredMetas();
  for (const [code, answer] of Object.entries(options.categoryMetas ?? {}))
    storedMetas.set(Number(code), answer);
  const rfmCodes = new Set(options.rfmCodes ?? storedMetas.keys());
  const rfmTree = { ...tree, data: pruneTree(tree.data, rfmCodes) };
  const metaFor = (code: number): CategoryMeta | null => {
    const stored = storedMetas.get(code);
    if (stored) return metaOf(stored);
    return inTree.has(code) && code !== 0 ? GENERIC_META : null;
  };
  const context = (): ValidationContext => ({
    vendorId: keys.vendorId,
    meta: metaFor,
    rfmCodes,
    outboundPlaces,
    returnCenters,
    rocketGrowthConsent: behaviour.rocketGrowthConsent,
    allowLocalImagePorts: options.allowLocalImagePorts ?? true,
  });

  /** Gives each new item its ids; an update keeps the ids it was sent (new schema: inside the channel data). */
  const withItemIds = (payload: Record<string, unknown>) => {
    const newSchema = isNewSchema(payload);
    return {
      ...payload,
      items: records(payload.items).map((item) => {
        if (!newSchema) return { ...item, sellerProductItemId: item.sellerProductItemId ?? nextItemId++ };
        const out = { ...item };
        for (const key of ['rocketGrowthItemData', 'marketplaceItemData'] as const) {
          const data = item[key];
          if (isRecord(data))
            out[key] = {
              ...data,
              sellerProductItemId: data.sellerProductItemId ?? nextItemId++,
              vendorItemId: data.vendorItemId ?? null,
            };
        }
        return out;
      }),
    };
  };
  /** vendorItemId is made when the product is approved ("Object text must begin…" FAQ). */
  const giveVendorItemIds = (p: FakeProduct) => {
    p.payload.items = records(p.payload.items).map((item) => {
      const out = { ...item };
      if (!isNewSchema(p.payload)) out.vendorItemId = item.vendorItemId ?? nextVendorItemId++;
      for (const key of ['rocketGrowthItemData', 'marketplaceItemData'] as const) {
        const data = item[key];
        if (isRecord(data)) out[key] = { ...data, vendorItemId: data.vendorItemId ?? nextVendorItemId++ };
      }
      return out;
    });
  };

  const history = (p: FakeProduct, status: string, comment: string) =>
    p.histories.unshift({ status, comment, createdAt: localTime(now()), createdBy: '쿠팡 셀러 시스템' });

  /** The review, evaluated when the product is read: 심사중 → 승인대기중 (half-way) → the decision. */
  const evaluate = (p: FakeProduct) => {
    if (p.reviewStartedAtMs === null || p.reviewed) return;
    const elapsed = now().getTime() - p.reviewStartedAtMs;
    const reviewMs = behaviour.reviewMs;
    if (p.statusName === '심사중' && reviewMs > 0 && elapsed >= reviewMs / 2) {
      p.statusName = '승인대기중';
      history(p, '승인대기중', '심사 완료 - 승인 대기');
    }
    if (behaviour.decision === 'pending' || elapsed < reviewMs) return;
    p.reviewed = true;
    p.reviewStartedAtMs = null;
    if (behaviour.decision === 'deny') {
      p.statusName = '승인반려';
      history(p, '승인반려', behaviour.reason);
    } else {
      p.statusName = behaviour.decision === 'partial' ? '부분승인완료' : '승인완료';
      giveVendorItemIds(p);
      history(p, p.statusName, '승인완료 - Items 생성 완료');
    }
  };
  const startReview = (p: FakeProduct, comment: string) => {
    p.statusName = '심사중';
    p.reviewed = false;
    p.reviewStartedAtMs = now().getTime();
    history(p, '심사중', comment);
  };
  const saveOnly = (p: FakeProduct, comment: string) => {
    p.statusName = '임시저장';
    p.reviewed = false;
    p.reviewStartedAtMs = null;
    history(p, '임시저장', comment);
  };

  // "Introduction of Open API rate limit policy" (20414599556889) and its 2023 strengthening
  // (23902034110617): about 10 calls per second per vendorId, then 429 and a block of minutes.
  const recent = new Map<string, number[]>();
  const blockedUntil = new Map<string, number>();
  const throttled = (vendor: string): boolean => {
    const t = Date.now();
    if ((blockedUntil.get(vendor) ?? 0) > t) return true;
    const window = (recent.get(vendor) ?? []).filter((x) => x > t - 1000);
    window.push(t);
    recent.set(vendor, window);
    if (window.length > rateLimit) {
      blockedUntil.set(vendor, t + blockMs);
      return true;
    }
    return false;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const extended = req.headers['x-extended-timeout'];
      const extendedTimeout = typeof extended === 'string' ? extended : null;
      const send = (status: number, body: unknown, contentType = 'application/json;charset=UTF-8') => {
        saveState();
        if (res.writableEnded || res.destroyed) return;
        requests.push({ method: req.method ?? '', path: url.pathname, status, extendedTimeout });
        res.writeHead(status, { 'content-type': contentType });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const ok = (data: unknown) => send(200, { code: 'SUCCESS', message: '', data });
      const fail = (status: number, message: string) => send(status, { code: 'ERROR', message, data: null });
      // Technical FAQ / responses sample: Coupang's error answer.
      const refuse = (messages: string[]) =>
        send(400, {
          code: 'ERROR',
          message: `[${messages.join(', ')}]`,
          data: null,
          details: null,
          errorItems: null,
        });
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = text ? JSON.parse(text) : {};
        body = isRecord(parsed) ? parsed : {};
      } catch {
        // Business FAQ #21: Coupang's answer to a body it cannot read.
        return refuse(['입력값에 오류가 있습니다. line: 1']);
      }

      // The fake's own controls (no signature).
      if (url.pathname === '/__fake/behaviour' && req.method === 'POST') {
        behaviour = { ...behaviour, ...(body as Partial<Behaviour>) };
        return send(200, { ok: true });
      }
      if (url.pathname === '/__fake/state' && req.method === 'GET')
        return send(200, { products: [...products.values()], requests, behaviour });

      // "403 Forbidden 에러가 발생합니다" (25780974599577): a temporary block answers Akamai's HTML page.
      if (behaviour.forbidden === 'blocked')
        return send(
          403,
          `<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don't have permission to access "http://api-gateway.coupang.com${url.pathname}" on this server.<P>\nReference #18.3c61ca17.${Math.floor(now().getTime() / 1000)}.1f34800d\n</BODY>\n</HTML>\n`,
          'text/html',
        );
      // Technical FAQ / "OpenAPI Key issuance" (20288952179993): a server IP not registered for the key
      // is refused with 403. No documented body text was found: a plain Korean message in the usual shape.
      if (behaviour.forbidden === 'ip')
        return fail(
          403,
          '[허용되지 않은 IP 주소에서 호출했습니다. WING > 판매자정보 > 추가판매정보 > OPEN API 키 발급에서 이 서버의 IP 주소를 등록해주세요.]',
        );

      // "Creating HMAC Signature" (360033461914): CEA header, known access key, signed-date near now,
      // HMAC over signed-date + method + path + query.
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

      const p = url.pathname;
      const requestedBy = req.headers['x-requested-by'];
      const vendor =
        (typeof requestedBy === 'string' && requestedBy) ||
        RETURN_CENTERS.exec(p)?.[1] ||
        (typeof body.vendorId === 'string' && body.vendorId) ||
        keys.vendorId;
      if (throttled(vendor)) return fail(429, '[API 호출 한도를 초과했습니다. 잠시 후 다시 시도해주세요.]');

      // A slow answer is a write's fault: the reads before it (inflow-status…) leave it for the write.
      const fault =
        behaviour.faults[0] === 'slow_answer' && req.method === 'GET' ? undefined : behaviour.faults.shift();
      if (fault === 'timeout') {
        setTimeout(() => fail(504, 'gateway timeout'), behaviour.hangMs).unref();
        return;
      }
      if (fault === 'busy') {
        res.setHeader('retry-after', '0');
        return fail(429, 'Too many requests');
      }
      // A 500 without Coupang's error body (a proxy or gateway page): nobody knows what happened.
      if (fault === 'server_error') {
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          status: 500,
        } as (typeof requests)[number]);
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      // Technical FAQ: a 500 is "mostly when the fields you sent are wrong", with Coupang's body.
      if (fault === 'server_error_reason') return fail(500, behaviour.serverErrorMessage);
      if (fault === 'error200') return fail(200, behaviour.error200Message);

      // Technical FAQ: the gateway answers 504 after 3 s unless X-EXTENDED-TIMEOUT is sent; the backend
      // carries on ("쿠팡 서버에서는 정상적으로 상품이 등록되었으나, 클라이언트에서 timeout이 발생").
      const slowWrite = Buffer.byteLength(text) > largeBodyBytes && extendedTimeout === null;
      const written = (answer: () => void) => {
        if (fault === 'slow_answer') {
          setTimeout(answer, behaviour.hangMs).unref();
          return;
        }
        if (!slowWrite) return answer();
        setTimeout(() => fail(504, 'Gateway Timeout'), gatewayTimeoutMs).unref();
      };

      // Issue 41: order sheets, returns, revenue history, Rocket Growth orders and inventory.
      const sales = answerSales(req.method ?? '', p, url, vendor, () =>
        generateSalesHistory(
          [...(options.salesItems ?? []), ...itemsOfProducts(products.values())],
          now().getTime(),
        ),
      );
      if (sales) return send(sales.status, sales.body);

      if (p === SELLER_PRODUCTS && req.method === 'GET') {
        const first = [...products.values()].slice(0, 1);
        first.forEach(evaluate);
        return ok(first);
      }
      if (p === `${SELLER_PRODUCTS}/inflow-status` && req.method === 'GET')
        // "Query a status of product registration" (4404525347353).
        return ok({
          vendorId: keys.vendorId,
          restricted: behaviour.restricted,
          registeredCount: products.size,
          permittedCount: behaviour.permittedCount,
        });
      if (p === SELLER_PRODUCTS && req.method === 'POST') {
        const refusals = validateCreatePayload(body, context()).map((r) => r.message);
        // inflow-status (4404525347353): a restricted account, or one at its permittedCount, cannot create.
        if (behaviour.restricted)
          refusals.unshift('상품 생성이 제한된 계정입니다. (inflow-status restricted)');
        else if (behaviour.permittedCount !== null && products.size >= behaviour.permittedCount)
          refusals.unshift(`생성 가능한 최대 상품수(${behaviour.permittedCount})를 초과했습니다.`);
        if (refusals.length > 0) return refuse(refusals);
        const id = nextId++;
        const product: FakeProduct = {
          sellerProductId: id,
          statusName: '',
          payload: withItemIds(body),
          histories: [],
          reviewed: false,
          updates: 0,
          createdAtMs: now().getTime(),
          reviewStartedAtMs: null,
        };
        // 상품 생성 (requested): true saves and asks for approval; otherwise 임시저장.
        if (body.requested === true) startReview(product, '상품 등록 - 심사 요청');
        else saveOnly(product, '상품 등록 - 임시저장');
        products.set(id, product);
        return written(() =>
          send(200, { code: 'SUCCESS', message: '[]', data: id, details: null, errorItems: null }),
        );
      }
      if (p === SELLER_PRODUCTS && req.method === 'PUT') {
        const product = products.get(Number(body.sellerProductId));
        if (!product) return refuse(['등록상품ID를 찾을 수 없습니다.']);
        const existingRg = new Set(
          records(product.payload.items).flatMap((i) =>
            isRecord(i.rocketGrowthItemData) ? [Number(i.rocketGrowthItemData.sellerProductItemId)] : [],
          ),
        );
        // 39407792403609: "an option that had a record of having been 'approved' cannot be deleted".
        const itemIds = (items: unknown) =>
          records(items).flatMap((i) =>
            [
              i.sellerProductItemId,
              ...['rocketGrowthItemData', 'marketplaceItemData'].map((k) => {
                const d = i[k];
                return isRecord(d) ? d.sellerProductItemId : undefined;
              }),
            ]
              .filter((id) => id !== undefined && id !== null)
              .map(Number),
          );
        const everApproved = product.histories.some((h) => /승인완료/.test(h.status));
        const kept = new Set(itemIds(body.items));
        const dropped = everApproved ? itemIds(product.payload.items).filter((id) => !kept.has(id)) : [];
        const refusals = [
          // 상품 수정 (360034156073, 39407792403609): the whole creation body with the ids.
          ...validateCreatePayload(body, context()),
          ...validateModifyItemIds(body, existingRg),
        ].map((r) => r.message);
        if (dropped.length > 0)
          refusals.push(
            `승인된 이력이 있는 옵션은 삭제할 수 없습니다. (sellerProductItemId: ${dropped.join(', ')})`,
          );
        if (refusals.length > 0) return refuse(refusals);
        product.payload = withItemIds(body);
        product.updates += 1;
        if (body.requested === false) saveOnly(product, '상품 수정 - 임시저장');
        else startReview(product, '상품 수정 - 심사 요청');
        return written(() => send(200, { code: 'SUCCESS', message: '', data: product.sellerProductId }));
      }
      const approval = new RegExp(`^${SELLER_PRODUCTS}/(\\d+)/approvals$`).exec(p);
      if (approval && req.method === 'PUT') {
        const product = products.get(Number(approval[1]));
        if (!product) return refuse(['등록상품ID를 찾을 수 없습니다.']);
        evaluate(product);
        // "상품 승인 요청" (360033644894) / business FAQ #25: only from 임시저장, with this message.
        if (product.statusName !== '임시저장')
          return refuse([`업체상품[${product.sellerProductId}]이 승인요청 가능한 상태가 아닙니다.`]);
        startReview(product, '승인 요청');
        return send(200, {
          code: 'SUCCESS',
          message: `${product.sellerProductId} 승인 요청되었습니다. 승인 내용에 문제가 있을 경우 승인 요청이 처리되지 않을 수 있습니다.`,
          data: String(product.sellerProductId),
        });
      }
      const bySku = new RegExp(`^${SELLER_PRODUCTS}/external-vendor-sku-codes/(.+)$`).exec(p);
      if (bySku && req.method === 'GET') {
        // "상품 요약 정보 조회" (360033645094): by externalVendorSku, wherever the layout puts it. The
        // summary is an index that lags (technical FAQ: about a minute): a product appears
        // `skuLookupLagMs` after its creation, with the status it had when last read.
        const sku = decodeURIComponent(bySku[1]!);
        const skus = (item: Record<string, unknown>) => [
          item.externalVendorSku,
          isRecord(item.rocketGrowthItemData) ? item.rocketGrowthItemData.externalVendorSku : undefined,
          isRecord(item.marketplaceItemData) ? item.marketplaceItemData.externalVendorSku : undefined,
        ];
        const t = now().getTime();
        const found = [...products.values()].filter(
          (x) => x.createdAtMs + skuLag <= t && records(x.payload.items).some((i) => skus(i).includes(sku)),
        );
        return ok(
          found.map((x) => ({
            sellerProductId: x.sellerProductId,
            sellerProductName: x.payload.sellerProductName ?? null,
            displayCategoryCode: x.payload.displayCategoryCode ?? null,
            vendorId: x.payload.vendorId ?? keys.vendorId,
            saleStartedAt: x.payload.saleStartedAt ?? null,
            saleEndedAt: x.payload.saleEndedAt ?? null,
            brand: x.payload.brand ?? null,
            statusName: x.statusName,
            createdAt: localTime(new Date(x.createdAtMs)),
          })),
        );
      }
      const one = new RegExp(`^${SELLER_PRODUCTS}/(\\d+)(/histories)?$`).exec(p);
      if (one && req.method === 'GET') {
        const product = products.get(Number(one[1]));
        if (!product) return fail(200, '[등록상품ID를 찾을 수 없습니다.]');
        evaluate(product);
        if (one[2]) return send(200, { code: '200', message: '', nextToken: '', data: product.histories });
        return ok({
          sellerProductId: product.sellerProductId,
          statusName: product.statusName,
          ...answered(product.payload),
        });
      }
      if (p === `${META}/display-categories` && req.method === 'GET')
        // "How to get category list for Rocket Growth Products" (39428894927257): registrationType=RFM.
        return send(200, url.searchParams.get('registrationType') === 'RFM' ? rfmTree : tree);
      const meta = new RegExp(`^${META}/category-related-metas/display-category-codes/(\\d+)$`).exec(p);
      if (meta && req.method === 'GET') {
        const code = Number(meta[1]);
        const stored = storedMetas.get(code);
        if (stored) return send(200, stored);
        if (metaFor(code))
          return ok({ ...GENERIC_META, isAllowSingleItem: true, allowedOfferConditions: ['NEW'] });
        return fail(200, `[노출카테고리코드(${meta[1]})를 찾을 수 없습니다.]`);
      }
      if (OUTBOUND.test(p) && req.method === 'GET') {
        // The shape of "출고지 조회" (360033644754) as the contract with the app gives it: {content,
        // pagination} without the {code, data} wrapper of the older v4 outboundShippingCenters example.
        const { content, pagination } = page(outboundPlaces, url);
        return send(200, { content, pagination });
      }
      const centres = RETURN_CENTERS.exec(p);
      if (centres && req.method === 'GET') {
        if (centres[1] !== keys.vendorId) return refuse(['업체코드가 잘못 되었습니다.']);
        // "반품지 목록 조회" (360033644814) / lookup-return-shipping-facility example: {code, message, data}.
        const { content, pagination } = page(
          returnCenters.map((c) => ({ vendorId: keys.vendorId, ...c })),
          url,
        );
        return send(200, { code: '200', message: 'SUCCESS', data: { content, pagination } });
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

/** A product as the query answers it: legalAgreement is write-only (observed: never in the answer). */
function answered(payload: Record<string, unknown>): Record<string, unknown> {
  const extra = payload.rocketGrowthAdditionalInformation;
  if (!isRecord(extra)) return payload;
  const { legalAgreement: _written, ...kept } = extra;
  return { ...payload, rocketGrowthAdditionalInformation: kept };
}

/** pageNum (from 1) and pageSize (at most 50), as the distribution-center look-ups document. */
function page<T>(all: readonly T[], url: URL) {
  const size = Math.min(50, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10) || 10));
  const num = Math.max(1, Number(url.searchParams.get('pageNum') ?? 1) || 1);
  return {
    content: all.slice((num - 1) * size, num * size),
    pagination: {
      currentPage: num,
      totalPages: Math.max(1, Math.ceil(all.length / size)),
      totalElements: all.length,
      countPerPage: size,
    },
  };
}
