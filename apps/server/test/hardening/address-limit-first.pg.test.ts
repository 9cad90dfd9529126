import { describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 21: a flood from one address is refused before any work for it. The per-address limit (600
// requests a minute on /api) runs ahead of the session lookup, which is a database query: a refused
// request of a signed-in flood costs none, and an unmatched /api path is limited as well.

const { app, container } = await createTestApp();

describe('the per-address limit runs before the session lookup', () => {
  it('the 601st request of a minute is refused with 429 in Korean, without looking its session up', async () => {
    const { cookie } = await signUp(app, { email: 'flood@example.com' });
    const lookups = vi.spyOn(container.auth, 'findSession');
    const ask = (url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: '192.0.2.201' });
    for (let i = 0; i < 600; i++) expect((await ask('/api/settings')).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(600);

    const refused = await ask('/api/settings');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/[가-힣]/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(lookups).toHaveBeenCalledTimes(600);
    const unmatched = await ask('/api/no-such-route');
    expect(unmatched.statusCode).toBe(429);
    expect(lookups).toHaveBeenCalledTimes(600);

    // another address is not affected
    const other = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie },
      remoteAddress: '192.0.2.202',
    });
    expect(other.statusCode).toBe(200);
  });
});
