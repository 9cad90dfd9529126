import pRetry, { AbortError } from 'p-retry';
import { AppError } from '../errors/app-error.ts';
import { COUPANG_MESSAGES as M, refusedBy } from './coupang-messages.ts';
import { type CoupangKeys, coupangAuthorization } from './coupang-signature.ts';

// The Coupang Open API client: signed requests (coupang-signature.ts), a timeout per attempt, retries
// with back-off only for reads (429, 5xx, timeouts, network failures; Retry-After honoured), and
// "HTTP 200 with a code other than SUCCESS is a failure". A write (create, update) is sent once: the
// caller decides what to do after a failure it cannot read (registration looks the product up by its
// external SKU before sending again).

export const COUPANG_DEFAULT_BASE_URL = 'https://api-gateway.coupang.com';
const SELLER_PRODUCTS = '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products';
const META = '/v2/providers/seller_api/apis/api/v1/marketplace/meta';

export type CoupangCredentials = CoupangKeys & { readonly vendorId: string };

export type CoupangClientOptions = {
  readonly baseUrl: string;
  readonly now?: () => Date;
  readonly fetch?: typeof fetch;
  /** Per attempt. */
  readonly timeoutMs?: number;
  /** Further attempts of a read. */
  readonly retries?: number;
  /** First back-off wait (doubles each time); tests use 0. */
  readonly minRetryDelayMs?: number;
};

/** A failure of the Coupang API: `coupangMessage` is Coupang's own text when it gave one. */
export class CoupangApiError extends AppError {
  constructor(
    code: string,
    kind: 'upstream' | 'timeout' | 'too_many',
    message: { ko: string; en: string },
    readonly status: number | null,
    readonly coupangMessage: string | null,
    /** True when the request may or may not have been carried out (no answer read). */
    readonly outcomeUnknown: boolean,
  ) {
    super(code, kind, message);
  }
}

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
  readonly items: readonly { readonly externalVendorSku: string; readonly sellerProductItemId: string }[];
};

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
  const retries = options.retries ?? 3;
  const minDelay = options.minRetryDelayMs ?? 500;

  async function once(
    creds: CoupangCredentials,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    query: string,
    body: unknown,
  ): Promise<Answer> {
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          authorization: coupangAuthorization(creds, method, path, query, now()),
          'content-type': 'application/json;charset=UTF-8',
          'x-requested-by': creds.vendorId,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
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
    const text = await res.text().catch(() => '');
    let parsed: Answer | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Answer) : null;
    } catch {
      parsed = null;
    }
    const coupangMessage = readMessage(parsed);
    if (res.status === 429) {
      const error = new CoupangApiError('coupang_busy', 'too_many', M.busy, 429, coupangMessage, false);
      const after = Number(res.headers.get('retry-after'));
      (error as { retryAfterMs?: number }).retryAfterMs = Number.isFinite(after) ? after * 1000 : undefined;
      throw error;
    }
    if (res.status === 401 || res.status === 403)
      throw new CoupangApiError(
        'coupang_keys_refused',
        'upstream',
        M.keysRefused,
        res.status,
        coupangMessage,
        false,
      );
    if (res.status >= 500)
      throw new CoupangApiError(
        'coupang_server_error',
        'upstream',
        coupangMessage ? refusedBy(coupangMessage) : M.unreachable,
        res.status,
        coupangMessage,
        true,
      );
    const code =
      typeof parsed?.code === 'string' || typeof parsed?.code === 'number' ? String(parsed.code) : '';
    if (res.status < 200 || res.status >= 300 || !SUCCESS_CODES.has(code)) {
      const shown = coupangMessage ?? `HTTP ${res.status} ${code}`.trim();
      throw new CoupangApiError('coupang_refused', 'upstream', refusedBy(shown), res.status, shown, false);
    }
    return parsed!;
  }

  /** A read: retried with back-off on 429, 5xx, timeouts and network failures. */
  function read(creds: CoupangCredentials, path: string, query = ''): Promise<Answer> {
    return pRetry(
      async () => {
        try {
          return await once(creds, 'GET', path, query, undefined);
        } catch (e) {
          if (e instanceof CoupangApiError && (e.kind === 'too_many' || e.outcomeUnknown)) throw e;
          throw new AbortError(e as Error);
        }
      },
      {
        retries,
        minTimeout: minDelay,
        factor: 2,
        randomize: minDelay > 0,
        onFailedAttempt: async ({ error }) => {
          const wait = (error as { retryAfterMs?: number }).retryAfterMs;
          if (wait && minDelay > 0) await new Promise((r) => setTimeout(r, Math.min(wait, 30_000)));
        },
      },
    );
  }

  return {
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
      if (typeof answer.data !== 'number' && typeof answer.data !== 'string')
        throw new CoupangApiError(
          'coupang_refused',
          'upstream',
          refusedBy('sellerProductId 없음'),
          200,
          null,
          true,
        );
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
          // Rocket Growth answers carry the ids inside rocketGrowthItemData.
          const rg = (item.rocketGrowthItemData ?? {}) as Record<string, unknown>;
          return {
            externalVendorSku: str(item.externalVendorSku) || str(rg.externalVendorSku),
            sellerProductItemId: str(item.sellerProductItemId) || str(rg.sellerProductItemId),
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
  };
}
export type CoupangClient = ReturnType<typeof createCoupangClient>;
