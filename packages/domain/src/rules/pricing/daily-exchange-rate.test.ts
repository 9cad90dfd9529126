import { describe, expect, it } from 'vitest';
import { exchangeRateMove, readDailyRate } from './daily-exchange-rate.ts';

describe('readDailyRate', () => {
  it.each([
    [
      'the source answer',
      { amount: 1, base: 'CNY', date: '2026-11-27', rates: { KRW: 190.523 } },
      { rate: 190.52, date: '2026-11-27' },
    ],
    [
      'an amount of 10 yuan',
      { amount: 10, base: 'CNY', date: '2026-11-27', rates: { KRW: 1905.2 } },
      { rate: 190.52, date: '2026-11-27' },
    ],
    ['no base given', { date: '2026-11-27', rates: { KRW: 191 } }, { rate: 191, date: '2026-11-27' }],
    ['another base', { base: 'USD', date: '2026-11-27', rates: { KRW: 1400 } }, null],
    ['no KRW', { base: 'CNY', date: '2026-11-27', rates: { USD: 0.14 } }, null],
    ['a rate that is no rate', { base: 'CNY', date: '2026-11-27', rates: { KRW: -1 } }, null],
    ['no date', { base: 'CNY', rates: { KRW: 190 } }, null],
    ['not an object', 'error', null],
  ] as const)('%s', (_name, answer, want) => {
    expect(readDailyRate(answer)).toEqual(want);
  });
});

describe('exchangeRateMove', () => {
  it.each([
    // (196 − 190) / 190 = 3.157… % → 3.2, beyond 3.
    [190, 196, 3, 3.2, true],
    [190, 184.3, 3, -3, true],
    [190, 195.6, 3, 2.9, false],
    [190, 190, 3, 0, false],
    [350, 190, 5, -45.7, true],
  ])('%d → %d (threshold %d %%): %d %%', (inUse, source, threshold, moved, beyond) => {
    expect(exchangeRateMove(inUse, source, threshold)).toEqual({ movedPercent: moved, beyond });
  });
});
