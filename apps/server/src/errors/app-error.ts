import type { CatalogueMessage } from '@rr/domain';

/** A user-facing message in both languages; Korean is the default. */
export type Message = CatalogueMessage;

/**
 * What went wrong, independent of how it is reported. The HTTP layer maps each kind to a status in
 * one place (`http/error-status.ts`); a workflow task records the code and the message instead.
 *
 * - invalid: the input is wrong; asking again with the same input fails again
 * - unprocessable: the input is well formed, but what it asks for cannot be done as it stands (an
 *   export the pre-flight stopped, a sheet with refused cells); the answer says what to fix
 * - unauthorized: nobody is signed in, or the credentials are wrong
 * - forbidden: signed in, but not allowed
 * - not_found: the thing asked for does not exist (or belongs to another company)
 * - conflict: the thing changed meanwhile or already exists
 * - too_large: the input is bigger than allowed
 * - too_many: a rate or attempt limit was hit; later may work
 * - unavailable: a needed setting or service is missing (e.g. no AI key)
 * - upstream: an outside service (AI provider, image host) failed or answered nonsense
 * - timeout: waiting for something took too long
 * - internal: our own fault; logged, never shown in detail
 */
export type ErrorKind =
  | 'invalid'
  | 'unprocessable'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'too_many'
  | 'unavailable'
  | 'upstream'
  | 'timeout'
  | 'internal';

export const ERROR_KINDS: readonly ErrorKind[] = [
  'invalid',
  'unprocessable',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'too_many',
  'unavailable',
  'upstream',
  'timeout',
  'internal',
];

/**
 * The one error type for expected failures. `code` is stable (tests and clients match on it),
 * `kind` says what sort of failure it is, `userMessage` is what the seller reads, `detail` is for
 * developers and logs only. `answer` is what the client needs beside the message to act on the
 * failure (every product's pre-flight findings, a sheet's refused cells); it is sent with the error as
 * it is, so it holds nothing internal. Other areas' errors (AI, image loading) are subclasses.
 */
export class AppError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly userMessage: Message;
  readonly detail: unknown;
  readonly answer: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: string,
    kind: ErrorKind,
    message: Message | string,
    detail?: unknown,
    answer?: Readonly<Record<string, unknown>>,
  ) {
    const userMessage = typeof message === 'string' ? { ko: message, en: message } : message;
    super(userMessage.en, detail instanceof Error ? { cause: detail } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.kind = kind;
    this.userMessage = userMessage;
    this.detail = detail;
    this.answer = answer;
  }
}

/**
 * A failure that goes away by itself (a busy pool, a lock or statement that timed out): answered
 * with a `Retry-After` header of `retryAfterSeconds` (503 `unavailable` unless another kind is given).
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    code: string,
    message: Message | string,
    retryAfterSeconds: number,
    kind: ErrorKind = 'unavailable',
    detail?: unknown,
  ) {
    super(code, kind, message, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Messages every area may use as defaults. */
export const ERROR_MESSAGES = {
  authRequired: { ko: '인증이 필요합니다.', en: 'Authentication is required.' },
  forbidden: { ko: '이 작업을 할 권한이 없습니다.', en: 'You are not allowed to do this.' },
  notFound: { ko: '요청한 항목을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  invalidRequest: { ko: '요청 형식이 올바르지 않습니다.', en: 'The request is not valid.' },
  invalidJson: { ko: 'JSON 형식이 올바르지 않습니다.', en: 'The request body is not valid JSON.' },
  tooManyRequests: {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many requests. Please try again later.',
  },
  serverError: {
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    en: 'A server error occurred. Please try again later.',
  },
} satisfies Record<string, Message>;

export const badRequest = (message: Message | string, code = 'bad_request', detail?: unknown) =>
  new AppError(code, 'invalid', message, detail);
export const unauthorized = (
  message: Message | string = ERROR_MESSAGES.authRequired,
  code = 'unauthorized',
) => new AppError(code, 'unauthorized', message);
export const forbidden = (message: Message | string = ERROR_MESSAGES.forbidden, code = 'forbidden') =>
  new AppError(code, 'forbidden', message);
export const notFound = (message: Message | string = ERROR_MESSAGES.notFound, code = 'not_found') =>
  new AppError(code, 'not_found', message);
export const conflict = (message: Message | string, code = 'conflict') =>
  new AppError(code, 'conflict', message);
export const tooMany = (
  message: Message | string = ERROR_MESSAGES.tooManyRequests,
  code = 'too_many_requests',
) => new AppError(code, 'too_many', message);
export const unavailable = (message: Message | string, code = 'unavailable', detail?: unknown) =>
  new AppError(code, 'unavailable', message, detail);
export const internal = (detail?: unknown, code = 'server_error') =>
  new AppError(code, 'internal', ERROR_MESSAGES.serverError, detail);
