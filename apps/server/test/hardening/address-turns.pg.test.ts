import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FullWindows } from '../../src/auth/account-limits.ts';
import { createAddressTurns } from '../../src/http/address-turns.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 21: a burst from one address is served in waves (at most 8 of its requests at work at once),
// so another company's request waits for one wave at most; the event stream takes no turn.

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('turns per address', () => {
  it('runs at most `perAddress` of an address at once, the next when one is given back', async () => {
    const turns = createAddressTurns(2);
    const started: string[] = [];
    const leaves = new Map<string, () => void>();
    for (const name of ['a1', 'a2', 'a3', 'a4']) {
      void turns.take('198.51.100.1').then((leave) => {
        started.push(name);
        leaves.set(name, leave);
      });
    }
    void turns.take('198.51.100.2').then((leave) => {
      started.push('b1');
      leaves.set('b1', leave);
    });
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    // giving a turn back twice frees one turn only
    leaves.get('a1')!();
    leaves.get('a1')!();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const name of ['a2', 'a3', 'b1']) leaves.get(name)!();
    await tick();
    expect(started).toContain('a4');
    leaves.get('a4')!();
    await tick();
    expect(turns.addresses()).toBe(0);
  });
});

describe('full counter windows', () => {
  it('remembers a key until its window ends, and at most maxKeys keys', () => {
    let now = 0;
    const full = new FullWindows(2, () => now);
    full.add('login:email:a', 1_000);
    now = 999;
    expect(full.has('login:email:a')).toBe(true);
    now = 1_000;
    expect(full.has('login:email:a')).toBe(false);
    full.add('x', 10);
    full.add('y', 10);
    full.add('z', 10);
    expect(full.size).toBe(2);
    expect(full.has('x')).toBe(false);
  });
});

describe('the app serves one address in waves', async () => {
  const { app } = await createTestApp({ TRUST_PROXY: '1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it('ten open event streams of one address leave its other requests answering', async () => {
    const { cookie } = await signUp(app, { email: 'streams@example.com' });
    const headers = { cookie, 'x-forwarded-for': '203.0.113.50' };
    const stop = new AbortController();
    const streams = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/events`, { headers, signal: stop.signal })),
    );
    try {
      for (const s of streams) expect(s.headers.get('content-type')).toContain('text/event-stream');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/settings`, { headers, signal: AbortSignal.timeout(10_000) }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    } finally {
      stop.abort();
    }
  });

  it('a client that gives up while waiting gives its turn back', async () => {
    const { cookie } = await signUp(app, { email: 'gives-up@example.com' });
    const headers = { cookie, 'x-forwarded-for': '203.0.113.51' };
    const stop = new AbortController();
    const burst = Array.from({ length: 30 }, () =>
      fetch(`${base}/api/settings`, { headers, signal: stop.signal }).catch(() => undefined),
    );
    stop.abort();
    await Promise.all(burst);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        fetch(`${base}/api/settings`, { headers, signal: AbortSignal.timeout(10_000) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
  });
});
