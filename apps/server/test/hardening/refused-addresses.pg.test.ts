import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress, createRefusedAddresses, refusingServer } from '../../src/http/refused-addresses.ts';
import { buildSecurityHeaders, securityHeaders } from '../../src/http/security-headers.ts';
import { createTestApp } from '../support/test-app.ts';

// Issue 21: an address the per-address limit has refused is answered before Fastify until the
// limit's window ends: the same 429 a seller's client reads (Korean or English message, Retry-After,
// the security headers), while its requests no longer reach the application.

async function listen(server: ReturnType<ReturnType<typeof refusingServer>>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('refused addresses, before the application', () => {
  const headers = buildSecurityHeaders(securityHeaders({ production: false, publicUrl: undefined }));

  it('answers a refused address 429 until the window ends, without calling the application', async () => {
    let clock = 1_000_000;
    const refused = createRefusedAddresses({
      max: 600,
      clientAddress: clientAddress(true),
      securityHeaders: headers,
      now: () => clock,
    });
    let reached = 0;
    const server = refusingServer(refused)((_req, res) => {
      reached++;
      res.end('app');
    });
    const base = await listen(server);
    try {
      const from = (address: string, path = '/api/products', init: RequestInit = {}) =>
        fetch(`${base}${path}`, {
          ...init,
          headers: { 'x-forwarded-for': address, ...(init.headers as Record<string, string>) },
        });

      refused.remember('198.51.100.7', clock + 42_500);
      const answer = await from('198.51.100.7', '/api/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filler: 'x'.repeat(100_000) }),
      });
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('43');
      expect(answer.headers.get('x-ratelimit-limit')).toBe('600');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await answer.json()).toEqual({
        code: 'too_many_requests',
        message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
        error: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
      });
      const english = await from('198.51.100.7', '/api/settings', { headers: { cookie: 'sid=a; lang=en' } });
      expect(((await english.json()) as { message: string }).message).toBe(
        'Too many requests. Please try again later.',
      );
      expect(reached).toBe(0);

      // Pages, other addresses and (after the window) the address itself reach the application.
      expect(await (await from('198.51.100.7', '/products')).text()).toBe('app');
      expect(await (await from('198.51.100.8')).text()).toBe('app');
      clock += 42_501;
      expect(await (await from('198.51.100.7')).text()).toBe('app');
      expect(reached).toBe(3);
      expect(refused.size()).toBe(0);
    } finally {
      server.close();
    }
  });

  it('keeps at most maxEntries addresses, dropping the oldest', () => {
    const refused = createRefusedAddresses({
      max: 600,
      clientAddress: clientAddress(false),
      securityHeaders: headers,
      maxEntries: 3,
    });
    for (const a of ['a', 'b', 'c', 'd']) refused.remember(a, Date.now() + 60_000);
    expect(refused.size()).toBe(3);
  });

  it('reads the client address as Fastify does for each trustProxy setting', () => {
    const req = {
      headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' },
      socket: { remoteAddress: '127.0.0.1' },
      connection: { remoteAddress: '127.0.0.1' },
    } as never;
    expect(clientAddress(false)(req)).toBe('127.0.0.1');
    expect(clientAddress(true)(req)).toBe('203.0.113.9');
    expect(clientAddress((_a, hop) => hop < 1)(req)).toBe('10.0.0.2');
    expect(clientAddress(['127.0.0.1', '10.0.0.2'])(req)).toBe('203.0.113.9');
  });
});

describe('the app answers an address over its limit before Fastify', async () => {
  const { app } = await createTestApp({ TRUST_PROXY: '1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const from = (address: string, path = '/api/health') =>
    fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address } });

  it('the 601st request of a minute and those after it answer the same Korean 429', async () => {
    for (let i = 0; i < 600; i++) expect((await from('192.0.2.77')).status).toBe(200);
    // the 601st is refused by the limit itself (through Fastify), the next ones before it
    const answers = [await from('192.0.2.77'), await from('192.0.2.77', '/api/no-such-route')];
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toMatch(/^[1-6]?\d$/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await answer.json()) as { message: string }).message).toBe(
        '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
      );
    }
    // an encoded path reaches the same route and is refused too
    expect((await from('192.0.2.77', '/%61pi/health')).status).toBe(429);
    expect((await from('192.0.2.78')).status).toBe(200);
  });
});
