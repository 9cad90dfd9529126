/** A user-facing message in both languages; Korean is the default. */
export type Message = { ko: string; en: string };

/**
 * The one error type for expected failures. `code` is stable (tests and clients match on it),
 * `message` is what the seller reads, `detail` is for developers and logs only.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly userMessage: Message;
  readonly detail: unknown;

  constructor(code: string, status: number, message: Message | string, detail?: unknown) {
    const userMessage = typeof message === 'string' ? { ko: message, en: message } : message;
    super(userMessage.en);
    this.code = code;
    this.status = status;
    this.userMessage = userMessage;
    this.detail = detail;
  }
}

export const badRequest = (message: Message | string, code = 'bad_request', detail?: unknown) =>
  new AppError(code, 400, message, detail);
export const unauthorized = (message: Message | string = MESSAGES.authRequired) =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message: Message | string = MESSAGES.forbidden) =>
  new AppError('forbidden', 403, message);
export const notFound = (message: Message | string = MESSAGES.notFound, code = 'not_found') =>
  new AppError(code, 404, message);
export const conflict = (message: Message | string, code = 'conflict') => new AppError(code, 409, message);

/** Messages of the HTTP layer itself (areas keep theirs beside their code or in the domain catalogue). */
export const MESSAGES = {
  authRequired: { ko: '인증이 필요합니다.', en: 'Authentication is required.' },
  forbidden: { ko: '이 작업을 할 권한이 없습니다.', en: 'You are not allowed to do this.' },
  notFound: { ko: '요청한 항목을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  invalidRequest: { ko: '요청 형식이 올바르지 않습니다.', en: 'The request is not valid.' },
  invalidJson: { ko: 'JSON 형식이 올바르지 않습니다.', en: 'The request body is not valid JSON.' },
  bodyTooLarge: { ko: '요청 본문이 너무 큽니다.', en: 'The request body is too large.' },
  unsupportedMediaType: { ko: '지원하지 않는 요청 형식입니다.', en: 'Unsupported content type.' },
  tooManyRequests: {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many requests. Please try again later.',
  },
  serverError: {
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    en: 'A server error occurred. Please try again later.',
  },
  unknownApi: { ko: '존재하지 않는 API입니다.', en: 'No such API.' },
} satisfies Record<string, Message>;
