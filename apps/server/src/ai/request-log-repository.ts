import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AiRequestStatus } from './ai-tables.ts';
import type { InlineSlots, SlotStore } from './limiter/slot-store.ts';

export type RequestLogEntry = {
  companyId: string | null;
  productId: string | null;
  workType: string;
  task: string | null;
  provider: string;
  model: string | null;
  limiterKey: string | null;
};

export type RequestOutcome = {
  status: Extract<AiRequestStatus, 'success' | 'error' | 'timeout'>;
  error: string | null;
  httpStatus: number | null;
  durationMs: number;
};

/** The log row written together with the first slot reservation. */
export type ReservedStart = { id: number; slot: number; status: 'pending' | 'processing' };

/**
 * Makes the statement's transaction commit without waiting for the WAL flush. Log rows are a record
 * of requests, not money: a database crash may lose the last fraction of a second of them, and in
 * exchange no log write costs a disk flush. Used as `from (select …) as async_commit`.
 */
const asyncCommit = sql<{ off: string }>`(select set_config('synchronous_commit', 'off', true) as off)`.as(
  'async_commit',
);

/**
 * The `ai_requests` table. Rows carry who asked, for what and how it went — never the key, the
 * prompt or the answer. Writes of one request are chained in order; only the first (when it also
 * reserves the send slot) is awaited by the caller, so logging adds little to a call's latency.
 */
export function createRequestLog(db: Db) {
  const finishBatch = createFinishBatch(db);
  return {
    /**
     * The slot store's reservation SQL when its slots are kept in this log's database: the gateway
     * then writes a request's row and reserves its first slot in one statement (`startReserving`).
     */
    inlineSlots(slots: SlotStore): InlineSlots | undefined {
      return slots.inline?.db === db ? slots.inline : undefined;
    },

    async start(entry: RequestLogEntry, at: number): Promise<number> {
      const { rows } = await sql<{ id: number }>`
        insert into ai_requests (company_id, product_id, work_type, task, provider, model, limiter_key,
                                 status, created_at, updated_at)
        select ${entry.companyId}, ${entry.productId}, ${entry.workType}, ${entry.task}, ${entry.provider},
               ${entry.model}, ${entry.limiterKey}, 'pending', ${new Date(at)}, ${new Date(at)}
        from ${asyncCommit}
        returning id`.execute(db);
      return rows[0]!.id;
    },

    /**
     * One round trip for the log row and the first send slot: `reserveSlot` (the slot store's SQL,
     * which serialises the key with a transaction lock) runs once, and the row is written as already
     * processing when the slot is now, or pending with its `scheduled_at` when it must wait.
     */
    async startReserving(
      entry: RequestLogEntry,
      at: number,
      reserveSlot: RawBuilder<number>,
    ): Promise<ReservedStart> {
      const now = new Date(at);
      const { rows } = await sql<ReservedStart>`
        with reserved as (select ${reserveSlot} as slot),
        inserted as (
          insert into ai_requests (company_id, product_id, work_type, task, provider, model, limiter_key,
                                   status, attempts, created_at, updated_at, scheduled_at, started_at)
          select ${entry.companyId}, ${entry.productId}, ${entry.workType}, ${entry.task}, ${entry.provider},
                 ${entry.model}, ${entry.limiterKey},
                 case when r.slot > ${at} then 'pending' else 'processing' end,
                 case when r.slot > ${at} then 0 else 1 end,
                 ${now}, ${now},
                 case when r.slot > ${at} then to_timestamp(r.slot / 1000.0) end,
                 case when r.slot > ${at} then null else ${now}::timestamptz end
          from reserved r
          returning id, status)
        select i.id, r.slot, i.status from inserted i, reserved r`.execute(db);
      const row = rows[0]!;
      return { id: row.id, slot: Number(row.slot), status: row.status };
    },

    async scheduled(id: number, slotAt: number): Promise<void> {
      await db
        .updateTable('ai_requests')
        .from(asyncCommit)
        .set({ scheduled_at: new Date(slotAt) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },
    async attempt(id: number, attempt: number, at: number): Promise<void> {
      await db
        .updateTable('ai_requests')
        .from(asyncCommit)
        .set((eb) => ({
          status: 'processing',
          attempts: attempt,
          started_at: eb.fn.coalesce('started_at', eb.val(new Date(at))),
          updated_at: new Date(at),
        }))
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },
    async retrying(id: number, error: string, httpStatus: number | null, at: number): Promise<void> {
      await db
        .updateTable('ai_requests')
        .from(asyncCommit)
        .set({ status: 'pending', error, http_status: httpStatus, updated_at: new Date(at) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },
    /** Batched: finishes within FINISH_BATCH_MS share one statement (see `createFinishBatch`). */
    finish: finishBatch.add,
  };
}
/** The gateway's writes; a log kept elsewhere (a test's, in memory) has no `inlineSlots`. */
export type RequestLog = Omit<ReturnType<typeof createRequestLog>, 'inlineSlots'> &
  Partial<Pick<ReturnType<typeof createRequestLog>, 'inlineSlots'>>;

/** How long a finished request's outcome may wait to share its write with others. */
const FINISH_BATCH_MS = 10;
const FINISH_BATCH_MAX = 200;

type Finish = {
  id: number;
  status: string;
  error: string | null;
  http_status: number | null;
  duration_ms: number;
  at: string;
};

/**
 * The last write of every request (its outcome) goes out in batches: one UPDATE per
 * FINISH_BATCH_MS for all requests finished meanwhile, instead of one per request. The caller
 * already has its answer; the promise settles when the row is written.
 */
function createFinishBatch(db: Db) {
  let queue: { row: Finish; done: { resolve: () => void; reject: (e: unknown) => void } }[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function write() {
    timer = undefined;
    const batch = queue;
    queue = [];
    try {
      await sql`
        update ai_requests r
        set status = v.status, error = v.error, http_status = v.http_status, duration_ms = v.duration_ms,
            finished_at = v.at, updated_at = v.at
        from ${asyncCommit},
             jsonb_to_recordset(${JSON.stringify(batch.map((b) => b.row))}::jsonb)
               as v(id bigint, status text, error text, http_status int, duration_ms int, at timestamptz)
        where r.id = v.id`.execute(db);
      for (const b of batch) b.done.resolve();
    } catch (error) {
      for (const b of batch) b.done.reject(error);
    }
  }

  return {
    add(id: number, outcome: RequestOutcome, at: number): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({
          row: {
            id,
            status: outcome.status,
            error: outcome.error,
            http_status: outcome.httpStatus,
            duration_ms: Math.round(outcome.durationMs),
            at: new Date(at).toISOString(),
          },
          done: { resolve, reject },
        });
        if (queue.length >= FINISH_BATCH_MAX) {
          clearTimeout(timer);
          void write();
        } else {
          timer ??= setTimeout(() => void write(), FINISH_BATCH_MS);
        }
      });
    },
  };
}

export type AiRequestCounts = { total: number; success: number; error: number; open: number };

const MONITOR_COLUMNS = [
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

/**
 * The request log's reads for the monitor and the dashboard, and the monitor's one write (stuck
 * requests timed out). Built once by the container; the gateway's writes are `createRequestLog`.
 */
export function createRequestLogRepository(db: Db) {
  return {
    /** The company's AI requests since midnight in Korea (the sellers' day), by how they went (the dashboard). */
    async countAiRequestsToday(companyId: string): Promise<AiRequestCounts> {
      const { rows } = await sql<AiRequestCounts>`
      select count(*)::int as total,
        (count(*) filter (where status = 'success'))::int as success,
        (count(*) filter (where status in ('error', 'timeout')))::int as error,
        (count(*) filter (where status in ('pending', 'processing')))::int as open
      from ai_requests
      where company_id = ${companyId}
        and created_at >= (date_trunc('day', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul')`.execute(
        db,
      );
      return rows[0] ?? { total: 0, success: 0, error: 0, open: 0 };
    },

    // The monitor's reads and its one write (monitor.ts).

    /** Requests still pending or processing, with when they last moved and any slot they wait for. */
    async findOpenRequests(): Promise<
      { id: number; updated_at: Date; scheduled_at: Date | null; company_id: string | null }[]
    > {
      return db
        .selectFrom('ai_requests')
        .select(['id', 'updated_at', 'scheduled_at', 'company_id'])
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },

    /** Marks these requests timed out, each only if still open and not updated since read; answers the ids marked. */
    async markTimedOut(
      stuck: readonly { id: number; updated_at: Date }[],
      now: number,
      error: string,
    ): Promise<number[]> {
      const rows = await db
        .updateTable('ai_requests')
        .set({
          status: 'timeout',
          error,
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
      return rows.map((r) => r.id);
    },

    /** The company's open requests and those finished after `finishedAfter`, newest first. */
    findLiveRequests(companyId: string, finishedAfter: Date, limit: number) {
      return db
        .selectFrom('ai_requests')
        .select(MONITOR_COLUMNS)
        .where('company_id', '=', companyId)
        .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', finishedAfter)]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The company's failed and timed-out requests, newest first. */
    findFailedRequests(companyId: string, limit: number) {
      return db
        .selectFrom('ai_requests')
        .select(MONITOR_COLUMNS)
        .where('company_id', '=', companyId)
        .where('status', 'in', ['error', 'timeout'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The limiter keys the company used since `since`, each with its latest provider and model. */
    findRecentKeys(companyId: string, since: Date) {
      return db
        .selectFrom('ai_requests')
        .select(['limiter_key', 'provider', 'model'])
        .distinctOn('limiter_key')
        .where('company_id', '=', companyId)
        .where('limiter_key', 'is not', null)
        .where('created_at', '>', since)
        .orderBy('limiter_key')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The company's open requests and those created since `since`. */
    countOpenAndRecent(companyId: string, since: Date) {
      return db
        .selectFrom('ai_requests')
        .select(({ fn }) => [
          fn.count<number>('id').filterWhere('status', 'in', ['pending', 'processing']).as('open'),
          fn.count<number>('id').filterWhere('created_at', '>', since).as('lastMinute'),
        ])
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
    },
  };
}
export type RequestLogRepository = ReturnType<typeof createRequestLogRepository>;
