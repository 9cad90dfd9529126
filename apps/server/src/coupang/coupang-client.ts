import pRetry, { AbortError } from 'p-retry';
import { CoupangApiError } from './coupang-client-error.ts';
import { backoffMessage, COUPANG_MESSAGES as M, refusedBy } from './coupang-messages.ts';
import { type CoupangKeys, coupangAuthorization } from './coupang-signature.ts';
import type { VendorLimiter } from './vendor-limiter.ts';

export { CoupangApiError };

// The Coupang Open API client: signed requests (coupang-signature.ts), a timeout per attempt, retries
// with back-off only for reads (429, 5xx, timeouts, network failures; Retry-After honoured), and
// "HTTP 200 with a code other than SUCCESS is a failure". A write (create, update) is sent once: the
// caller decides what to do after a failure it cannot read (registration looks the product up by its
// external SKU before sending again).
// Issue 37: every call waits for its vendor's slot (one limiter per vendor id shared by every
// process); a 429 holds the vendor's calls back for minutes and is never retried; a write carries
// X-EXTENDED-TIMEOUT (the gateway's own timeout is 3 s); 401 and 403 say which case they are; a 5xx
// with Coupang's error body is Coupang's refusal with its reason, and only a lost or unreadable
// answer leaves the outcome unknown.

export const COUPANG_DEFAULT_BASE_URL = 'https://api-gateway.coupang.com';
const SELLER_PRODUCTS = '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products';
const META = '/v2/providers/seller_api/apis/api/v1/marketplace/meta';
const OUTBOUND_PLACES = '/v2/providers/marketplace_openapi/apis/api/v1/vendor/shipping-place/outbound';
const returnCentersPath = (vendorId: string) =>
  `/v2/providers/openapi/apis/api/v4/vendors/${encodeURIComponent(vendorId)}/returnShippingCenters`;
/** Sent on writes: the gateway's default timeout is 3 s (technical FAQ). */
export const EXTENDED_TIMEOUT_MS = 90_000;

export type CoupangCredentials = CoupangKeys & { readonly vendorId: string };

export type CoupangClientOptions = {
  readonly baseUrl: string;
  readonly now?: () => Date;
  readonly fetch?: typeof fetch;
  /** Per attempt. */
  readonly timeoutMs?: number;
  /** Further attempts of a read. */
  readonly retries?: number;
  /** First back-off wait (triples each time); tests use 0. */
  readonly minRetryDelayMs?: number;
  /** The per-vendor limiter (shared by every process); none in unit tests that do not need one. */
  readonly limiter?: VendorLimiter | undefined;
};

type Answer = { code?: unknown; message?: unknown; data?: unknown; nextToken?: unknown };

const SUCCESS_CODES = new Set(['SUCCESS', '200']);

function readMessage(body: Answer | null): string | null {
  const m = typeof body?.message === 'string' ? body.message.trim().replace(/^\[|\]$/g, '') : '';
  return m === '' ? null : m;
}

export type CoupangProductSummary = {
  readonly sellerProductId: string;
  readonly statusName: string;
};

/** A seller product as read back: its status and its items' ids by external SKU (an update needs them). */
export type CoupangProduct = CoupangProductSummary & {
  readonly items: readonly {
    readonly externalVendorSku: string;
    /** The flat layout's item id. */
    readonly sellerProductItemId: string;
    /** The new schema's ids, inside rocketGrowthItemData / marketplaceItemData. */
    readonly rocketGrowthItemId: string;
    readonly rocketGrowthVendorItemId: string;
    readonly marketplaceItemId: string;
    readonly marketplaceVendorItemId: string;
  }[];
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Coupang refused the call with its reason; the one refusal that needs the seller in WING is named. */
function refusal(status: number, message: string): CoupangApiError {
  if (/로켓\s*그로스|rocket\s*growth/i.test(message) && /동의|agree|consent/i.test(message))
    return new CoupangApiError(
      'coupang_rg_consent',
      'upstream',
      M.rocketGrowthConsent,
      status,
      message,
      false,
    );
  return new CoupangApiError('coupang_refused', 'upstream', refusedBy(message), status, message, false);
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export type CoupangHistoryEntry = {
  readonly status: string;
  readonly comment: string;
  readonly createdAt: string;
};

export function createCoupangClient(options: CoupangClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  /** A write waits for Coupang's extended timeout, plus a margin for the answer to travel. */
  const writeTimeoutMs = options.timeoutMs ?? EXTENDED_TIMEOUT_MS + 5_000;
  const retries = options.retries ?? 2;
  const minDelay = options.minRetryDelayMs ?? 2_000;

  async function once(
    creds: CoupangCredentials,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    query: string,
    body: unknown,
  ): Promise<Answer> {
    await options.limiter?.acquire(creds.vendorId);
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    const write = method !== 'GET';
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          authorization: coupangAuthorization(creds, method, path, query, now()),
          'content-type': 'application/json;charset=UTF-8',
          'x-requested-by': creds.vendorId,
          ...(write ? { 'x-extended-timeout': String(EXTENDED_TIMEOUT_MS) } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(write ? writeTimeoutMs : timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new CoupangApiError(
        timedOut ? 'coupang_timeout' : 'coupang_unreachable',
        timedOut ? 'timeout' : 'upstream',
        timedOut ? M.timeout : M.unreachable,
        null,
        null,
        true,
      );
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      // The answer was cut off: whatever the request did, we cannot tell.
      throw new CoupangApiError('coupang_unreadable', 'upstream', M.unreachable, res.status, null, true);
    }
    let parsed: Answer | null = null;
    try {
      const value: unknown = text ? JSON.parse(text) : null;
      parsed =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Answer) : null;
    } catch {
      parsed = null;
    }
    const coupangMessage = readMessage(parsed);
    if (res.status === 429) {
      const until = await options.limiter?.throttled(creds.vendorId);
      const minutes = until ? Math.max(1, Math.ceil((until - Date.now()) / 60_000)) : null;
      const error = new CoupangApiError(
        'coupang_busy',
        'too_many',
        minutes ? backoffMessage(minutes) : M.busy,
        429,
        coupangMessage,
        false,
      );
      const after = Number(res.headers.get('retry-after'));
      error.retryAfterMs = Number.isFinite(after) ? after * 1000 : undefined;
      throw error;
    }
    if (res.status === 401)
      throw new CoupangApiError(
        'coupang_keys_refused',
        'upstream',
        M.keysRefused,
        401,
        coupangMessage,
        false,
      );
    if (res.status === 403) {
      // An HTML "Access Denied" page is the gateway's temporary block; Coupang's JSON refusal is the
      // key's IP list (technical FAQ).
      const isBlock = parsed === null || /access denied/i.test(text.slice(0, 2000));
      throw new CoupangApiError(
        isBlock ? 'coupang_blocked' : 'coupang_ip_not_registered',
        'upstream',
        isBlock ? M.blocked : M.ipNotRegistered,
        403,
        coupangMessage,
        false,
      );
    }
    const code =
      typeof parsed?.code === 'string' || typeof parsed?.code === 'number' ? String(parsed.code) : '';
    if (res.status >= 500) {
      // Coupang answers 500 mostly when the fields sent are wrong, with its reason: a refusal. Without
      // its error body (a gateway timeout, a proxy page) nobody knows what happened.
      if (res.status !== 504 && coupangMessage && code === 'ERROR') throw refusal(res.status, coupangMessage);
      throw new CoupangApiError(
        res.status === 504 ? 'coupang_timeout' : 'coupang_server_error',
        res.status === 504 ? 'timeout' : 'upstream',
        res.status === 504 ? M.timeout : M.unreachable,
        res.status,
        coupangMessage,
        true,
      );
    }
    if (res.status >= 200 && res.status < 300 && parsed === null)
      // A success whose body cannot be read (cut off, not JSON): the request may have been carried out.
      throw new CoupangApiError('coupang_unreadable', 'upstream', M.unreachable, res.status, null, true);
    // Some answers (the outbound places list) carry no code at all; an error always says ERROR.
    if (res.status < 200 || res.status >= 300 || (code !== '' && !SUCCESS_CODES.has(code)))
      throw refusal(res.status, coupangMessage ?? `HTTP ${res.status} ${code}`.trim());
    return parsed!;
  }

  /** A read: retried a few times with a growing wait on 5xx, timeouts and network failures; never on 429. */
  function read(creds: CoupangCredentials, path: string, query = ''): Promise<Answer> {
    return pRetry(
      async () => {
        try {
          return await once(creds, 'GET', path, query, undefined);
        } catch (e) {
          if (e instanceof CoupangApiError && e.outcomeUnknown) throw e;
          throw new AbortError(e as Error);
        }
      },
      { retries, minTimeout: minDelay, factor: 3, randomize: minDelay > 0 },
    );
  }

  /** All pages of a paged list (pageNum/pageSize), at most `maxPages`. */
  async function readPages(
    creds: CoupangCredentials,
    path: string,
    maxPages = 10,
  ): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const answer = await read(creds, path, `pageNum=${page}&pageSize=50`);
      // The answers nest their list as data.content (v4) or content (marketplace_openapi).
      const holder = (isObject(answer.data) ? answer.data : answer) as Record<string, unknown>;
      const content = Array.isArray(holder.content) ? holder.content.filter(isObject) : [];
      out.push(...content);
      const pagination = isObject(holder.pagination) ? holder.pagination : {};
      const total = Number(pagination.totalPages ?? 1);
      if (content.length === 0 || !(page < total)) break;
    }
    return out;
  }

  return {
    /**
     * Issue 41: one page of a read-only list (order sheets, returns, revenue history, Rocket Growth
     * orders and stock) as Coupang answered it: the sales sync keeps it raw and reads its nextToken.
     */
    async readPage(creds: CoupangCredentials, path: string, query: string): Promise<Record<string, unknown>> {
      return (await read(creds, path, query)) as Record<string, unknown>;
    },
    /** A harmless call for "연결 확인": one product of the vendor's list. */
    async checkConnection(creds: CoupangCredentials): Promise<void> {
      await read(creds, SELLER_PRODUCTS, `vendorId=${encodeURIComponent(creds.vendorId)}&maxPerPage=1`);
    },
    async displayCategories(creds: CoupangCredentials): Promise<unknown> {
      return (await read(creds, `${META}/display-categories`)).data;
    },
    async categoryMeta(creds: CoupangCredentials, code: number): Promise<unknown> {
      return (await read(creds, `${META}/category-related-metas/display-category-codes/${code}`)).data;
    },
    /** POST seller-products, sent once: answers the new sellerProductId. */
    async createProduct(creds: CoupangCredentials, payload: Record<string, unknown>): Promise<string> {
      const answer = await once(creds, 'POST', SELLER_PRODUCTS, '', payload);
      // A success without the new id: it was probably created, but we cannot tell which product.
      if (typeof answer.data !== 'number' && typeof answer.data !== 'string')
        throw new CoupangApiError('coupang_unreadable', 'upstream', M.unreachable, 200, null, true);
      return String(answer.data);
    },
    /** PUT seller-products (the same seller product, its sellerProductId in the body), sent once. */
    async updateProduct(creds: CoupangCredentials, payload: Record<string, unknown>): Promise<void> {
      await once(creds, 'PUT', SELLER_PRODUCTS, '', payload);
    },
    async getProduct(creds: CoupangCredentials, sellerProductId: string): Promise<CoupangProduct> {
      const data = (await read(creds, `${SELLER_PRODUCTS}/${encodeURIComponent(sellerProductId)}`)).data as
        | Record<string, unknown>
        | undefined;
      const items = (Array.isArray(data?.items) ? (data.items as Record<string, unknown>[]) : []).map(
        (item) => {
          // Rocket Growth and hybrid answers carry the ids inside the item data (article 37338749441689).
          const rg = isObject(item.rocketGrowthItemData) ? item.rocketGrowthItemData : {};
          const mp = isObject(item.marketplaceItemData) ? item.marketplaceItemData : {};
          return {
            externalVendorSku:
              str(item.externalVendorSku) || str(rg.externalVendorSku) || str(mp.externalVendorSku),
            sellerProductItemId: str(item.sellerProductItemId),
            rocketGrowthItemId: str(rg.sellerProductItemId),
            rocketGrowthVendorItemId: str(rg.vendorItemId),
            marketplaceItemId: str(mp.sellerProductItemId),
            marketplaceVendorItemId: str(mp.vendorItemId),
          };
        },
      );
      return { sellerProductId, statusName: str(data?.statusName), items };
    },
    async productHistories(
      creds: CoupangCredentials,
      sellerProductId: string,
    ): Promise<CoupangHistoryEntry[]> {
      const data = (
        await read(
          creds,
          `${SELLER_PRODUCTS}/${encodeURIComponent(sellerProductId)}/histories`,
          'maxPerPage=20',
        )
      ).data;
      return (Array.isArray(data) ? data : []).map((h: Record<string, unknown>) => ({
        status: String(h.status ?? ''),
        comment: String(h.comment ?? ''),
        createdAt: String(h.createdAt ?? ''),
      }));
    },
    /** The seller products holding an item with this external SKU (the look-up before a second create). */
    async findByExternalSku(creds: CoupangCredentials, sku: string): Promise<CoupangProductSummary[]> {
      const data = (
        await read(creds, `${SELLER_PRODUCTS}/external-vendor-sku-codes/${encodeURIComponent(sku)}`)
      ).data;
      return (Array.isArray(data) ? data : []).flatMap((p: Record<string, unknown>) =>
        p.sellerProductId === undefined
          ? []
          : [{ sellerProductId: String(p.sellerProductId), statusName: String(p.statusName ?? '') }],
      );
    },
    /**
     * Issue 37: the account's outbound places and return centres ("출고지 목록 조회", "반품지 목록 조회"),
     * each with its address; a return centre with its zip code and contact for the return block.
     */
    async shippingPlaces(creds: CoupangCredentials): Promise<ShippingPlaces> {
      const [outbound, centres] = await Promise.all([
        readPages(creds, OUTBOUND_PLACES),
        readPages(creds, returnCentersPath(creds.vendorId)),
      ]);
      const firstAddress = (p: Record<string, unknown>) => {
        const list = Array.isArray(p.placeAddresses) ? p.placeAddresses.filter(isObject) : [];
        return list.find((a) => a.addressType === 'ROADNAME') ?? list[0] ?? {};
      };
      const usable = (p: Record<string, unknown>) => p.usable !== false;
      return {
        outbound: outbound.filter(usable).map((p) => {
          const a = firstAddress(p);
          return {
            code: str(p.outboundShippingPlaceCode),
            name: str(p.shippingPlaceName),
            address: [str(a.returnAddress), str(a.returnAddressDetail)].filter(Boolean).join(' '),
          };
        }),
        returnCenters: centres.filter(usable).map((p) => {
          const a = firstAddress(p);
          return {
            code: str(p.returnCenterCode),
            name: str(p.shippingPlaceName),
            address: str(a.returnAddress),
            addressDetail: str(a.returnAddressDetail),
            zipCode: str(a.returnZipCode),
            contact: str(a.companyContactNumber),
          };
        }),
      };
    },
    /** "Query a status of product registration": whether the account may register, and how many more. */
    async inflowStatus(creds: CoupangCredentials): Promise<InflowStatus> {
      const data = (await read(creds, `${SELLER_PRODUCTS}/inflow-status`)).data;
      const o = isObject(data) ? data : {};
      return {
        restricted: o.restricted === true,
        registeredCount: Number(o.registeredCount ?? 0) || 0,
        permittedCount: Number(o.permittedCount ?? 0) || 0,
      };
    },
    /** The display categories open to Rocket Growth (registrationType=RFM): their leaf codes. */
    async rocketGrowthCategories(creds: CoupangCredentials): Promise<number[]> {
      const data = (await read(creds, `${META}/display-categories`, 'registrationType=RFM')).data;
      const codes: number[] = [];
      const walk = (node: unknown, depth: number) => {
        if (!isObject(node) || depth > 12) return;
        const children = Array.isArray(node.child) ? node.child : [];
        const code = Number(node.displayItemCategoryCode);
        if (children.length === 0 && Number.isInteger(code) && code > 0) codes.push(code);
        for (const c of children) walk(c, depth + 1);
      };
      walk(data, 0);
      return codes;
    },
    /** "상품 승인 요청": only a product in 임시저장 can be sent for review. */
    async requestApproval(creds: CoupangCredentials, sellerProductId: string): Promise<void> {
      await once(
        creds,
        'PUT',
        `${SELLER_PRODUCTS}/${encodeURIComponent(sellerProductId)}/approvals`,
        '',
        undefined,
      );
    },
  };
}

export type ShippingPlaces = {
  outbound: { code: string; name: string; address: string }[];
  returnCenters: {
    code: string;
    name: string;
    address: string;
    addressDetail: string;
    zipCode: string;
    contact: string;
  }[];
};
export type InflowStatus = { restricted: boolean; registeredCount: number; permittedCount: number };
export type CoupangClient = ReturnType<typeof createCoupangClient>;
