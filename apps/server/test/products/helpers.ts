import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests, as a client would.
type Body = any;

export type Client = {
  post: (url: string, body?: unknown) => Promise<{ status: number; body: Body }>;
  get: (url: string) => Promise<{ status: number; body: Body }>;
  companyId: string;
  /** The session cookie header value (for raw HTTP, e.g. server-sent events). */
  cookie: string;
};

export async function buildTestApp(
  db: Db,
): Promise<{ app: FastifyInstance; dataDir: string; container: Container }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-products-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'test-secret-0123456789abcdef', DEMO: 'false' });
  const container = createContainer(config, db, { log: false });
  const app = await buildApp(container, { logger: false });
  return { app, dataDir, container };
}

let counter = 0;

/** Signs a new company up and answers a client carrying its session cookie. */
export async function signUp(
  app: FastifyInstance,
  db: Db,
  companyName = `상점 ${++counter}`,
): Promise<Client> {
  const email = `seller${Date.now()}${Math.random().toString(36).slice(2)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { companyName, name: '셀러', email, password: 'password-1234!' },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  const headers = { cookie: `sid=${cookie!.value}` };
  const user = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    companyId: user.company_id,
    cookie: headers.cookie,
    post: async (url, body) => {
      const r = await app.inject({
        method: 'POST',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    },
    get: async (url) => {
      const r = await app.inject({ method: 'GET', url, headers });
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    },
  };
}
