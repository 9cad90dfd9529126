import { describe, expect, it } from 'vitest';
import { type HttpFailure, httpFailureKind } from './http-failure-kind.ts';

describe('httpFailureKind (W §8 HTTP helper)', () => {
  it.each<[HttpFailure, ReturnType<typeof httpFailureKind>]>([
    [{ cancelled: true }, 'cancelled'],
    [{ cancelled: true, status: 500 }, 'cancelled'],
    [{ status: 401 }, 'unauthorized'],
    [{ status: 500 }, 'server'],
    [{ status: 503 }, 'server'],
    [{ status: 400 }, 'client'],
    [{ status: 403 }, 'client'],
    [{ status: 404 }, 'client'],
    [{ status: 499 }, 'client'],
    [{ status: 302 }, 'unknown'],
    [{ noResponse: true }, 'network'],
    [{}, 'unknown'],
  ])('%o → %s', (failure, kind) => {
    expect(httpFailureKind(failure)).toBe(kind);
  });
});
