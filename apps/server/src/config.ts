import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().optional(),
  APP_SECRET: z.string().min(16).optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
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
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  appSecret: string;
  geminiBaseUrl: string | undefined;
  openaiBaseUrl: string | undefined;
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
  demo: boolean;
  publicUrl: string | undefined;
  logLevel: string;
};

/** Reads the environment once; APP_SECRET, when unset, is generated into DATA_DIR and reused. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
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
    demo: e.DEMO,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
