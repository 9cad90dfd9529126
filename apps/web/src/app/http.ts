import { notifications } from '@mantine/notifications';
import { type HttpFailureKind, httpFailureKind } from '@rr/domain';
import { i18n } from './i18n';

/** Spec §8 HTTP helper: what went wrong, as the seller reads it (the domain's `httpFailureKind`). */
export type HttpErrorKind = HttpFailureKind;

export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
    /** The server's own message, when it sent one (a 401 on sign-in says which credential was wrong). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type HttpIdentity = { companyId: string; userId: string };

export type HttpDeps = {
  fetch: typeof fetch;
  /** Danger toast, titled 오류, bottom right. */
  notify: (toast: { title: string; message: string }) => void;
  log: (message: string, detail: unknown) => void;
  t: (key: string) => string;
  identity: () => HttpIdentity | null;
};

export type RequestOptions = { body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

let currentIdentity: HttpIdentity | null = null;

/** The signed-in user's ids, sent as X-Company-ID / X-User-ID on AI page helper calls (§6). */
export function setHttpIdentity(identity: HttpIdentity | null): void {
  currentIdentity = identity;
}

const AI_PAGE_PREFIX = '/api/aiPage/';

function serverMessageOf(body: unknown): { message?: string; code?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  const message = [b.message, b.error].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return {
    ...(message ? { message } : {}),
    ...(typeof b.code === 'string' ? { code: b.code } : {}),
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}

export function createHttp(deps: HttpDeps) {
  async function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    if (url.startsWith(AI_PAGE_PREFIX)) {
      const id = deps.identity();
      if (id) {
        headers.set('X-Company-ID', id.companyId);
        headers.set('X-User-ID', id.userId);
      }
    }

    let res: Response;
    let data: unknown;
    try {
      res = await deps.fetch(url, {
        method,
        headers,
        credentials: 'include',
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (err) {
      const kind = httpFailureKind({
        cancelled: isAbort(err, options.signal),
        noResponse: err instanceof TypeError,
      });
      throw new HttpError(kind, deps.t(`http.${kind}`));
    }
    try {
      data = await readBody(res);
    } catch (err) {
      if (isAbort(err, options.signal)) throw new HttpError('cancelled', deps.t('http.cancelled'));
      if (res.ok) throw new HttpError('unknown', deps.t('http.unknown'), res.status);
      data = undefined;
    }

    if (res.ok) return data as T;
    const server = serverMessageOf(data);
    const kind = httpFailureKind({ status: res.status });
    // A client error shows the server's own message; the others their catalogue text.
    const message = kind === 'client' ? (server.message ?? deps.t('http.client')) : deps.t(`http.${kind}`);
    if (kind === 'unauthorized')
      deps.log('auth error', { method, url, status: res.status, code: server.code });
    if (kind === 'server') deps.notify({ title: deps.t('common.error'), message });
    throw new HttpError(kind, message, res.status, server.code, server.message);
  }

  return {
    request,
    get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
    post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', url, { ...options, body }),
  };
}

export type Http = ReturnType<typeof createHttp>;

/** The app's helper: browser fetch, Mantine toasts, the current language. */
export const http: Http = createHttp({
  fetch: (input, init) => globalThis.fetch(input, init),
  notify: ({ title, message }) =>
    notifications.show({ title, message, color: 'red', position: 'bottom-right', autoClose: 8000 }),
  log: (message, detail) => console.error(`[http] ${message}`, detail),
  t: (key) => i18n.t(key),
  identity: () => currentIdentity,
});

/** The message to show a seller for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof HttpError) return err.message;
  return i18n.t('http.unknown');
}
