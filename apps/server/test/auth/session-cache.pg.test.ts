import { describe, expect, it } from 'vitest';
import { createAuthRepository } from '../../src/auth/auth-repository.ts';
import { createAuthService, SESSION_CACHE_MS } from '../../src/auth/auth-service.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Sessions are answered from memory for SESSION_CACHE_MS (issue 25). A sign-out, a lock or a
// password reset is seen at once by the process that served it; another process (here a second
// auth service on the same database, with its own clock) sees it within the bound.
describe('sessions read from memory (real PostgreSQL)', async () => {
  const { app, db } = await createTestApp();
  const quiet = { info: () => {} };
  const status = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
  const list = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/aiRocketReg/getlist', headers: { cookie }, payload: {} });

  it('refuses a signed-out session at once in the same process, and within the bound in another', async () => {
    const { cookie } = await signUp(app, { email: 'cache-out@example.com' });
    const token = cookie.slice('sid='.length);
    let clock = 1_000_000;
    const other = createAuthService(createAuthRepository(db), quiet, { demo: false, now: () => clock });
    // Both processes have read the session (and keep it in memory).
    expect((await list(cookie)).statusCode).toBe(200);
    expect((await status(cookie)).json().loginstatus).toBe('Login success');
    expect(await other.findSession(token)).toMatchObject({ sessionId: expect.any(String) });

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    // This process: at once.
    expect((await list(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).json().userinfo).toBeUndefined();
    // The other process: not later than the bound.
    clock += SESSION_CACHE_MS + 1;
    expect(await other.findSession(token)).toBeUndefined();
  });

  it('a locked screen is locked at once in the same process', async () => {
    const { cookie } = await signUp(app, { email: 'cache-lock@example.com' });
    expect((await list(cookie)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/lock', headers: { cookie } });
    expect((await list(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).json()).toMatchObject({ locked: true });
  });

  it('reads the session again after the bound: a session ended by another process is refused', async () => {
    const { cookie } = await signUp(app, { email: 'cache-elsewhere@example.com' });
    const token = cookie.slice('sid='.length);
    let clock = 2_000_000;
    const mine = createAuthService(createAuthRepository(db), quiet, { demo: false, now: () => clock });
    const elsewhere = createAuthService(createAuthRepository(db), quiet, { demo: false });
    expect(await mine.findSession(token)).toBeDefined();
    await elsewhere.logout(token);
    clock += SESSION_CACHE_MS + 1;
    expect(await mine.findSession(token)).toBeUndefined();
  });
});
