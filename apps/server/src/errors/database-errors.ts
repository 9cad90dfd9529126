import { RetryLaterError } from './app-error.ts';

// PostgreSQL refusals that go away by themselves, as the client should read them: 503 with a
// Retry-After header and a Korean message, never 500 (issue 21). The pool's statement and lock
// timeouts (db/database.ts) end a request's database work; this says so and when to try again.

export const DATABASE_BUSY_MESSAGES = {
  timeout: {
    ko: '요청 처리에 시간이 너무 오래 걸려 중단했습니다. 잠시 후 다시 시도해주세요.',
    en: 'The request took too long and was stopped. Please try again shortly.',
  },
  locked: {
    ko: '다른 요청이 같은 데이터를 수정하고 있습니다. 잠시 후 다시 시도해주세요.',
    en: 'Another request is changing the same data. Please try again shortly.',
  },
  busy: {
    ko: '서버가 바쁩니다. 잠시 후 다시 시도해주세요.',
    en: 'The server is busy. Please try again shortly.',
  },
};

/** The retryable error a database failure stands for, or undefined for any other error. */
export function retryableDatabaseError(err: unknown): RetryLaterError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case '57014': // query_canceled: statement_timeout
      return new RetryLaterError('database_timeout', DATABASE_BUSY_MESSAGES.timeout, 10, 'unavailable', err);
    case '55P03': // lock_not_available: lock_timeout
    case '40P01': // deadlock_detected
    case '40001': // serialization_failure
      return new RetryLaterError('database_locked', DATABASE_BUSY_MESSAGES.locked, 2, 'unavailable', err);
    case '25P03': // idle_in_transaction_session_timeout
    case '53300': // too_many_connections
      return new RetryLaterError('database_busy', DATABASE_BUSY_MESSAGES.busy, 5, 'unavailable', err);
  }
  // pg.Pool: no free connection within connectionTimeoutMillis
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && /timeout exceeded when trying to connect/i.test(message))
    return new RetryLaterError('database_busy', DATABASE_BUSY_MESSAGES.busy, 5, 'unavailable', err);
  return undefined;
}
