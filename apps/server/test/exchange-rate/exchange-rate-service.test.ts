import { describe, expect, it } from 'vitest';
import { createExchangeRateService } from '../../src/exchange-rate/exchange-rate-service.ts';

// Issue 41: the daily source read through a stand-in (no network): once per Korean day, a failure
// tried again after an hour (the last good value kept), the move against the company's rate in use.

function setup(answers: unknown[], url = 'https://rates.example/latest?from=CNY&to=KRW') {
  let now = Date.parse('2026-11-27T03:00:00Z');
  const asked: string[] = [];
  const service = createExchangeRateService({
    url,
    thresholdPercent: 3,
    readJson: async (u) => {
      asked.push(u);
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    },
    rateInUse: async (companyId) => (companyId === 'c1' ? 190 : 196),
    clock: { now: () => now },
  });
  return { service, asked, advance: (ms: number) => (now += ms) };
}

const answer = (krw: number, date: string) => ({ amount: 1, base: 'CNY', date, rates: { KRW: krw } });

describe('the daily exchange rate', () => {
  it('reads the source once a day and compares it with each company’s rate in use', async () => {
    const { service, asked, advance } = setup([answer(196.1, '2026-11-26'), answer(197, '2026-11-27')]);
    expect(await service.status('c1')).toEqual({
      configured: true,
      inUse: 190,
      source: { rate: 196.1, date: '2026-11-26' },
      movedPercent: 3.2,
      beyondThreshold: true,
      thresholdPercent: 3,
    });
    expect(await service.status('c2')).toMatchObject({
      inUse: 196,
      movedPercent: 0.1,
      beyondThreshold: false,
    });
    expect(asked).toHaveLength(1);
    advance(24 * 3_600_000);
    expect((await service.status('c1')).source).toEqual({ rate: 197, date: '2026-11-27' });
    expect(asked).toHaveLength(2);
  });

  it('a failed or unreadable answer keeps the last value and is tried again after an hour', async () => {
    const { service, asked, advance } = setup([
      answer(191, '2026-11-26'),
      new Error('timeout'),
      { message: 'rate limited' },
      answer(192, '2026-11-27'),
    ]);
    await service.status('c1');
    advance(24 * 3_600_000);
    expect((await service.status('c1')).source?.rate).toBe(191);
    advance(10 * 60_000);
    expect((await service.status('c1')).source?.rate).toBe(191);
    expect(asked).toHaveLength(2);
    advance(3_600_000);
    expect((await service.status('c1')).source?.rate).toBe(191); // the unreadable answer
    advance(3_600_000);
    expect((await service.status('c1')).source).toEqual({ rate: 192, date: '2026-11-27' });
    expect(asked).toHaveLength(4);
  });

  it('no source configured: nothing is read, nothing is offered', async () => {
    const { service, asked } = setup([], '');
    expect(await service.status('c1')).toMatchObject({
      configured: false,
      source: null,
      beyondThreshold: false,
    });
    expect(asked).toEqual([]);
  });
});
