import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Status of one AI request in the log (W §4 Stuck requests). */
export type AiRequestStatus = 'pending' | 'processing' | 'success' | 'error' | 'timeout';

/** One AI request: who asked, for what, how it went. Never holds the key or the prompt. */
export interface AiRequestsTable {
  id: Generated<number>;
  company_id: string | null;
  product_id: string | null;
  work_type: string;
  task: string | null;
  provider: string;
  model: string | null;
  /** A one-way digest naming the key's limiter bucket (not the key). */
  limiter_key: string | null;
  status: AiRequestStatus;
  attempts: Generated<number>;
  http_status: number | null;
  error: string | null;
  created_at: Timestamp;
  /** When the limiter lets the current attempt go (a queued request is waiting, not stuck). */
  scheduled_at: Date | null;
  started_at: Date | null;
  updated_at: Timestamp;
  finished_at: Date | null;
  duration_ms: number | null;
}

/** Reserved send times per limiter key (epoch ms), shared by every server process. */
export interface AiRateSlotsTable {
  limiter_key: string;
  slot_at: ColumnType<number, number, number>;
}

export interface AiTables {
  ai_requests: AiRequestsTable;
  ai_rate_slots: AiRateSlotsTable;
}
