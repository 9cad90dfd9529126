import type { AiRequestRow } from '@rr/contracts';
import { EXTENSION_LIMITS, isStuckRequest, MESSAGES, SPEC_RATE_RULE } from '@rr/domain';
import { aiErrors } from './ai-error.ts';
import type { Clock } from './clock.ts';
import type { AiGateway } from './gateway.ts';
import type { SlotStore } from './limiter/slot-store.ts';
import type { RequestLogRepository } from './request-log-repository.ts';

export type MonitorOptions = {
  stuckAfterMs?: number;
  checkEveryMs?: number;
  /** Finished entries leave the live view after this (they stay in the history). */
  liveForMs?: number;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
  /** Issue 42: tells a company's screens how many of its requests were marked timed out. */
  announce?:
    | ((companyId: string, event: { count: number; message: { ko: string; en: string } }) => Promise<unknown>)
    | undefined;
};

/** What the monitor uses of the gateway: its clock, the local aborts, the send slots' usage. */
export type MonitorGateway = {
  readonly clock: Pick<Clock, 'now'>;
  abortLocal: AiGateway['abortLocal'];
  readonly slots: Pick<SlotStore, 'usage'>;
};

/**
 * The request monitor (W §4 Stuck requests, §9): every 60 s, requests with no progress for 5
 * minutes (and not merely queued for a later slot) are marked timeout, aborted if they run in this
 * process, and announced on the gateway's events. Also serves the admin-api-monitor screen. Reads
 * and writes the request log through `requests` (the container's `createRequestLogRepository(db)`).
 */
export function createAiMonitor(
  requests: Pick<
    RequestLogRepository,
    | 'findOpenRequests'
    | 'markTimedOut'
    | 'findLiveRequests'
    | 'findFailedRequests'
    | 'findRecentKeys'
    | 'countOpenAndRecent'
  >,
  gateway: MonitorGateway,
  options: MonitorOptions = {},
) {
  const stuckAfterMs = options.stuckAfterMs ?? EXTENSION_LIMITS.stuckRequestTimeoutMs;
  const checkEveryMs = options.checkEveryMs ?? EXTENSION_LIMITS.stuckCheckIntervalMs;
  const liveForMs = options.liveForMs ?? EXTENSION_LIMITS.finishedPurgeAfterMs;
  const clock = gateway.clock;
  let timer: NodeJS.Timeout | undefined;

  /** The seller learns it too (issue 42: before, only the developer monitor showed it): per company. */
  async function announceStuck(stuck: readonly { id: number; company_id?: string | null }[], ids: number[]) {
    if (!options.announce) return;
    const marked = new Set(ids);
    const perCompany = new Map<string, number>();
    for (const r of stuck)
      if (marked.has(r.id) && r.company_id)
        perCompany.set(r.company_id, (perCompany.get(r.company_id) ?? 0) + 1);
    for (const [companyId, count] of perCompany) {
      const fill = (t: string) => t.replace('{count}', String(count));
      const m = MESSAGES.stuckRequestsAnnounced;
      await options
        .announce(companyId, { count, message: { ko: fill(m.ko), en: fill(m.en) } })
        .catch((err) => options.log?.warn({ err }, 'stuck announce failed'));
    }
  }

  async function markStuck(): Promise<number[]> {
    const now = clock.now();
    const open = await requests.findOpenRequests();
    const stuck = open.filter((r) =>
      isStuckRequest(r.updated_at.getTime(), now, {
        scheduledAt: r.scheduled_at?.getTime() ?? null,
        stuckAfterMs,
      }),
    );
    if (stuck.length === 0) return [];
    const ids = await requests.markTimedOut(stuck, now, MESSAGES.stuckRequestTimeout.ko);
    if (ids.length) {
      options.log?.warn({ ids }, 'stuck AI requests marked as timeout');
      gateway.abortLocal(ids, aiErrors.timeout(stuckAfterMs));
      await announceStuck(stuck, ids);
    }
    return ids;
  }

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
      const rows = await requests.findLiveRequests(companyId, new Date(now - liveForMs), limit);
      return rows.map((r) =>
        monitorRow({
          ...r,
          // Open requests show their running time.
          durationMs: r.durationMs ?? Math.max(0, now - r.createdAt.getTime()),
        }),
      );
    },

    /** Failed and timed-out requests from the history, newest first. */
    async failures(companyId: string, limit = 50) {
      return (await requests.findFailedRequests(companyId, limit)).map(monitorRow);
    },

    /** Requests sent per key in the last minute against the limit, for the company's keys. */
    async rate(companyId: string) {
      const now = clock.now();
      const keys = await requests.findRecentKeys(companyId, new Date(now - 60 * 60_000));
      const usage = await gateway.slots.usage(
        keys.map((k) => k.limiter_key!),
        now,
        SPEC_RATE_RULE.windowMs,
      );
      const counts = await requests.countOpenAndRecent(companyId, new Date(now - 60_000));
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

type DatedRow = Omit<AiRequestRow, 'createdAt' | 'scheduledAt' | 'startedAt' | 'finishedAt'> & {
  createdAt: Date;
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** A request-log row as the monitor screen reads it (`AiRequestRow`): its times as ISO strings. */
function monitorRow(r: DatedRow): AiRequestRow {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    scheduledAt: iso(r.scheduledAt),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  };
}
