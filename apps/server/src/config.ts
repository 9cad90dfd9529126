import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { EXTENSION_ID } from '@rr/contracts';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.string().optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().optional(),
  APP_SECRET: z.string().min(16).optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  /** Origins a company may use as its AI endpoint although private (comma-separated, e.g. http://127.0.0.1:11434). */
  AI_ENDPOINT_ALLOWLIST: z.string().optional(),
  /** Lets companies use plain-http AI endpoints (public addresses only). */
  AI_ENDPOINT_ALLOW_HTTP: z.enum(['true', 'false']).optional(),
  REDIS_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  WORKFLOW_PAUSE_SCALE: z.coerce.number().min(0).default(1),
  WORKFLOW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  PUBLIC_URL: z.string().url().optional(),
  /** Issue 42: mail over SMTP (smtp:// or smtps:// URL); without it mails go to the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  MAIL_FROM: z.string().optional(),
  /** Coupang's Open API gateway (issue 23); an operator may point it elsewhere (the demo: the fake gateway). */
  COUPANG_API_BASE_URL: z.string().url().optional(),
  /** Minutes between approval-status checks of products under review on Coupang (0: only on demand). */
  COUPANG_SYNC_MINUTES: z.coerce.number().min(0).optional(),
  /** Issue 37: calls per second per vendor id, below Coupang's ~10/s; the back-off after a 429. */
  COUPANG_CALLS_PER_SECOND: z.coerce.number().min(1).max(10).default(8),
  /** Issue 41: a daily public exchange-rate source (CNY → KRW, readDailyRate's shape) and the move that offers it. */
  EXCHANGE_RATE_URL: z.string().url().optional(),
  EXCHANGE_RATE_THRESHOLD_PERCENT: z.coerce.number().min(0).max(100).default(3),
  /** Issue 41: minutes between scheduled sales syncs (0: off). */
  SALES_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  COUPANG_BACKOFF_MINUTES: z.coerce.number().min(0).max(120).default(5),
  /** How long after a create Coupang's SKU look-up shows it (documented: about a minute). */
  COUPANG_SKU_LOOKUP_LAG_SECONDS: z.coerce.number().min(0).max(600).default(70),
  /** Proxy hops in front of the app (a number), or the proxies' addresses/CIDRs (comma-separated). */
  TRUST_PROXY: z.string().optional(),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Bytes of files (images, exports) one company may store, in MB. */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(10_240),
  LOG_LEVEL: z.string().default('info'),
  /** Image engine queue (issue 21): waiting jobs per company / in all / per new company / of new companies together. */
  IMAGE_QUEUE_PER_COMPANY: z.coerce.number().int().min(1).default(100),
  IMAGE_QUEUE_TOTAL: z.coerce.number().int().min(1).default(500),
  IMAGE_QUEUE_PER_NEW_COMPANY: z.coerce.number().int().min(1).default(10),
  IMAGE_QUEUE_NEW_COMPANIES: z.coerce.number().int().min(1).default(50),
  /** A company is new (held to the new-company bounds) for this many hours after sign-up. */
  NEW_ACCOUNT_HOURS: z.coerce.number().min(0).default(24),
  /** Per-company quotas of product data (products/product-quotas.ts). */
  MAX_PRODUCTS: z.coerce.number().int().min(1).default(50_000),
  MAX_PRODUCT_DOCS_MB: z.coerce.number().int().min(1).default(10_240),
  IMPORT_HISTORY_KEEP: z.coerce.number().int().min(1).default(5_000),

  /** Browser extension origins allowed to call the capture route cross-origin (comma-separated chrome-extension://<id>). */
  EXTENSION_ORIGINS: z.string().optional(),
  /**
   * Tests only (refused with NODE_ENV=production): hosts a local test server stands in for when the
   * server fetches images, `host=address:port` comma-separated (e2e: cbu01.alicdn.com=127.0.0.1:<port>).
   */
  TEST_IMAGE_HOSTS: z.string().optional(),
});

/** The environment variables the server reads (compose.yaml is checked against them). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  appSecret: string;
  geminiBaseUrl: string | undefined;
  openaiBaseUrl: string | undefined;
  /** What a company's own AI base URL may be (ai/endpoint-guard.ts). */
  aiEndpoints: { allowedOrigins: string[]; allowHttp: boolean };
  redisUrl: string | undefined;
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      }
    | undefined;
  workflowPauseScale: number;
  /** Products one process works on at once. */
  workflowConcurrency: number;
  /** web: HTTP only; worker: workflow jobs only; all: both. */
  role: 'web' | 'worker' | 'all';
  /** NODE_ENV=production: demo off by default, Secure cookies always. */
  production: boolean;
  demo: boolean;
  publicUrl: string | undefined;
  /** Coupang Open API: the gateway's base URL and the approval sync's interval (0: off). */
  coupang: {
    apiBaseUrl: string;
    syncMinutes: number;
    callsPerSecond: number;
    backoffMs: number;
    skuLookupLagMs: number;
    /** Issue 41: the sales sync's schedule (0: on demand only). */
    salesSyncMinutes?: number | undefined;
  };
  /** Issue 41: the daily exchange-rate source (off without a URL) and the move beyond which it is offered. */
  exchangeRate?: { url: string | undefined; thresholdPercent: number } | undefined;
  /** Origin of links the app sends (password reset): PUBLIC_URL, else http://localhost:PORT; never a request header. */
  appOrigin: string;
  /** Issue 42: SMTP_URL (mails leave over SMTP) or none (the outbox), and the sender (MAIL_FROM). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Fastify's trustProxy: false (the default), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  statementTimeoutMs: number;
  /** Bytes one company may store (STORAGE_QUOTA_MB). */
  storageQuotaBytes: number;
  logLevel: string;
  /** The image engine's waiting line (images/translate/fair-queue.ts). */
  imageQueue: { perCompany: number; total: number; perNewCompany: number; newCompanies: number };
  newAccountHours: number;
  /** Products, bytes of product documents, import history rows kept, per company. */
  quotas: { products: number; productBytes: number; importHistory: number };

  /** Origins of the browser extension (CORS on the capture route only); the shipped extension's by default. */
  extensionOrigins: string[];
  /** Hosts a local test server answers for image fetches (TEST_IMAGE_HOSTS); always empty in production. */
  testImageHosts: ReadonlyMap<string, { address: string; port: number }>;
};

/** Reads the environment once; APP_SECRET, when unset, is generated into DATA_DIR and reused. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    geminiBaseUrl: e.GEMINI_BASE_URL,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    aiEndpoints: {
      allowedOrigins: (e.AI_ENDPOINT_ALLOWLIST ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => new URL(o).origin),
      allowHttp: e.AI_ENDPOINT_ALLOW_HTTP === 'true',
    },
    redisUrl: e.REDIS_URL || undefined,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'auto',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    workflowPauseScale: e.WORKFLOW_PAUSE_SCALE,
    workflowConcurrency: e.WORKFLOW_CONCURRENCY,
    role: e.ROLE,
    production,
    demo: e.DEMO ?? !production,
    publicUrl: e.PUBLIC_URL,
    coupang: {
      apiBaseUrl: (e.COUPANG_API_BASE_URL ?? 'https://api-gateway.coupang.com').replace(/\/+$/, ''),
      // The demo's reviews take seconds (the fake gateway): asked every minute; Coupang's take hours.
      syncMinutes: e.COUPANG_SYNC_MINUTES ?? ((e.DEMO ?? !production) ? 1 : 10),
      callsPerSecond: e.COUPANG_CALLS_PER_SECOND,
      backoffMs: e.COUPANG_BACKOFF_MINUTES * 60_000,
      skuLookupLagMs: e.COUPANG_SKU_LOOKUP_LAG_SECONDS * 1000,
      salesSyncMinutes: e.SALES_SYNC_MINUTES,
    },
    exchangeRate: { url: e.EXCHANGE_RATE_URL, thresholdPercent: e.EXCHANGE_RATE_THRESHOLD_PERCENT },
    appOrigin: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM ?? '로켓등록 <no-reply@localhost>' },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    imageQueue: {
      perCompany: e.IMAGE_QUEUE_PER_COMPANY,
      total: e.IMAGE_QUEUE_TOTAL,
      perNewCompany: e.IMAGE_QUEUE_PER_NEW_COMPANY,
      newCompanies: Math.min(e.IMAGE_QUEUE_NEW_COMPANIES, e.IMAGE_QUEUE_TOTAL),
    },
    newAccountHours: e.NEW_ACCOUNT_HOURS,
    quotas: {
      products: e.MAX_PRODUCTS,
      productBytes: e.MAX_PRODUCT_DOCS_MB * 1024 * 1024,
      importHistory: e.IMPORT_HISTORY_KEEP,
    },

    extensionOrigins: parseExtensionOrigins(e.EXTENSION_ORIGINS),
    testImageHosts: parseTestImageHosts(e.TEST_IMAGE_HOSTS, production),
  };
}

/**
 * `host=address:port,…` → the hosts image fetches reach on a local test server. Refused in
 * production: there, every image fetch stays held to global addresses (images/fetch-image.ts).
 */
export function parseTestImageHosts(
  value: string | undefined,
  production: boolean,
): ReadonlyMap<string, { address: string; port: number }> {
  const hosts = new Map<string, { address: string; port: number }>();
  const v = value?.trim();
  if (!v) return hosts;
  if (production)
    throw new Error('TEST_IMAGE_HOSTS is for tests only and is refused with NODE_ENV=production');
  for (const entry of v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9.-]+)=(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/i.exec(entry);
    const port = Number(m?.[3]);
    if (!m || !isIP(m[2]!) || port < 1 || port > 65535)
      throw new Error(`TEST_IMAGE_HOSTS: ${entry} is not host=IPv4 address:port`);
    hosts.set(m[1]!.toLowerCase(), { address: m[2]!, port });
  }
  return hosts;
}

/** `chrome-extension://<32 letters a-p>` origins; unset means the extension this repository ships. */
function parseExtensionOrigins(value: string | undefined): string[] {
  const origins = (value ?? `chrome-extension://${EXTENSION_ID}`)
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^chrome-extension:\/\/[a-p]{32}$/.test(origin)) {
      throw new Error(`EXTENSION_ORIGINS: ${origin} is not chrome-extension://<extension id>`);
    }
  }
  return origins;
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error('TRUST_PROXY: give the number of proxy hops or their addresses, not true');
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * DATA_DIR/app-secret, created exclusively: the secret is written to a private temporary file and
 * linked into place, which fails when the file exists, so processes starting at once all end up
 * with the one secret that won (never a half-written one).
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const existing = readFileSync(file, 'utf8').trim();
      if (existing) return existing;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(tmp, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
  }
  throw new Error(`cannot read ${file}`);
}
