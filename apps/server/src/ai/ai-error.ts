import { type CatalogueMessage, formatMessage, MESSAGES } from '@rr/domain';

/**
 * Why an AI request failed. `retriable` kinds are retried with backoff (429, 5xx, network faults,
 * timeouts); the others end the request at once (a 400 will not get better by asking again).
 */
export type AiErrorKind =
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

const RETRIABLE: ReadonlySet<AiErrorKind> = new Set(['rate_limited', 'server', 'network', 'timeout']);

export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly status: number | undefined;
  readonly userMessage: CatalogueMessage;

  constructor(
    kind: AiErrorKind,
    userMessage: CatalogueMessage,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(userMessage.en, { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.status = options.status;
    this.userMessage = userMessage;
  }

  get retriable(): boolean {
    return RETRIABLE.has(this.kind);
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
    const kind: AiErrorKind =
      status === 429 ? 'rate_limited' : status >= 500 || status === 408 ? 'server' : 'bad_request';
    const message = `${MESSAGES.extensionRequestFailed.ko} (${status}): ${text}`.slice(0, 500);
    return new AiError(
      kind,
      { ko: message, en: `AI request failed (${status}): ${text}`.slice(0, 500) },
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
