#!/usr/bin/env node
// The container's health check (Dockerfile HEALTHCHECK), exit 0 = healthy:
// - ROLE=web or all: GET /api/health on PORT answers 200 within 5 s;
// - ROLE=worker (no HTTP port): its database answers `select 1` within 5 s. A worker whose process
//   ends stops its container, and the restart policy starts it again.
import pg from 'pg';

const role = process.env.ROLE ?? 'all';
const TIMEOUT_MS = 5000;

async function web() {
  const port = process.env.PORT ?? '3000';
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
}

async function worker() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select 1');
  } finally {
    await client.end();
  }
}

try {
  await (role === 'worker' ? worker() : web());
  process.exit(0);
} catch (err) {
  console.error(`unhealthy (${role}): ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
