import { describe, expect, it } from 'vitest';
import type { AiRequestRow, RateInfo } from './api';
import {
  countByStatus,
  formatDuration,
  headlineRate,
  looksStuck,
  rateLevel,
  ratePercent,
  secondsUntil,
  shownDuration,
  workLabel,
} from './monitor-logic';

const row = (over: Partial<AiRequestRow>): AiRequestRow => ({
  id: 1,
  productId: null,
  workType: 'SEO',
  task: null,
  provider: 'offline',
  model: null,
  status: 'success',
  attempts: 1,
  httpStatus: null,
  error: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  durationMs: 1200,
  ...over,
});

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1000, '1.0 s'],
    [12_345, '12.3 s'],
    [59_999, '59.9 s'],
    [60_000, '1m 00s'],
    [245_000, '4m 05s'],
    [3_720_000, '1h 02m'],
  ])('%d ms → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('shows a dash for missing or invalid values', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('durations of open and finished rows', () => {
  it('an open request keeps running from the server figure', () => {
    expect(shownDuration(row({ status: 'processing', durationMs: 4000 }), 3000)).toBe(7000);
    expect(shownDuration(row({ status: 'pending', durationMs: 4000 }), -50)).toBe(4000);
  });
  it('a finished request keeps its own figure', () => {
    expect(shownDuration(row({ status: 'error', durationMs: 4000 }), 3000)).toBe(4000);
  });
  it('an open request past 5 minutes looks stuck; a finished one never does', () => {
    expect(looksStuck(row({ status: 'processing', durationMs: 299_000 }), 500)).toBe(false);
    expect(looksStuck(row({ status: 'processing', durationMs: 299_000 }), 1000)).toBe(true);
    expect(looksStuck(row({ status: 'timeout', durationMs: 400_000 }), 0)).toBe(false);
  });
});

describe('rate per minute against the limit', () => {
  it('levels: idle, ok, busy from 75 %, full at the limit', () => {
    expect(rateLevel(0, 12)).toBe('idle');
    expect(rateLevel(8, 12)).toBe('ok');
    expect(rateLevel(9, 12)).toBe('busy');
    expect(rateLevel(12, 12)).toBe('full');
    expect(rateLevel(13, 12)).toBe('full');
  });
  it('percentage is clamped for the bar', () => {
    expect(ratePercent(6, 12)).toBe(50);
    expect(ratePercent(20, 12)).toBe(100);
    expect(ratePercent(0, 12)).toBe(0);
  });
  it('the headline is the busiest key against the per-key limit, 0 without keys', () => {
    const rate: RateInfo = {
      windowMs: 60_000,
      limitPerMinute: 12,
      open: 0,
      createdLastMinute: 0,
      keys: [],
    };
    expect(headlineRate(rate)).toEqual({ sent: 0, limit: 12, level: 'idle' });
    const key = (keyId: string, sentLastMinute: number) => ({
      keyId,
      provider: 'gemini',
      model: null,
      sentLastMinute,
      reservedAhead: 0,
      nextSlotAt: null,
    });
    expect(headlineRate({ ...rate, keys: [key('a', 3), key('b', 11), key('c', 5)] })).toEqual({
      sent: 11,
      limit: 12,
      level: 'busy',
    });
  });
  it('seconds until the next slot, rounded up; null when free', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(secondsUntil('2025-01-01T00:00:02.100Z', now)).toBe(3);
    expect(secondsUntil('2024-12-31T23:59:59.000Z', now)).toBeNull();
    expect(secondsUntil(null, now)).toBeNull();
  });
});

it('counts rows by status and labels work with its task', () => {
  const counts = countByStatus([
    row({ status: 'success' }),
    row({ status: 'error' }),
    row({ status: 'error' }),
    row({ status: 'processing' }),
  ]);
  expect(counts).toEqual({ pending: 0, processing: 1, success: 1, error: 2, timeout: 0 });
  expect(workLabel({ workType: 'QUOTATION', task: 'TRANSLATE_ATTRIBUTES' })).toBe(
    'QUOTATION · TRANSLATE_ATTRIBUTES',
  );
  expect(workLabel({ workType: 'SEO', task: null })).toBe('SEO');
});
