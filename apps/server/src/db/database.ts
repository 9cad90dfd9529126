import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { yieldCores } from '../limits/cpu-priority.ts';
import type { Database } from './schema.ts';

// bigint (int8) columns come back as numbers: counts and ids here stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Kysely<Database>;

/** Statement and idle-in-transaction limits of every pooled connection (0 turns one off). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** How long a statement waits for a row or table lock before it gives up (55P03 → 503, retry). */
export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
/** How long a request waits for a free pooled connection before it gives up (→ 503, retry). */
export const DEFAULT_CONNECTION_WAIT_MS = 10_000;

export function createDb(
  url: string,
  options: {
    max?: number;
    statementTimeoutMs?: number;
    idleInTransactionTimeoutMs?: number;
    /** Settings every connection starts with (the quota limits: products/product-quotas.ts). */
    settings?: Record<string, string>;
    lockTimeoutMs?: number;
    connectionWaitMs?: number;
    /**
     * Nice value (1–19) of this pool's PostgreSQL backends when they run on this machine, which also
     * puts them under the idle scheduling policy (limits/cpu-priority.ts): the work pool's
     * connections write whole large documents, and their backends then take the cores only when the
     * ones answering requests leave them free (the `prioritize` extension renices the same way).
     */
    backendNiceness?: number;
  } = {},
): Db {
  // No statement may hold a connection (and its row locks) for longer than this: one slow or
  // crafted request cannot tie up the database, and a stuck transaction is ended by the server.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    // A write waiting behind another request's row lock gives up instead of holding its connection.
    lock_timeout: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    // A request never waits for a connection without end (the pool is shared by every company).
    connectionTimeoutMillis: options.connectionWaitMs ?? DEFAULT_CONNECTION_WAIT_MS,
    idle_in_transaction_session_timeout:
      options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(options.settings
      ? {
          options: Object.entries(options.settings)
            .map(([name, value]) => `-c ${name}=${value}`)
            .join(' '),
        }
      : {}),
  });
  const niceness = options.backendNiceness;
  if (niceness !== undefined && niceness > 0 && isLocalDatabase(url))
    pool.on('connect', (client) => lowerBackendPriority(client, niceness));
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Whether the URL's server runs on this machine (a loopback address or a Unix socket). */
export function isLocalDatabase(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const socketDir = u.searchParams.get('host');
  if (socketDir) return socketDir.startsWith('/');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * Lowers a connection's backend process (nice value and idle policy: limits/cpu-priority.ts). Only a
 * process this machine knows as `postgres` is touched; where the system refuses (another user's
 * server without the right to renice it, no /proc), the backend keeps its priority.
 */
function lowerBackendPriority(client: pg.PoolClient, niceness: number): void {
  const lower = (pid: number) => {
    if (!Number.isInteger(pid) || pid <= 0) return;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return;
      yieldCores(pid, niceness);
    } catch {}
  };
  // The backend's pid came with the connection's start (BackendKeyData): its nice value is lowered
  // here, before the pool hands the connection to its first query (a query of its own would run
  // after that one, which then ran at normal priority: a 9 MB rewrite's read, issue 39).
  const known = (client as pg.PoolClient & { processID?: number | null }).processID;
  if (typeof known === 'number') {
    lower(known);
    return;
  }
  client.query<{ pid: number }>('select pg_backend_pid() as pid').then(
    (result) => lower(Number(result.rows[0]?.pid)),
    () => {},
  );
}
