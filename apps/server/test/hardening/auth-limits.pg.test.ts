import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import { createTestDb } from '../support/test-db.ts';

// Counts password hashes: a reset with a wrong token must not pay for one.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/auth/passwords.ts')>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count++;
      return real.hashPassword(password);
    },
  };
});

async function appOn(
  db: Db,
  env: Record<string, string> = {},
  logLines?: string[],
): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'rr-hard-')),
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: 'false',
    ...env,
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines?.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(createContainer(config, db, { log: false }), {
    logger: logLines ? { level: 'info', stream } : false,
  });
  return app;
}

const post = (app: FastifyInstance, url: string, payload: object, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, payload, ...extra });

let n = 0;
async function signUp(
  app: FastifyInstance,
  email: string,
  password = 'password-1234',
  remoteAddress?: string,
) {
  const res = await post(
    app,
    '/api/auth/signup',
    { companyName: `상점 ${++n}`, name: '셀러', email, password },
    remoteAddress ? { remoteAddress } : {},
  );
  expect(res.statusCode).toBe(200);
  return res;
}

describe('account routes hold up to an attacker (real PostgreSQL)', async () => {
  const { db } = await createTestDb();
  const logLines: string[] = [];
  const app = await appOn(db, { PUBLIC_URL: 'https://rr.example.com/' }, logLines);
  const other = await appOn(db); // a second server process on the same database

  it('builds the reset link from PUBLIC_URL, not from forwarded headers, and never logs the token', async () => {
    await signUp(app, 'reset-origin@example.com');
    const res = await post(
      app,
      '/api/auth/forgot-password',
      { email: 'reset-origin@example.com' },
      { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', host: 'evil.example' } },
    );
    expect(res.statusCode).toBe(200);
    const mail = await db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', 'reset-origin@example.com')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+/.exec(mail.body)?.[0] ?? '';
    expect(link).toMatch(/^https:\/\/rr\.example\.com\/auth\/reset-password\/[\w-]{20,}$/);
    const token = link.split('/').pop()!;
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: 30 failed sign-ins per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        app,
        '/api/auth/login',
        { email: `nobody${i}@example.com`, password: 'wrong-password' },
        { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('believes exactly the configured proxy hops (TRUST_PROXY=1)', async () => {
    const proxied = await appOn(db, { TRUST_PROXY: '1' });
    try {
      await post(
        proxied,
        '/api/auth/login',
        { email: 'hops@example.com', password: 'wrong-password' },
        { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' } },
      );
      const row = await db
        .selectFrom('access_history')
        .select('ip')
        .where('email', '=', 'hops@example.com')
        .executeTakeFirstOrThrow();
      expect(row.ip).toBe('5.6.7.8'); // the proxy's own view of the client, not what the client claimed
    } finally {
      await proxied.close();
    }
  });

  it('limits /api routes by the route matched: an encoded path is counted too', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.50' });
    expect(plain.headers['x-ratelimit-limit']).toBe('600');
    const encoded = await app.inject({ method: 'GET', url: '/%61pi/health', remoteAddress: '192.0.2.50' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['x-ratelimit-limit']).toBe('600');
    expect(Number(encoded.headers['x-ratelimit-remaining'])).toBe(
      Number(plain.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('counts only failed sign-ins: a seller may sign in 32 times in a row', async () => {
    await signUp(app, 'often@example.com', 'password-1234', '192.0.2.60');
    for (let i = 0; i < 32; i++) {
      const res = await post(
        app,
        '/api/auth/login',
        { email: 'often@example.com', password: 'password-1234' },
        { remoteAddress: '192.0.2.60' },
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it('shares the failed sign-in count between server processes', async () => {
    await signUp(app, 'shared@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await post(
        i % 2 ? app : other,
        '/api/auth/login',
        { email: 'shared@example.com', password: 'wrong-password' },
        { remoteAddress: '192.0.2.100' },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      other,
      '/api/auth/login',
      { email: 'shared@example.com', password: 'password-1234' },
      { remoteAddress: '192.0.2.100' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
  });

  it("an account's failures lock the address they came from, not its owner's usual address (issue 39)", async () => {
    await signUp(app, 'owner@example.com', 'password-1234', '192.0.2.200');
    const login = (password: string, remoteAddress: string) =>
      post(app, '/api/auth/login', { email: 'owner@example.com', password }, { remoteAddress });
    // someone who knows the e-mail tries ten passwords from one address: that address is locked
    for (let i = 0; i < 10; i++) expect((await login('wrong-password', '203.0.113.50')).statusCode).toBe(401);
    expect((await login('wrong-password', '203.0.113.50')).statusCode).toBe(429);
    // the owner, from their usual address or from a new one, signs in
    expect((await login('password-1234', '192.0.2.200')).statusCode).toBe(200);
    expect((await login('password-1234', '192.0.2.201')).statusCode).toBe(200);
  });

  it("failures spread over many addresses fill the account's limit, which its usual address passes and a reset link empties", async () => {
    await signUp(app, 'spread@example.com', 'password-1234', '192.0.2.210');
    const login = (password: string, remoteAddress: string) =>
      post(app, '/api/auth/login', { email: 'spread@example.com', password }, { remoteAddress });
    for (let i = 0; i < 50; i++)
      expect((await login('wrong-password', `198.18.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    // the 51st from yet another address, even with the right password, is refused
    expect((await login('password-1234', '198.18.1.1')).statusCode).toBe(429);
    // the owner's usual address still signs in
    expect((await login('password-1234', '192.0.2.210')).statusCode).toBe(200);
    // a password reset unlocks the account everywhere at once
    expect((await post(app, '/api/auth/forgot-password', { email: 'spread@example.com' })).statusCode).toBe(
      200,
    );
    const mail = await db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', 'spread@example.com')
      .executeTakeFirstOrThrow();
    const token = (/https?:\/\/\S+/.exec(mail.body)?.[0] ?? '').split('/').pop()!;
    const reset = await post(app, '/api/auth/reset-password', { token, password: 'new-password-99' });
    expect(reset.statusCode).toBe(200);
    expect((await login('new-password-99', '198.18.1.2')).statusCode).toBe(200);
  });

  it('limits sign-ups per address (30 an hour)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        app,
        '/api/auth/signup',
        { companyName: 'x', name: 'y', email: `bulk${i}@example.com`, password: 'password-1234' },
        { remoteAddress: '192.0.2.70' },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const made = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bulk30@example.com')
      .execute();
    expect(made).toHaveLength(0);
  });

  it('limits reset requests per email (3 an hour) and reset attempts per address (20 in 15 minutes)', async () => {
    await signUp(app, 'forgetful@example.com');
    const asked: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(
        app,
        '/api/auth/forgot-password',
        { email: 'forgetful@example.com' },
        { remoteAddress: `192.0.2.${80 + i}` },
      );
      asked.push(res.statusCode);
    }
    expect(asked).toEqual([200, 200, 200, 429]);
    const mails = await db
      .selectFrom('outbox')
      .select('id')
      .where('to_email', '=', 'forgetful@example.com')
      .execute();
    expect(mails).toHaveLength(3);

    const tried: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await post(
        app,
        '/api/auth/reset-password',
        { token: `not-a-token-${i}-xxxxxxxx`, password: 'new-password-1' },
        { remoteAddress: '192.0.2.90' },
      );
      tried.push(res.statusCode);
    }
    expect(tried.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(tried[20]).toBe(429);
  });

  it('checks the reset token before hashing the new password', async () => {
    const before = hashes.count;
    const res = await post(
      app,
      '/api/auth/reset-password',
      { token: 'wrong-token-0123456789', password: 'new-password-1' },
      { remoteAddress: '192.0.2.91' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reset_token_invalid');
    expect(hashes.count).toBe(before);
  });

  it('ends every other reset link of the user with a successful reset', async () => {
    await signUp(app, 'twice@example.com');
    for (const ip of ['192.0.2.92', '192.0.2.93'])
      await post(app, '/api/auth/forgot-password', { email: 'twice@example.com' }, { remoteAddress: ip });
    const mails = await db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', 'twice@example.com')
      .orderBy('id')
      .execute();
    const [first, second] = mails.map((m) => /reset-password\/([\w-]+)/.exec(m.body)![1]!);
    const used = await post(app, '/api/auth/reset-password', { token: second, password: 'second-password' });
    expect(used.statusCode).toBe(200);
    const stale = await post(app, '/api/auth/reset-password', { token: first, password: 'third-password' });
    expect(stale.statusCode).toBe(400);
    const login = await post(app, '/api/auth/login', {
      email: 'twice@example.com',
      password: 'second-password',
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a sign-up race with 409, not 500, and keeps one account', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post(
          app,
          '/api/auth/signup',
          { companyName: `race ${i}`, name: 'r', email: 'race@example.com', password: 'password-1234' },
          { remoteAddress: `192.0.2.${200 + i}` },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('email_taken');
    const users = await db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute();
    expect(users).toHaveLength(1);
  });

  it('forces the Secure cookie in production, even over plain http', async () => {
    const prod = await appOn(db, { NODE_ENV: 'production' });
    try {
      await signUp(prod, 'prod@example.com', 'password-1234', '192.0.2.230');
      const res = await post(prod, '/api/auth/login', {
        email: 'prod@example.com',
        password: 'password-1234',
      });
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    } finally {
      await prod.close();
    }
  });
});
