import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from '../../src/db/seed-demo.ts';
import { buildApp } from '../../src/http/app.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21, sign-in rows of the abuse table, on a real PostgreSQL:
// - 40 concurrent logins with wrong passwords for one e-mail: exactly 10 password checks (401), 30 × 429;
// - a database that once ran the demo, started with demo mode off: the demo account cannot sign in.

// Counts password checks: the limit must hold before the (slow) check, not after it.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/auth/passwords.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      checks.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

const { db } = await createTestDb();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function appWith(database: Db, env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'rr-abuse-')),
    APP_SECRET: 'test-secret-0123456789abcdef',
    ...env,
  });
  const container = createContainer(config, database, { log: false });
  const app = await buildApp(container, { logger: false });
  apps.push(app);
  return { app, container };
}
const appOn = async (database: Db, env: Record<string, string>): Promise<FastifyInstance> =>
  (await appWith(database, env)).app;

/** Signs a company up whose user's password is `right-password-1`. */
const signUpAt = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { companyName: '상점', name: '셀러', email, password: 'right-password-1' },
    remoteAddress,
  });

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '198.51.100.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('abuse: sign-in', () => {
  it('40 concurrent wrong passwords for one e-mail: exactly 10 are checked (401), the other 30 answer 429', async () => {
    const app = await appOn(db, { DEMO: 'false' });
    const signup = await signUpAt(app, 'target@example.com', '198.51.100.9');
    expect(signup.statusCode).toBe(200);
    const before = checks.count;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(app, 'target@example.com', 'wrong-password')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect(checks.count - before).toBe(10);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
    // The right password is refused too until the window ends, and is not even checked.
    const right = await login(app, 'target@example.com', 'right-password-1');
    expect(right.statusCode).toBe(429);
    expect(checks.count - before).toBe(10);
  });

  it('once an e-mail is over its limit, its next attempts ask no counter and no session is looked up', async () => {
    const { app, container } = await appWith(db, { DEMO: 'false' });
    const signup = await signUpAt(app, 'locked@example.com', '198.51.100.30');
    const cookie = `sid=${signup.cookies.find((c) => c.name === 'sid')!.value}`;
    const hits = vi.spyOn(container.counters, 'hit');
    const lookups = vi.spyOn(container.auth, 'findSession');
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'locked@example.com', password: 'wrong-password' },
        headers: { cookie },
        remoteAddress: '198.51.100.31',
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    // the 11th goes over the limit: one hit on the e-mail's counter, remembered until its window ends
    const hitsBefore = hits.mock.calls.length;
    expect((await attempt()).statusCode).toBe(429);
    expect(hits.mock.calls.length - hitsBefore).toBe(1);
    for (let i = 0; i < 20; i++) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
    }
    expect(hits.mock.calls.length - hitsBefore).toBe(1);
    expect(lookups).not.toHaveBeenCalled();
    // the session itself still works on the routes that read it
    const status = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().loginstatus).toBe('Login success');
  });

  it('a successful sign-in gives its reserved attempt back: one address signs in many times', async () => {
    const app = await appOn(db, { DEMO: 'false' });
    await signUpAt(app, 'office@example.com', '198.51.100.20');
    const codes: number[] = [];
    for (let i = 0; i < 35; i++)
      codes.push((await login(app, 'office@example.com', 'right-password-1', '198.51.100.21')).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
  });

  it('the demo account left in the database cannot sign in, nor use an old session, while demo mode is off', async () => {
    const demoDb = (await createTestDb()).db;
    await seedDemoAccount(demoDb);
    // While the demo ran, its account signed in.
    const demo = await appOn(demoDb, { DEMO: 'true' });
    const during = await login(demo, DEMO_EMAIL, DEMO_PASSWORD);
    expect(during.statusCode).toBe(200);
    const cookie = `sid=${during.cookies.find((c) => c.name === 'sid')!.value}`;

    // Restarted as in production (NODE_ENV=production: demo off) on the same database.
    const prod = await appOn(demoDb, { NODE_ENV: 'production' });
    const after = await login(prod, DEMO_EMAIL, DEMO_PASSWORD);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(after.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const status = await prod.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().loginstatus).not.toBe('Login success');
    const list = await prod.inject({
      method: 'POST',
      url: '/api/aiRocketReg/getlist',
      headers: { cookie },
      payload: {},
    });
    expect(list.statusCode).toBe(401);
    const hint = await prod.inject({ method: 'GET', url: '/api/auth/demo' });
    expect(hint.json()).toEqual({ demo: false });
  });
});
