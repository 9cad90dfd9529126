import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import { createTestDb } from './test-db.ts';

export type TestApp = { app: FastifyInstance; db: Db; dataDir: string; container: Container };

/** The real HTTP app on a fresh database and a temporary DATA_DIR, closed after the file. */
export async function createTestApp(
  env: Record<string, string> = {},
  appOptions: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const { db } = await createTestDb();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rr-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-0123456789abcdef',
    DEMO: 'false',
    ...env,
  });
  const container = createContainer(config, db, { log: false });
  const app = await buildApp(container, { logger: false, ...appOptions });
  afterAll(async () => {
    await app.close();
  });
  return { app, db, dataDir, container };
}

/** Signs up a new company and returns the session cookie header for later calls. */
export async function signUp(
  app: FastifyInstance,
  who: { email: string; password?: string; companyName?: string; name?: string },
): Promise<{ cookie: string; userinfo: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      companyName: who.companyName ?? `${who.email} 상점`,
      name: who.name ?? '셀러',
      email: who.email,
      password: who.password ?? 'password123!',
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), userinfo: res.json().userinfo };
}

/**
 * Signs in again and answers the new session's cookie header. A test that changes an account behind
 * the server's back (flags set with SQL) signs in after it: an open session keeps what it was read
 * with for up to SESSION_CACHE_MS (src/auth/auth-service.ts).
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = 'password123!',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}
