import { AppError } from '../errors/app-error.ts';

/** A failure of the Coupang API: `coupangMessage` is Coupang's own text when it gave one. */
export class CoupangApiError extends AppError {
  /** For a 429: how long Coupang asked to wait (Retry-After), when it said. */
  retryAfterMs?: number | undefined;
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
