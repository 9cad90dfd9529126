import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EXTENSION_ID } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { createAccessTokenRepository } from '../../src/access-tokens/access-token-repository.ts';
import { createAccessTokenService } from '../../src/access-tokens/access-token-service.ts';
import { seedDemoAccount } from '../../src/db/seed-demo.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Personal access tokens (issue 24): made and revoked by their user on the settings screen, accepted
// as `Authorization: Bearer` by the 1688 import only, CORS for the extension's origin only.

const capture = JSON.parse(
  readFileSync(
    new URL('../../../../e2e/fixtures/1688_offer_943009939489_window_context.json', import.meta.url),
    'utf8',
  ),
);
const EXTENSION = `chrome-extension://${EXTENSION_ID}`;
const SCOPE_MESSAGE = '액세스 토큰으로는 1688 상품 담기만 할 수 있습니다. 이 기능은 로그인해서 사용해주세요.';
const INVALID_MESSAGE =
  '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.';

describe('personal access tokens (real PostgreSQL)', async () => {
  const { app, db } = await createTestApp();

  async function newToken(cookie: string, name = '내 노트북 크롬') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie },
      payload: { name },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; token: string; message: string; item: { name: string } };
  }
  const importWith = (
    headers: Record<string, string>,
    body: unknown = { inputs: [{ json: capture, name: 'window.context' }] },
  ) => app.inject({ method: 'POST', url: '/api/import1688', headers, payload: body as object });

  it('makes a token shown once, stores only its SHA-256, lists it without the value', async () => {
    const { cookie } = await signUp(app, { email: 'token-a@example.com' });
    const made = await newToken(cookie);
    expect(made.token).toMatch(/^rrt_[A-Za-z0-9_-]{43}$/);
    expect(made.message).toBe('토큰 "내 노트북 크롬"을(를) 만들었습니다. 지금만 보이니 복사해 두세요.');
    const row = await db
      .selectFrom('access_tokens')
      .select(['token_hash', 'name'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    const list = await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(list.json().items).toEqual([
      {
        id: made.id,
        name: '내 노트북 크롬',
        scope: 'capture',
        scopes: ['capture', 'keywords'],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(list.body).not.toContain(made.token);
  });

  it('imports with the token like a paste does, into the token user’s company, and records the use', async () => {
    const { cookie } = await signUp(app, { email: 'token-b@example.com' });
    const { token, id } = await newToken(cookie);
    const res = await importWith({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    const result = res.json().results[0];
    expect(result).toMatchObject({
      offerId: '943009939489',
      outcome: 'created',
      readOptions: 6,
      keptOptions: 6,
    });
    const company = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'token-b@example.com')
      .executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products')
      .select('company_id')
      .where('id', '=', result.productId)
      .executeTakeFirstOrThrow();
    expect(product.company_id).toBe(company.company_id);
    const list = await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(list.json().items.find((t: { id: string }) => t.id === id).lastUsedAt).not.toBeNull();
    // The same capture again: the import sees the known offer, as with a second paste.
    const again = await importWith({ authorization: `Bearer ${token}` });
    expect(again.json().results[0].outcome).toBe('unchanged');
  });

  it.each([
    ['GET', '/api/tokens'],
    ['POST', '/api/tokens'],
    ['POST', '/api/aiRocketReg/getlist'],
    ['POST', '/api/import1688/history'],
    ['GET', '/api/settings'],
    ['POST', '/api/loginstatus'],
    ['POST', '/api/auth/logout'],
  ] as const)('refuses the token on %s %s with a Korean 403, changing nothing', async (method, url) => {
    const { cookie } = await signUp(app, {
      email: `token-scope-${method}${url.replaceAll('/', '-')}@example.com`,
    });
    const { token } = await newToken(cookie);
    const before = await db
      .selectFrom('access_tokens')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'token_scope', message: SCOPE_MESSAGE });
    const after = await db
      .selectFrom('access_tokens')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('ignores a session cookie sent with a token: the token alone decides who acts', async () => {
    const owner = await signUp(app, { email: 'token-owner@example.com' });
    const other = await signUp(app, { email: 'token-other@example.com' });
    const { token } = await newToken(owner.cookie);
    // With another user's cookie, a refused route stays refused (the cookie does not widen the token).
    const list = await app.inject({
      method: 'POST',
      url: '/api/aiRocketReg/getlist',
      headers: { authorization: `Bearer ${token}`, cookie: other.cookie },
      payload: {},
    });
    expect(list.statusCode).toBe(403);
    // A revoked token with a valid cookie is still refused.
    const revoked = await newToken(owner.cookie, '폐기할 토큰');
    await app.inject({
      method: 'DELETE',
      url: `/api/tokens/${revoked.id}`,
      headers: { cookie: owner.cookie },
    });
    const res = await importWith({ authorization: `Bearer ${revoked.token}`, cookie: owner.cookie });
    expect(res.statusCode).toBe(401);
  });

  it('answers a revoked, unknown or malformed token with a Korean 401 that says what to do', async () => {
    const { cookie } = await signUp(app, { email: 'token-c@example.com' });
    const { token, id } = await newToken(cookie);
    const del = await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { cookie } });
    expect(del.json()).toEqual({ res: 'success', message: '토큰을 폐기했습니다.' });
    const revoked = await importWith({ authorization: `Bearer ${token}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'invalid_access_token', message: INVALID_MESSAGE });
    const unknown = await importWith({ authorization: 'Bearer rrt_not-a-real-token-0000000000000000000' });
    expect(unknown.json()).toMatchObject({ code: 'invalid_access_token' });
    const english = await importWith({ authorization: `Bearer ${token}`, 'accept-language': 'en-US' });
    expect(english.json().message).toBe(
      'The access token is invalid or was revoked. Create a new token on the settings screen and enter it in the extension options.',
    );
    const malformed = await importWith({ authorization: 'Bearer' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().code).toBe('malformed_authorization');
    const products = await db
      .selectFrom('products')
      .select('id')
      .where(
        'company_id',
        'in',
        db.selectFrom('users').select('company_id').where('email', '=', 'token-c@example.com'),
      )
      .execute();
    expect(products).toEqual([]);
  });

  it('lets a user list and revoke only their own tokens', async () => {
    const a = await signUp(app, { email: 'token-d@example.com' });
    const b = await signUp(app, { email: 'token-e@example.com' });
    const aToken = await newToken(a.cookie);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/tokens/${aToken.id}`,
      headers: { cookie: b.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('토큰을 찾을 수 없습니다.');
    const bList = await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie: b.cookie } });
    expect(bList.json().items).toEqual([]);
    expect((await importWith({ authorization: `Bearer ${aToken.token}` })).statusCode).toBe(200);
  });

  it('refuses bad input with a Korean 400 and no session with 401', async () => {
    const { cookie } = await signUp(app, { email: 'token-f@example.com' });
    const empty = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie },
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('요청 형식이 올바르지 않습니다.');
    const badId = await app.inject({ method: 'DELETE', url: '/api/tokens/not-a-uuid', headers: { cookie } });
    expect(badId.statusCode).toBe(400);
    const nobody = await app.inject({ method: 'GET', url: '/api/tokens' });
    expect(nobody.statusCode).toBe(401);
  });

  it('stops at 20 tokens per user with a Korean 409', async () => {
    const { cookie } = await signUp(app, { email: 'token-g@example.com' });
    for (let i = 0; i < 20; i++) await newToken(cookie, `토큰 ${i}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie },
      payload: { name: '21번째' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('20개까지');
  });

  it('never passes 20 tokens, even for 30 creations at once (issue 39)', async () => {
    const { cookie } = await signUp(app, { email: 'token-race@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: { cookie },
          payload: { name: `동시 ${i}` },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(10);
    const list = await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(list.json().items).toHaveLength(20);
  });

  it("refuses the demo account's token while demo mode is off, though it was made in demo mode (issue 39)", async () => {
    const demo = await seedDemoAccount(db);
    const made = await createAccessTokenService({
      repository: createAccessTokenRepository(db),
      demo: true,
    }).create({ userId: demo.userId, companyId: demo.companyId }, '데모 크롬');
    // this app runs with demo mode off
    const res = await app.inject({
      method: 'GET',
      url: '/api/import1688/check',
      headers: { authorization: `Bearer ${made.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_access_token', message: INVALID_MESSAGE });
    const imported = await importWith({ authorization: `Bearer ${made.token}` });
    expect(imported.statusCode).toBe(401);
    // in demo mode it acts for the demo account
    const owner = await createAccessTokenService({
      repository: createAccessTokenRepository(db),
      demo: true,
    }).authenticate(made.token, 'capture');
    expect(owner.email).toBe('demo@example.com');
  });

  it('checks a token without importing anything (the extension’s connection test), CORS for the extension', async () => {
    const { cookie } = await signUp(app, { email: 'token-check@example.com' });
    const { token, id } = await newToken(cookie);
    const check = (authorization: string) =>
      app.inject({
        method: 'GET',
        url: '/api/import1688/check',
        headers: { authorization, origin: EXTENSION },
      });
    const ok = await check(`Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ res: 'success', email: 'token-check@example.com' });
    expect(ok.headers['access-control-allow-origin']).toBe(EXTENSION);
    const history = await app.inject({
      method: 'POST',
      url: '/api/import1688/history',
      headers: { cookie },
      payload: { limit: 50 },
    });
    expect(history.json().items).toEqual([]);
    await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { cookie } });
    const revoked = await check(`Bearer ${token}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'invalid_access_token', message: INVALID_MESSAGE });
    expect(revoked.headers['access-control-allow-origin']).toBe(EXTENSION);
  });

  it('refuses a token’s requests past 60 a minute with a Korean 429; another token is not held back', async () => {
    const { cookie } = await signUp(app, { email: 'token-rate@example.com' });
    const { token } = await newToken(cookie, '빠른 크롬');
    const { token: other } = await newToken(cookie, '다른 크롬');
    const check = (t: string) =>
      app.inject({ method: 'GET', url: '/api/import1688/check', headers: { authorization: `Bearer ${t}` } });
    for (let i = 0; i < 60; i++) expect((await check(token)).statusCode).toBe(200);
    const over = await importWith({ authorization: `Bearer ${token}` });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'too_many_captures',
      message: '이 토큰으로 1분에 60번까지 담을 수 있습니다. 1분 뒤에 다시 시도해주세요.',
    });
    expect((await check(other)).statusCode).toBe(200);
    const products = await app.inject({
      method: 'POST',
      url: '/api/aiRocketReg/getlist',
      headers: { cookie },
      payload: { view: 'summary' },
    });
    expect(products.json().products).toEqual([]);
  });

  it('answers CORS for the extension origin on the import only', async () => {
    const preflight = (origin: string, url = '/api/import1688') =>
      app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ok = await preflight(EXTENSION);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(EXTENSION);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    for (const [origin, url] of [
      ['https://evil.example', '/api/import1688'],
      ['chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '/api/import1688'],
      [EXTENSION, '/api/aiRocketReg/getlist'],
      [EXTENSION, '/api/tokens'],
    ]) {
      const refused = await preflight(origin!, url);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const { cookie } = await signUp(app, { email: 'token-h@example.com' });
    const { token } = await newToken(cookie);
    const post = await importWith({ authorization: `Bearer ${token}`, origin: EXTENSION });
    expect(post.statusCode).toBe(200);
    expect(post.headers['access-control-allow-origin']).toBe(EXTENSION);
    // A refusal reaches the extension readable, so the page can show the Korean reason.
    const revoked = await importWith({
      authorization: 'Bearer rrt_revoked-or-unknown-000000000000000000',
      origin: EXTENSION,
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['access-control-allow-origin']).toBe(EXTENSION);
    const fromPage = await importWith({ authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the cookie path as it was: the web app imports with its session', async () => {
    const { cookie } = await signUp(app, { email: 'token-i@example.com' });
    const res = await importWith({ cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].outcome).toBe('created');
    // Another scheme (a proxy's Basic auth passed through) is not a token: the cookie still decides.
    const list = await app.inject({
      method: 'POST',
      url: '/api/aiRocketReg/getlist',
      headers: { cookie, authorization: 'Basic dXNlcjpwYXNz' },
      payload: { view: 'summary' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().products).toHaveLength(1);
  });
});
