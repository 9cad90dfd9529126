import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_BODY_LIMIT } from '../../src/http/unauthenticated-bodies.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 39, item 1: a request without a session or token is answered before its body is read. Every
// route that needs a session answers 401 first, whatever the body (no validation error before it);
// the public routes (sign-in, sign-up, resets) and unknown paths take at most 16 KB without one.

describe('requests without a session', async () => {
  const { app } = await createTestApp();
  const big = (bytes: number) => JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) });

  it('every route that needs a session answers 401 before validating its body', async () => {
    const routes = app.apiRoutes.filter((r) => r.screens !== 'public' && r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(25);
    for (const { method, url } of routes) {
      const path = url.replace(/:(\w+)/g, 'x');
      for (const payload of ['{"not":', '[1,2,3]', big(64 * 1024)]) {
        const res = await app.inject({
          method: method as 'POST',
          url: path,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${method} ${url} ${payload.slice(0, 10)}`).toBe(401);
        expect(res.json().code).toBe('unauthorized');
      }
      // a session cookie that names no session is no session
      const forged = await app.inject({
        method: method as 'POST',
        url: path,
        headers: { 'content-type': 'application/json', cookie: 'sid=forged' },
        payload: '{"not":',
      });
      expect(forged.statusCode, `${method} ${url} forged cookie`).toBe(401);
    }
    const get = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(get.statusCode).toBe(401);
  });

  it('a body past the limit is refused 413 on the public routes and unknown paths', async () => {
    for (const url of [
      '/api/auth/login',
      '/api/auth/signup',
      '/api/auth/forgot-password',
      '/api/no-such-route',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: big(UNAUTHENTICATED_BODY_LIMIT),
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toMatchObject({ code: 'body_too_large' });
      expect(res.json().message).toMatch(/로그인하지 않은 요청의 본문이 너무 큽니다/);
      // a small rest is read and dropped: the connection stays open for the client's next request
      expect(res.headers.connection).not.toBe('close');
    }
    // past 1 MB the refusal closes the connection instead of reading the rest (401 and 413 alike)
    for (const url of ['/api/auth/login', '/api/rocketReg/saveItems']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: big(2 * 1024 * 1024),
      });
      expect(res.statusCode, url).toBe(url.includes('auth') ? 413 : 401);
      expect(res.headers.connection, url).toBe('close');
    }
    // a body without a declared length (chunked) is cut off as it passes the limit
    let sent = 0;
    const chunks = Readable.from(
      (function* () {
        yield '{"email":"a@example.com","password":"';
        for (let i = 0; i < 100; i++) {
          sent++;
          yield 'x'.repeat(1024);
        }
        yield '"}';
      })(),
    );
    const chunked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: chunks,
    });
    expect(chunked.headers['content-length']).not.toBe(String(100 * 1024));
    expect(chunked.statusCode).toBe(413);
    expect(sent).toBeLessThan(100);
  });

  it('an address that keeps sending bodies past 1 MB without a session has its refusals held; small bodies and signed-in companies are not', async () => {
    const refused: string[] = [];
    const recording = { refuse: async (address: string) => void refused.push(address), held: 0 };
    const { app: held } = await createTestApp({}, { refusalHolds: recording });
    const send = (url: string, bytes: number, cookie?: string) =>
      held.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: big(bytes),
      });
    expect((await send('/api/rocketReg/saveItems', 2 * 1024 * 1024)).statusCode).toBe(401);
    expect((await send('/api/auth/login', 2 * 1024 * 1024)).statusCode).toBe(413);
    expect(refused).toEqual(['198.51.100.7', '198.51.100.7']);
    // a small body is refused as before, without counting
    expect((await send('/api/rocketReg/saveItems', 64 * 1024)).statusCode).toBe(401);
    expect((await send('/api/auth/login', 32 * 1024)).statusCode).toBe(413);
    expect(refused).toHaveLength(2);
    // a signed-in company's large body is not a refusal at all
    const { cookie } = await signUp(held, { email: 'holds@example.com' });
    expect((await send('/api/rocketReg/saveItems', 2 * 1024 * 1024, cookie)).statusCode).not.toBe(401);
    expect(refused).toHaveLength(2);
  });

  it('sign-up and sign-in fit in the limit; a signed-in company sends large bodies as before', async () => {
    const { cookie } = await signUp(app, { email: 'body-limit@example.com', name: '가'.repeat(100) });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'body-limit@example.com', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('wrong_credentials');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/rocketReg/saveItems',
      headers: { cookie },
      payload: [{ productName: '큰 상품', memo: 'x'.repeat(200 * 1024), options: [{ sourceKey: 'A' }] }],
    });
    expect(saved.statusCode).toBe(200);
    // validation still answers a signed-in caller
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/aiRocketReg/updatePartial',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"productId":1}',
    });
    expect(invalid.statusCode).toBe(400);
  });
});
