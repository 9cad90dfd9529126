import { type CatalogueMessage, formatMessage, MESSAGES } from '@rr/domain';
import { AppError, type ErrorKind } from '../errors/app-error.ts';

/**
 * Why an AI request failed. `retriable` reasons are retried with backoff (429, 5xx, network faults,
 * timeouts); the others end the request at once (a 400 will not get better by asking again).
 */
export type AiErrorReason =
  | 'no_key'
  | 'rate_limited'
  | 'server'
  | 'bad_request'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'missing'
  | 'parse'
  | 'answer_error';

const RETRIABLE: ReadonlySet<AiErrorReason> = new Set(['rate_limited', 'server', 'network', 'timeout']);

/** Which kind of application error each AI failure is. */
const KIND: Record<AiErrorReason, ErrorKind> = {
  no_key: 'unavailable',
  rate_limited: 'too_many',
  server: 'upstream',
  bad_request: 'upstream',
  network: 'upstream',
  timeout: 'timeout',
  aborted: 'unavailable',
  missing: 'upstream',
  parse: 'upstream',
  answer_error: 'upstream',
};

/** An AI request failed: an `AppError` (code `ai_<reason>`) that also says whether to retry. */
export class AiError extends AppError {
  readonly reason: AiErrorReason;
  /** The provider's HTTP status, when it answered with one. */
  readonly providerStatus: number | undefined;

  constructor(
    reason: AiErrorReason,
    userMessage: CatalogueMessage,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(`ai_${reason}`, KIND[reason], userMessage, options.cause);
    this.name = 'AiError';
    this.reason = reason;
    this.providerStatus = options.status;
  }

  get retriable(): boolean {
    return RETRIABLE.has(this.reason);
  }
}

export const aiErrors = {
  missing: () => new AiError('missing', MESSAGES.aiResponseMissing),
  parse: (cause?: unknown) => new AiError('parse', MESSAGES.aiResponseParseFailed, { cause }),
  timeout: (ms: number) =>
    new AiError('timeout', {
      ko: formatMessage('requestTimeout', { ms }, 'ko'),
      en: formatMessage('requestTimeout', { ms }, 'en'),
    }),
  noKey: () => new AiError('no_key', MESSAGES.geminiKeyMissing),
  answer: (text: string) => new AiError('answer_error', { ko: text, en: text }),
  aborted: () => new AiError('aborted', { ko: '요청이 취소되었습니다.', en: 'The request was cancelled.' }),
  /** An HTTP failure of the provider; the text is the provider's, without request details. */
  http: (status: number, text: string) => {
    const reason: AiErrorReason =
      status === 429 ? 'rate_limited' : status >= 500 || status === 408 ? 'server' : 'bad_request';
    const detail = text ? `: ${text}` : '';
    const message = `${MESSAGES.extensionRequestFailed.ko} (${status})${detail}`.slice(0, 500);
    return new AiError(
      reason,
      { ko: message, en: `AI request failed (${status})${detail}`.slice(0, 500) },
      { status },
    );
  },
  network: (cause: unknown) =>
    new AiError(
      'network',
      { ko: `${MESSAGES.extensionRequestFailed.ko}: 연결 실패`, en: 'AI request failed: connection error' },
      { cause },
    ),
};
