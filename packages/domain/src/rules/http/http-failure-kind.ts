import { HTTP_SERVER_ERROR_STATUS } from '../../constants.ts';

/** What went wrong with a request, as the seller is told (each kind has its message in the web's catalogue). */
export type HttpFailureKind = 'cancelled' | 'unauthorized' | 'server' | 'client' | 'network' | 'unknown';

export interface HttpFailure {
  /** The request was aborted (by the seller or a newer request). */
  cancelled?: boolean;
  /** HTTP status when a response arrived. */
  status?: number | undefined;
  /** True when the request left but no response came back. */
  noResponse?: boolean;
}

/**
 * W §8 HTTP helper: cancelled first; then by status: 401 → unauthorized (sign in again), 5xx →
 * server (the 오류 toast), any other 4xx → client (the server's own message when it sent one), other
 * statuses → unknown; no response at all → network; anything else → unknown.
 */
export function httpFailureKind(failure: HttpFailure): HttpFailureKind {
  if (failure.cancelled) return 'cancelled';
  if (failure.status !== undefined) {
    if (failure.status === 401) return 'unauthorized';
    if (failure.status >= HTTP_SERVER_ERROR_STATUS) return 'server';
    if (failure.status >= 400) return 'client';
    return 'unknown';
  }
  return failure.noResponse ? 'network' : 'unknown';
}
