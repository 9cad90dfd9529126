import { describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signUp } from '../support/test-app.ts';

describe('accounts and sessions (real PostgreSQL)', async () => {
  const { app, db } = await createTestApp({ TRUST_PROXY: '1' });

  it('signs up a company and its first user, who is then signed in', async () => {
    const { cookie, userinfo } = await signUp(app, { email: 'Kim@Example.com', companyName: '김씨네' });
    expect(userinfo).toMatchObject({
      email: 'kim@example.com',
      companyName: '김씨네',
      auth: { showRocketReg: true },
    });
    expect(String(userinfo.suppliercode)).toMatch(/^C[0-9A-F]{8}$/);
    const status = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json()).toMatchObject({
      loginstatus: 'Login success',
      userinfo: { email: 'kim@example.com' },
      dbs: [],
    });
  });

  it('refuses a second sign-up with the same email (any case) and changes nothing', async () => {
    const before = await db
      .selectFrom('companies')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { companyName: 'x', name: 'y', email: 'KIM@example.com', password: 'password123!' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', message: '이미 가입된 이메일입니다.' });
    const after = await db.selectFrom('companies').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('signs in with the right password, sets an HttpOnly SameSite=Lax cookie and records the access', async () => {
    await signUp(app, { email: 'lee@example.com', password: 'correct-horse' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'lee@example.com', password: 'correct-horse' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    const rows = await db
      .selectFrom('access_history')
      .select('event')
      .where('email', '=', 'lee@example.com')
      .execute();
    expect(rows.map((r) => r.event)).toEqual(expect.arrayContaining(['signup', 'login']));
  });

  it('sets the Secure flag behind HTTPS', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'lee@example.com', password: 'correct-horse' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  it.each([
    ['wrong password', { email: 'lee@example.com', password: 'nope-nope' }],
    ['unknown email', { email: 'nobody@example.com', password: 'whatever1' }],
  ])('answers 401 with one Korean message for a %s', async (_case, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'wrong_credentials',
      message: '이메일 또는 비밀번호가 올바르지 않습니다.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers in English when the seller chose English', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'lang=en' },
      payload: { email: 'lee@example.com', password: 'nope-nope' },
    });
    expect(res.json().message).toBe('The email or password is incorrect.');
  });

  it('rate-limits failed sign-ins per email and address (10 in 15 minutes); others still sign in (issue 39)', async () => {
    await signUp(app, { email: 'park@example.com', password: 'right-password' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.9',
        payload: { email: 'park@example.com', password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email: 'park@example.com', password: 'right-password' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
    // Knowing the e-mail is not enough to lock its owner out: from another address it still signs in.
    const owner = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.77',
      payload: { email: 'park@example.com', password: 'right-password' },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('signs out: the session no longer answers Login success', async () => {
    const { cookie } = await signUp(app, { email: 'choi@example.com' });
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const status = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().loginstatus).toBe('로그인이 필요합니다.');
    expect(status.json().userinfo).toBeUndefined();
  });

  it('locks the screen and unlocks only with the right password', async () => {
    const { cookie } = await signUp(app, { email: 'jung@example.com', password: 'lockme-123' });
    await app.inject({ method: 'POST', url: '/api/auth/lock', headers: { cookie } });
    const locked = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(locked.json()).toMatchObject({ locked: true });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/unlock',
      headers: { cookie },
      payload: { password: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/unlock',
      headers: { cookie },
      payload: { password: 'lockme-123' },
    });
    expect(right.statusCode).toBe(200);
    const status = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().loginstatus).toBe('Login success');
  });

  it('resets a password through the outbox link once; the token cannot be reused', async () => {
    await signUp(app, { email: 'han@example.com', password: 'old-password' });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'han@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'han@example.com')
      .executeTakeFirstOrThrow();
    const token = /reset-password\/([\w-]+)/.exec(mail.body)?.[1];
    expect(token).toBeTruthy();

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'third-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      '재설정 링크가 유효하지 않거나 이미 사용되었습니다. 다시 요청해주세요.',
    );

    const oldLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'han@example.com', password: 'old-password' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'han@example.com', password: 'new-password' },
    });
    expect(newLogin.statusCode).toBe(200);
    expect(sessionCookie(newLogin)).toMatch(/^sid=/);
  });

  it('answers an unknown email on forgot-password the same way and sends nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'ghost@example.com')
      .execute();
    expect(mails).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.c", ', 'application/json', 400, 'JSON 형식이 올바르지 않습니다.'],
    [
      'wrong types',
      JSON.stringify({ email: 5, password: [] }),
      'application/json',
      400,
      '요청 형식이 올바르지 않습니다.',
    ],
    [
      'an oversized body',
      JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(3 * 1024 * 1024) }),
      'application/json',
      413,
      // Issue 39: a body without a session is refused before it is read, with this message.
      '로그인하지 않은 요청의 본문이 너무 큽니다. 로그인한 뒤 다시 시도해주세요.',
    ],
  ])('answers %s with a Korean 4xx, never a 500', async (_case, payload, contentType, status, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
