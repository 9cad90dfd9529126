import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BodyPace,
  charge,
  chargeWrittenBytes,
  debtAt,
  GATE_LIMITS,
  installCompanyGate,
  paceDelayMs,
} from '../../src/http/company-gate.ts';

// The company gate's pace of heavy bodies (issue 21): a company that has sent more than its allowance
// lately waits before its next heavy body is read, until the excess is paid back; other companies
// never wait for it.

const MB = 1024 * 1024;
const pace: BodyPace = { bytesPerSecond: 2 * MB, allowance: 16 * MB };

describe('body debt', () => {
  it.each([
    ['nothing sent yet', undefined, 0, 0],
    ['within the allowance', { owed: 16 * MB, at: 0 }, 0, 0],
    ['9 MB over the allowance, just sent', { owed: 25 * MB, at: 0 }, 0, 4500],
    ['9 MB over, 2 s later (4 MB paid back)', { owed: 25 * MB, at: 0 }, 2000, 2500],
    ['paid back long ago', { owed: 25 * MB, at: 0 }, 60_000, 0],
  ])('%s', (_name, debt, now, expected) => {
    expect(paceDelayMs(debt, now, pace)).toBe(expected);
  });

  it('charges what was sent on top of what is still owed, never below nothing', () => {
    const first = charge(undefined, 9 * MB, 1000, pace);
    expect(first).toEqual({ owed: 9 * MB, at: 1000 });
    // 1 s later 2 MB is paid back: 7 MB still owed, plus 9 MB
    expect(charge(first, 9 * MB, 2000, pace)).toEqual({ owed: 16 * MB, at: 2000 });
    expect(debtAt({ owed: MB, at: 0 }, 10_000, pace)).toBe(0);
    expect(charge(undefined, -5, 0, pace).owed).toBe(0);
  });

  it('lets a seller send a 1,000-option sheet and many captures without waiting', () => {
    let debt = charge(undefined, 5 * MB, 0, pace); // a large review sheet
    for (let i = 1; i <= 40; i++) debt = charge(debt, 264 * 1024, i * 100, pace); // 40 captures, 10 a second
    expect(paceDelayMs(debt, 4000, pace)).toBe(0);
  });
});

describe('the gate on a real connection', async () => {
  const app = Fastify();
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { session: { companyId: string } }).session = {
      companyId: String(request.headers['x-company']),
    };
  });
  // 200 KB a second, no allowance: a 200 KB body makes its company's next heavy request wait ≈ 1 s.
  installCompanyGate(app, { ...GATE_LIMITS, pace: { bytesPerSecond: 200_000, allowance: 0 } });
  const finished: string[] = [];
  app.post('/api/rocketReg/saveItems', async (request) => {
    finished.push(`${request.headers['x-company']}:${(request.body as { n: number }).n}`);
    return { ok: true };
  });
  // a partial update: a small body, and the 200 KB document it rewrote counted as written
  app.post('/api/aiRocketReg/updatePartial', async (request) => {
    finished.push(`${request.headers['x-company']}:${(request.body as { n: number }).n}`);
    chargeWrittenBytes(request, 200_000);
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => app.close());
  const { port } = app.server.address() as { port: number };
  const send = (company: string, n: number, padding = '') =>
    fetch(`http://127.0.0.1:${port}/api/rocketReg/saveItems`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-company': company },
      body: JSON.stringify({ n, padding }),
    });

  const update = (company: string, n: number) =>
    fetch(`http://127.0.0.1:${port}/api/aiRocketReg/updatePartial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-company': company },
      body: JSON.stringify({ n }),
    });

  it('counts the document a small request rewrote: its company waits, another does not', async () => {
    finished.length = 0;
    expect((await update('c', 1)).status).toBe(200);
    const paced = update('c', 2);
    await new Promise((r) => setTimeout(r, 50));
    expect((await update('d', 1)).status).toBe(200);
    expect((await paced).status).toBe(200);
    expect(finished).toEqual(['c:1', 'd:1', 'c:2']);
  });

  it("holds a company's next heavy body until its last one is paid back; another company goes first", async () => {
    finished.length = 0;
    expect((await send('a', 1, 'x'.repeat(200_000))).status).toBe(200);
    const paced = send('a', 2);
    // sent after a's second request, answered before it: b owes nothing
    await new Promise((r) => setTimeout(r, 50));
    expect((await send('b', 1)).status).toBe(200);
    expect((await paced).status).toBe(200);
    expect(finished).toEqual(['a:1', 'b:1', 'a:2']);
  });
});
