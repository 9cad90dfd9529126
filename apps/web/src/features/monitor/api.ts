import { http } from '../../app/http';

/** Status of one AI request in the server's log (W §4 Stuck requests). */
export const AI_REQUEST_STATUSES = ['pending', 'processing', 'success', 'error', 'timeout'] as const;
export type AiRequestStatus = (typeof AI_REQUEST_STATUSES)[number];

/** One row of GET /api/ai-monitor/live or /failures (dates arrive as ISO strings). */
export type AiRequestRow = {
  id: number;
  productId: string | null;
  workType: string;
  task: string | null;
  provider: string;
  model: string | null;
  status: AiRequestStatus;
  attempts: number;
  httpStatus: number | null;
  error: string | null;
  createdAt: string;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
};

export type KeyRate = {
  keyId: string;
  provider: string;
  model: string | null;
  sentLastMinute: number;
  reservedAhead: number;
  nextSlotAt: string | null;
};

export type RateInfo = {
  windowMs: number;
  limitPerMinute: number;
  open: number;
  createdLastMinute: number;
  keys: KeyRate[];
};

export type LiveAnswer = { now: string; requests: AiRequestRow[]; rate: RateInfo };

export const getLive = (signal?: AbortSignal) =>
  http.get<LiveAnswer>('/api/ai-monitor/live', signal ? { signal } : undefined);

export const getFailures = (limit = 50, signal?: AbortSignal) =>
  http.get<{ failures: AiRequestRow[] }>(
    `/api/ai-monitor/failures?limit=${limit}`,
    signal ? { signal } : undefined,
  );
