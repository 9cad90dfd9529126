import type { Db } from '../db/database.ts';
import type { AiRequestStatus } from './ai-tables.ts';

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

/**
 * The `ai_requests` table. Rows carry who asked, for what and how it went — never the key, the
 * prompt or the answer. Writes of one request are chained in order; only the last one is awaited
 * by the caller, so logging adds little to a call's latency.
 */
export function createRequestLog(db: Db) {
  return {
    async start(entry: RequestLogEntry, at: number): Promise<number> {
      const row = await db
        .insertInto('ai_requests')
        .values({
          company_id: entry.companyId,
          product_id: entry.productId,
          work_type: entry.workType,
          task: entry.task,
          provider: entry.provider,
          model: entry.model,
          limiter_key: entry.limiterKey,
          status: 'pending',
          created_at: new Date(at),
          updated_at: new Date(at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async scheduled(id: number, slotAt: number): Promise<void> {
      await db
        .updateTable('ai_requests')
        .set({ scheduled_at: new Date(slotAt) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },
    async attempt(id: number, attempt: number, at: number): Promise<void> {
      await db
        .updateTable('ai_requests')
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
        .set({ status: 'pending', error, http_status: httpStatus, updated_at: new Date(at) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
    },
    async finish(id: number, outcome: RequestOutcome, at: number): Promise<void> {
      await db
        .updateTable('ai_requests')
        .set({
          status: outcome.status,
          error: outcome.error,
          http_status: outcome.httpStatus,
          duration_ms: Math.round(outcome.durationMs),
          finished_at: new Date(at),
          updated_at: new Date(at),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
