import { EXTENSION_LIMITS, isStuckRequest, MESSAGES, SPEC_RATE_RULE } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { aiErrors } from './ai-error.ts';
import type { AiGateway } from './gateway.ts';

export type MonitorOptions = {
  stuckAfterMs?: number;
  checkEveryMs?: number;
  /** Finished entries leave the live view after this (they stay in the history). */
  liveForMs?: number;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
};

/**
 * The request monitor (W §4 Stuck requests, §9): every 60 s, requests with no progress for 5
 * minutes (and not merely queued for a later slot) are marked timeout, aborted if they run in this
 * process, and announced on the gateway's events. Also serves the admin-api-monitor screen.
 */
export function createAiMonitor(db: Db, gateway: AiGateway, options: MonitorOptions = {}) {
  const stuckAfterMs = options.stuckAfterMs ?? EXTENSION_LIMITS.stuckRequestTimeoutMs;
  const checkEveryMs = options.checkEveryMs ?? EXTENSION_LIMITS.stuckCheckIntervalMs;
  const liveForMs = options.liveForMs ?? EXTENSION_LIMITS.finishedPurgeAfterMs;
  const clock = gateway.clock;
  let timer: NodeJS.Timeout | undefined;

  async function markStuck(): Promise<number[]> {
    const now = clock.now();
    const open = await db
      .selectFrom('ai_requests')
      .select(['id', 'updated_at', 'scheduled_at'])
      .where('status', 'in', ['pending', 'processing'])
      .execute();
    const stuck = open.filter((r) =>
      isStuckRequest(r.updated_at.getTime(), now, {
        scheduledAt: r.scheduled_at?.getTime() ?? null,
        stuckAfterMs,
      }),
    );
    if (stuck.length === 0) return [];
    const rows = await db
      .updateTable('ai_requests')
      .set({
        status: 'timeout',
        error: MESSAGES.stuckRequestTimeout.ko,
        finished_at: new Date(now),
        updated_at: new Date(now),
        duration_ms: sql<number>`(extract(epoch from (${new Date(now)}::timestamptz - created_at)) * 1000)::int`,
      })
      .where('status', 'in', ['pending', 'processing'])
      // Only rows still as read: a request that made progress meanwhile is not stuck.
      .where((eb) =>
        eb.or(
          stuck.map((r) =>
            eb.and([eb('id', '=', r.id), eb('updated_at', '<', new Date(r.updated_at.getTime() + 1))]),
          ),
        ),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length) {
      options.log?.warn({ ids }, 'stuck AI requests marked as timeout');
      gateway.abortLocal(ids, aiErrors.timeout(stuckAfterMs));
    }
    return ids;
  }

  const columns = [
    'id',
    'product_id as productId',
    'work_type as workType',
    'task',
    'provider',
    'model',
    'status',
    'attempts',
    'http_status as httpStatus',
    'error',
    'created_at as createdAt',
    'scheduled_at as scheduledAt',
    'started_at as startedAt',
    'finished_at as finishedAt',
    'duration_ms as durationMs',
  ] as const;

  return {
    markStuck,
    start() {
      timer ??= setInterval(() => {
        markStuck().catch((err) => options.log?.warn({ err }, 'AI monitor check failed'));
      }, checkEveryMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },

    /** Open requests and those finished in the last 10 minutes, newest first. */
    async live(companyId: string, limit = 200) {
      const now = clock.now();
      const rows = await db
        .selectFrom('ai_requests')
        .select(columns)
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', new Date(now - liveForMs))]),
        )
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ...r,
        // Open requests show their running time.
        durationMs: r.durationMs ?? Math.max(0, now - r.createdAt.getTime()),
      }));
    },

    /** Failed and timed-out requests from the history, newest first. */
    async failures(companyId: string, limit = 50) {
      return db
        .selectFrom('ai_requests')
        .select(columns)
        .where('company_id', '=', companyId)
        .where('status', 'in', ['error', 'timeout'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Requests sent per key in the last minute against the limit, for the company's keys. */
    async rate(companyId: string) {
      const now = clock.now();
      const keys = await db
        .selectFrom('ai_requests')
        .select(['limiter_key', 'provider', 'model'])
        .distinctOn('limiter_key')
        .where('company_id', '=', companyId)
        .where('limiter_key', 'is not', null)
        .where('created_at', '>', new Date(now - 60 * 60_000))
        .orderBy('limiter_key')
        .orderBy('id', 'desc')
        .execute();
      const usage = await gateway.slots.usage(
        keys.map((k) => k.limiter_key!),
        now,
        SPEC_RATE_RULE.windowMs,
      );
      const counts = await db
        .selectFrom('ai_requests')
        .select(({ fn }) => [
          fn.count<number>('id').filterWhere('status', 'in', ['pending', 'processing']).as('open'),
          fn
            .count<number>('id')
            .filterWhere('created_at', '>', new Date(now - 60_000))
            .as('lastMinute'),
        ])
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return {
        windowMs: SPEC_RATE_RULE.windowMs,
        limitPerMinute: SPEC_RATE_RULE.limit,
        open: Number(counts.open),
        createdLastMinute: Number(counts.lastMinute),
        keys: keys.map((k) => {
          const u = usage.get(k.limiter_key!);
          return {
            keyId: k.limiter_key!.slice(0, 8),
            provider: k.provider,
            model: k.model,
            sentLastMinute: u?.sentInWindow ?? 0,
            reservedAhead: u?.reservedAhead ?? 0,
            nextSlotAt: u?.nextSlotAt ? new Date(u.nextSlotAt).toISOString() : null,
          };
        }),
      };
    },
  };
}
export type AiMonitor = ReturnType<typeof createAiMonitor>;
