import { isRecord } from '../../records.ts';
import { roundFractionToUnit, toScaledInteger } from './round-to-unit.ts';

// Issue 41: the exchange rate can follow a daily public source the operator configures
// (EXCHANGE_RATE_URL). The answer is read in the shape of the ECB reference rates as served by
// Frankfurter (`GET https://api.frankfurter.app/latest?from=CNY&to=KRW` →
// `{"amount":1.0,"base":"CNY","date":"2026-11-27","rates":{"KRW":190.52}}`): won per yuan and the
// day it is for. The rate in use stays the seller's until they apply the new one; a move beyond the
// threshold offers it (and then the one-click reprice).

export type DailyRate = { rate: number; date: string };

/** Won per yuan and its day from a source answer, or null when the answer is not one. */
export function readDailyRate(answer: unknown): DailyRate | null {
  if (!isRecord(answer) || !isRecord(answer.rates)) return null;
  const base = answer.base;
  if (base !== undefined && base !== 'CNY') return null;
  const amount = typeof answer.amount === 'number' && answer.amount > 0 ? answer.amount : 1;
  const krw = answer.rates.KRW;
  const date = answer.date;
  if (typeof krw !== 'number' || !Number.isFinite(krw) || krw <= 0 || krw > 100_000) return null;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  // Two decimals, as the settings keep a rate.
  return { rate: Math.round((krw / amount) * 100) / 100, date };
}

/**
 * How far the source's rate is from the rate in use, in percent of the rate in use (to one decimal,
 * half up, signed), and whether that is beyond the threshold (at least it).
 */
export function exchangeRateMove(inUse: number, source: number, thresholdPercent: number) {
  const a = toScaledInteger(inUse, 100);
  const b = toScaledInteger(source, 100);
  const diff = b > a ? b - a : a - b;
  const tenths = a > 0n ? roundFractionToUnit(diff * 1000n, a, 1) : 0;
  const movedPercent = ((b >= a ? 1 : -1) * tenths) / 10;
  return { movedPercent, beyond: Math.abs(movedPercent) >= thresholdPercent };
}
