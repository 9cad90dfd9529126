/**
 * AI gateway benchmark (issue 5): `npx tsx apps/server/bench/ai-gateway.bench.ts`
 *  1. overhead per call: gateway (limiter reservation, request log, parsing) vs the bare SDK, both
 *     against a local fake Gemini server, with the PostgreSQL limiter and (when reachable) Redis;
 *     target ≤ 5 ms.
 *  2. a burst at a paid-tier limit (600/min): achieved rate vs the limit; target ≥ 90 %.
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import { GoogleGenAI } from '@google/genai';
import { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';
import { createAiGateway } from '../src/ai/gateway.ts';
import { createPgSlotStore } from '../src/ai/limiter/pg-slot-repository.ts';
import { createRedisSlotStore } from '../src/ai/limiter/redis-slot-store.ts';
import { createRequestLog } from '../src/ai/request-log-repository.ts';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { startFakeAiServer } from '../test/ai/support/fake-ai-servers.ts';
import { requireWork, runBench, sized } from './support/measured.ts';

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const CALLS = Number(process.env.BENCH_CALLS ?? sized(300, 30));
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? sized(20, 2));
const PAID_RPM = 600;

const Answer = z.object({ productName: z.string(), keywords: z.array(z.string()) });
const ANSWER_TEXT = JSON.stringify({ productName: '여성 원피스', keywords: ['원피스'] });

async function admin(sqlText: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function connectRedis(): Promise<Redis | undefined> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function main() {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 10 });
  const server = await startFakeAiServer('gemini');
  server.fallback = () => ({ text: ANSWER_TEXT });
  try {
    await migrateToLatest(db);
    const gateway = createAiGateway({
      requestLog: createRequestLog(db),
      slotStore: createPgSlotStore(db),
      geminiBaseUrl: server.url,
    });
    const sdk = new GoogleGenAI({ apiKey: 'bench-key', httpOptions: { baseUrl: server.url } });
    // A very high limit: this part measures overhead, not waiting.
    const fast = { provider: 'gemini' as const, apiKey: 'bench-key', requestsPerMinute: 10_000_000 };

    const bare = async () => {
      const r = await sdk.models.generateContent({ model: 'gemini-2.0-flash', contents: 'p' });
      return Answer.parse(JSON.parse(r.text ?? ''));
    };
    const viaGateway = () =>
      gateway.request(fast, { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer });

    // Paired: each round runs one bare call and one gateway call back to back (in alternating
    // order), so both see the same moment of a shared, noisy machine; the overhead is the median
    // (and the mean) of the per-round differences.
    const measurePaired = async (label: string, viaGateway: () => Promise<unknown>) => {
      const received = server.received.length;
      for (let i = 0; i < 20; i++) {
        await bare();
        await viaGateway();
      }
      const bareTimes: number[] = [];
      const gwTimes: number[] = [];
      const diffs: number[] = [];
      const time = async (fn: () => Promise<unknown>) => {
        const t = performance.now();
        await fn();
        return performance.now() - t;
      };
      for (let i = 0; i < CALLS * 2; i++) {
        let b: number;
        let g: number;
        if (i % 2) {
          b = await time(bare);
          g = await time(viaGateway);
        } else {
          g = await time(viaGateway);
          b = await time(bare);
        }
        bareTimes.push(b);
        gwTimes.push(g);
        diffs.push(g - b);
      }
      const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
      const sorted = (xs: number[]) => [...xs].sort((a, x) => a - x);
      const sent = server.received.length - received;
      requireWork(
        sent === 2 * (20 + CALLS * 2),
        `${label}: ${sent} calls reached the fake Gemini, ${2 * (20 + CALLS * 2)} made`,
      );
      const [sb, sg, sd] = [sorted(bareTimes), sorted(gwTimes), sorted(diffs)];
      const median = percentile(sd, 0.5);
      console.log(`overhead per call, ${label} (${CALLS * 2} paired calls, fake Gemini over HTTP)`);
      console.log(
        `  bare SDK        mean ${mean(bareTimes).toFixed(2)} ms  p50 ${percentile(sb, 0.5).toFixed(2)}  p95 ${percentile(sb, 0.95).toFixed(2)}`,
      );
      console.log(
        `  through gateway mean ${mean(gwTimes).toFixed(2)} ms  p50 ${percentile(sg, 0.5).toFixed(2)}  p95 ${percentile(sg, 0.95).toFixed(2)}`,
      );
      console.log(
        `  overhead        median ${median.toFixed(2)} ms, mean ${mean(diffs).toFixed(2)} ms per call (target ≤ 5 ms): ${median <= 5 ? 'OK' : 'OVER'}`,
      );
    };
    await measurePaired('PostgreSQL limiter', viaGateway);
    const redis = await connectRedis();
    if (redis) {
      try {
        const prefix = `rr-bench:${randomBytes(4).toString('hex')}:`;
        const redisGateway = createAiGateway({
          requestLog: createRequestLog(db),
          geminiBaseUrl: server.url,
          slotStore: createRedisSlotStore(redis, { prefix }),
        });
        await measurePaired('Redis limiter', () =>
          redisGateway.request(fast, { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer }),
        );
        await redisGateway.flush();
      } finally {
        redis.disconnect();
      }
    } else {
      console.log('Redis limiter: skipped (no Redis at REDIS_URL or 127.0.0.1:6379)');
    }

    // Burst: everything queued at once for one paid-tier key.
    const count = Math.round((PAID_RPM / 60) * BURST_SECONDS) + 1;
    const paid = {
      provider: 'gemini' as const,
      apiKey: `paid-${randomBytes(3).toString('hex')}`,
      requestsPerMinute: PAID_RPM,
    };
    const before = server.received.length;
    const start = Date.now();
    await Promise.all(
      Array.from({ length: count }, () =>
        gateway.request(paid, { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer }),
      ),
    );
    const sent = server.received.slice(before).map((r) => r.at);
    requireWork(sent.length === count, `burst: ${sent.length} of ${count} requests reached the fake Gemini`);
    const span = Math.max(...sent) - Math.min(...sent);
    const rate = ((sent.length - 1) / span) * 60_000;
    console.log(
      `burst at ${PAID_RPM}/min: ${sent.length} requests queued at once, ${(Date.now() - start) / 1000}s wall`,
    );
    console.log(
      `  achieved ${rate.toFixed(0)}/min = ${((rate / PAID_RPM) * 100).toFixed(1)}% of the limit (target ≥ 90%): ${rate >= 0.9 * PAID_RPM ? 'OK' : 'LOW'}`,
    );
    let maxInWindow = 0;
    const sorted = [...sent].sort((x, y) => x - y);
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (sorted[i]! - sorted[j]! >= 60_000) j++;
      maxInWindow = Math.max(maxInWindow, i - j + 1);
    }
    console.log(`  most sends in any 60 s window: ${maxInWindow} (limit ${PAID_RPM})`);
  } finally {
    await server.close();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await runBench(main);
