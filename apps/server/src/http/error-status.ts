import type { ErrorKind } from '../errors/app-error.ts';

/** The one place an error kind becomes an HTTP status. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unprocessable: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
};

export const httpStatusOf = (kind: ErrorKind): number => STATUS_OF_KIND[kind];
