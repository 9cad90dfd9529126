import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCoupang, startFakeCoupang } from '../../src/coupang/fake/fake-coupang-server.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { saveProducts, workflowApp } from '../workflow/support.ts';

// Issue 37 / 39: a crash while a Coupang create is in flight (the answer not back yet) never makes a
// second seller product. A real process is killed with SIGKILL between the create reaching Coupang and
// its answer; the next process finds the intent it wrote, waits for the SKU look-up's lag, finds the
// product there and records it: one seller product.

let t: TestDb;
let fake: FakeCoupang;
beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeCoupang({ rateLimitPerSecond: Number.POSITIVE_INFINITY, skuLookupLagMs: 300 });
});
afterAll(async () => fake.close());

const script = path.join(import.meta.dirname, 'fixtures', 'register-process.ts');

function registerIn(env: Record<string, string>, killWhen?: () => boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: t.url, COUPANG_URL: fake.url, LAG_MS: '600', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  let timer: NodeJS.Timeout | undefined;
  if (killWhen)
    timer = setInterval(() => {
      if (killWhen()) {
        clearInterval(timer);
        child.kill('SIGKILL');
      }
    }, 20);
  return new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, out });
    }),
  );
}

describe('a Coupang create is made once, crashes included', () => {
  it('kill -9 between the create reaching Coupang and its answer: one seller product, recorded', async () => {
    const { client } = await workflowApp(t.db, t.url, { worker: false });
    const [productId] = await saveProducts(client, 1);
    const env = { COMPANY_ID: client.companyId, PRODUCT_ID: productId! };
    // Coupang carries the create out and answers 10 s later: the process dies before that.
    fake.setBehaviour({ faults: ['slow_answer'], hangMs: 10_000 });
    const first = await registerIn(env, () => fake.products.size > 0);
    expect(first.signal).toBe('SIGKILL');
    expect(first.out).not.toContain('"ok"');
    expect(fake.products.size).toBe(1);

    const second = await registerIn(env);
    expect(second.code).toBe(0);
    const result = JSON.parse(second.out.trim().split('\n').at(-1)!);
    expect(result.ok).toBe(true);
    // Still one seller product, and it is the one the app now knows.
    expect(fake.products.size).toBe(1);
    // The fake logs answered requests: the first create's answer never went out (its caller was dead),
    // and the second process sent no create at all.
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/seller-products'));
    expect(posts).toHaveLength(0);
    expect(fake.requests.some((r) => r.path.includes('/external-vendor-sku-codes/'))).toBe(true);
    expect(result.registration.sellerProductId).toBe(String([...fake.products.keys()][0]));
    expect(result.registration.attempts.at(-1)).toMatchObject({ kind: 'create', ok: true });
  }, 60_000);
});
