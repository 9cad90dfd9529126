import { notifications } from '@mantine/notifications';
import { type HttpFailureKind, httpFailureKind, isRecord } from '@rr/domain';
import { i18n } from './i18n';

/**
 * Spec §8 HTTP helper: what went wrong, as the seller reads it (the domain's `httpFailureKind`), and
 * `invalidAnswer`: a success whose body is not what the route's response schema says.
 */
export type HttpErrorKind = HttpFailureKind | 'invalidAnswer';

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

/**
 * What an answer must be: a route's response schema from @rr/contracts (any zod schema fits). The
 * helper returns what the schema's `safeParse` gives, so the caller's type is the schema's output.
 */
export type AnswerSchema<T> = {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

let currentIdentity: HttpIdentity | null = null;

/** The signed-in user's ids, sent as X-Company-ID / X-User-ID on AI page helper calls (§6). */
export function setHttpIdentity(identity: HttpIdentity | null): void {
  currentIdentity = identity;
}

const AI_PAGE_PREFIX = '/api/aiPage/';

function serverMessageOf(body: unknown): { message?: string; code?: string } {
  if (!isRecord(body)) return {};
  const b = body;
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
  async function request<T>(
    method: string,
    url: string,
    schema: AnswerSchema<T>,
    options: RequestOptions = {},
  ): Promise<T> {
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

    if (res.ok) {
      const answer = schema.safeParse(data);
      if (answer.success) return answer.data;
      // Our fault, not the seller's: logged with where the answer differs, shown like a server error.
      const issues = answer.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
      deps.log('answer does not match its schema', { method, url, status: res.status, issues });
      const message = deps.t('http.invalidAnswer');
      deps.notify({ title: deps.t('common.error'), message });
      throw new HttpError('invalidAnswer', message, res.status);
    }
    const server = serverMessageOf(data);
    const kind = httpFailureKind({ status: res.status });
    // A client error shows the server's own message; the others their catalogue text.
    const message = kind === 'client' ? (server.message ?? deps.t('http.client')) : deps.t(`http.${kind}`);
    if (kind === 'unauthorized')
      deps.log('auth error', { method, url, status: res.status, code: server.code });
    // A 503 is the server saying what is unavailable (busy, a lock or statement timeout, a queue full,
    // no AI key, the workflow stopped), with or without Retry-After: its own message is shown as written.
    // A 500/502 keeps the catalogue text (its body may be an internal detail).
    if (res.status === 503 && server.message) {
      deps.notify({ title: deps.t('common.error'), message: server.message });
      throw new HttpError('server', server.message, res.status, server.code, server.message);
    }
    if (kind === 'server') deps.notify({ title: deps.t('common.error'), message });
    throw new HttpError(kind, message, res.status, server.code, server.message);
  }

  return {
    request,
    get: <T>(url: string, schema: AnswerSchema<T>, options?: RequestOptions) =>
      request('GET', url, schema, options),
    post: <T>(url: string, schema: AnswerSchema<T>, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
      request('POST', url, schema, { ...options, body }),
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
