import { z } from 'zod';

// The AI monitor screen's calls (apps/server/src/http/routes/ai-monitor.ts). Dates are ISO strings.

/** Status of one AI request in the server's log (W §4 Stuck requests). */
export const AI_REQUEST_STATUSES = ['pending', 'processing', 'success', 'error', 'timeout'] as const;
export const AiRequestStatus = z.enum(AI_REQUEST_STATUSES);
export type AiRequestStatus = z.infer<typeof AiRequestStatus>;

/** One row of GET /api/ai-monitor/live or /failures. */
export const AiRequestRow = z.object({
  id: z.number(),
  productId: z.string().nullable(),
  workType: z.string(),
  task: z.string().nullable(),
  provider: z.string(),
  model: z.string().nullable(),
  status: AiRequestStatus,
  attempts: z.number(),
  httpStatus: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type AiRequestRow = z.infer<typeof AiRequestRow>;

/** Requests sent with one limiter key in the last minute (the key shown by its first 8 characters). */
export const KeyRate = z.object({
  keyId: z.string(),
  provider: z.string(),
  model: z.string().nullable(),
  sentLastMinute: z.number(),
  reservedAhead: z.number(),
  nextSlotAt: z.string().nullable(),
});
export type KeyRate = z.infer<typeof KeyRate>;

/** GET /api/ai-monitor/rate: requests per minute against the limit. */
export const RateInfo = z.object({
  windowMs: z.number(),
  limitPerMinute: z.number(),
  open: z.number(),
  createdLastMinute: z.number(),
  keys: z.array(KeyRate),
});
export type RateInfo = z.infer<typeof RateInfo>;

/** GET /api/ai-monitor/live: open requests and those finished lately, newest first. */
export const AiMonitorLiveResponse = z.object({
  now: z.string(),
  requests: z.array(AiRequestRow),
  rate: RateInfo,
});
export type AiMonitorLiveResponse = z.infer<typeof AiMonitorLiveResponse>;

/** GET /api/ai-monitor/failures?limit=: failed and timed-out requests, newest first. */
export const AiMonitorFailuresQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type AiMonitorFailuresQuery = z.input<typeof AiMonitorFailuresQuery>;
export const AiMonitorFailuresResponse = z.object({ failures: z.array(AiRequestRow) });
export type AiMonitorFailuresResponse = z.infer<typeof AiMonitorFailuresResponse>;
