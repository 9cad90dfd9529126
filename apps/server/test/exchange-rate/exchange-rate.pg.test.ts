import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 41 through the HTTP API: a stand-in for the operator's daily source (EXCHANGE_RATE_URL) on
// 127.0.0.1; the company's rate in use (its settings) against it; a session is needed.

let asked = 0;
const source = http.createServer((_req, res) => {
  asked++;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ amount: 1, base: 'CNY', date: '2026-11-27', rates: { KRW: 191.37 } }));
});
await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => source.close(() => resolve())));
const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/latest?from=CNY&to=KRW`;
const { app } = await createTestApp({ EXCHANGE_RATE_URL: url, EXCHANGE_RATE_THRESHOLD_PERCENT: '2' });

describe('GET /api/settings/exchange-rate', () => {
  it('shows the source’s rate and day against the rate in use, beyond the threshold or not', async () => {
    const { cookie } = await signUp(app, { email: `rate-${Date.now()}@example.com` });
    const first = await app.inject({
      method: 'GET',
      url: '/api/settings/exchange-rate',
      headers: { cookie },
    });
    expect(first.statusCode).toBe(200);
    // The spec's default rate (350) against 191.37: −45.3 %, beyond 2 %.
    expect(first.json()).toEqual({
      configured: true,
      inUse: 350,
      source: { rate: 191.37, date: '2026-11-27' },
      movedPercent: -45.3,
      beyondThreshold: true,
      thresholdPercent: 2,
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/savesetting',
      headers: { cookie },
      payload: { settings: [{ defaultSettings: { exchangeRate: 190 } }] },
    });
    expect(saved.statusCode).toBe(200);
    const after = (
      await app.inject({ method: 'GET', url: '/api/settings/exchange-rate', headers: { cookie } })
    ).json();
    expect(after).toMatchObject({ inUse: 190, movedPercent: 0.7, beyondThreshold: false });
    expect(asked).toBe(1); // once a day, for every company
    expect((await app.inject({ method: 'GET', url: '/api/settings/exchange-rate' })).statusCode).toBe(401);
  });
});
