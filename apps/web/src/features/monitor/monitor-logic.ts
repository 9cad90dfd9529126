import { EXTENSION_LIMITS } from '@rr/domain';
import type { AiRequestRow, AiRequestStatus, RateInfo } from './api';

export const STATUS_COLOR: Record<AiRequestStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  success: 'green',
  error: 'red',
  timeout: 'orange',
};

export const isOpen = (status: AiRequestStatus) => status === 'pending' || status === 'processing';

/** 850 ms · 12.3 s · 4m 05s · 1h 02m */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const totalS = Math.floor(ms / 1000);
  if (totalS < 3600) return `${Math.floor(totalS / 60)}m ${String(totalS % 60).padStart(2, '0')}s`;
  const totalM = Math.floor(totalS / 60);
  return `${Math.floor(totalM / 60)}h ${String(totalM % 60).padStart(2, '0')}m`;
}

/**
 * Duration shown for a row: finished rows keep the server's figure; open rows keep running from the
 * server's figure by the time elapsed since the answer arrived.
 */
export function shownDuration(row: AiRequestRow, msSinceFetch: number): number | null {
  if (row.durationMs == null) return null;
  return isOpen(row.status) ? row.durationMs + Math.max(0, msSinceFetch) : row.durationMs;
}

/** An open request running past the stuck limit (W §9, 5 min): the server's next check marks it timeout. */
export const looksStuck = (row: AiRequestRow, msSinceFetch: number) =>
  isOpen(row.status) && (shownDuration(row, msSinceFetch) ?? 0) >= EXTENSION_LIMITS.stuckRequestTimeoutMs;

export type RateLevel = 'idle' | 'ok' | 'busy' | 'full';

/** How close a key is to its per-minute limit: full at the limit, busy from 75 %. */
export function rateLevel(sent: number, limit: number): RateLevel {
  if (sent <= 0) return 'idle';
  if (limit <= 0 || sent >= limit) return 'full';
  return sent / limit >= 0.75 ? 'busy' : 'ok';
}

export const RATE_COLOR: Record<RateLevel, string> = {
  idle: 'gray',
  ok: 'teal',
  busy: 'yellow',
  full: 'red',
};

/** Percentage of the limit used, clamped to 0..100 for a progress bar. */
export const ratePercent = (sent: number, limit: number) =>
  limit <= 0 ? 100 : Math.max(0, Math.min(100, Math.round((sent / limit) * 100)));

/** The headline figure: the busiest key's requests in the last minute against the per-key limit. */
export function headlineRate(rate: RateInfo): { sent: number; limit: number; level: RateLevel } {
  const sent = rate.keys.reduce((m, k) => Math.max(m, k.sentLastMinute), 0);
  return { sent, limit: rate.limitPerMinute, level: rateLevel(sent, rate.limitPerMinute) };
}

/** Seconds until a key's next free slot, or null when it is free now. */
export function secondsUntil(iso: string | null, nowMs: number): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (!Number.isFinite(t) || t <= nowMs) return null;
  return Math.ceil((t - nowMs) / 1000);
}

export type StatusCounts = Record<AiRequestStatus, number>;

export function countByStatus(rows: AiRequestRow[]): StatusCounts {
  const counts: StatusCounts = { pending: 0, processing: 0, success: 0, error: 0, timeout: 0 };
  for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** "SEO", "QUOTATION · TRANSLATE_ATTRIBUTES" */
export const workLabel = (row: Pick<AiRequestRow, 'workType' | 'task'>) =>
  row.task ? `${row.workType} · ${row.task}` : row.workType;
