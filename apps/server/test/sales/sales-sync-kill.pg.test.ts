import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCoupang, startFakeCoupang } from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';

// Issue 41: "a sync interrupted by a crash resumes from where it stopped; lines never duplicate". A real
// process syncs a company's 90 days from the fake Coupang into PostgreSQL and is killed with SIGKILL
// between two pages; a second process resumes from the saved cursor. The company then holds exactly
// the rows of a company synced without a kill (same lines, returns, settlements and stock, keyed the
// same), and the second process did not ask again for the pages the first one had saved.

const NOW = '2026-11-20T03:00:00.000Z';
let t: TestDb;
let fake: FakeCoupang;
const script = path.join(import.meta.dirname, 'fixtures', 'sync-process.ts');

beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeCoupang({
    now: () => new Date(NOW),
    salesItems: DEMO_SALES_ITEMS,
    rateLimitPerSecond: Number.POSITIVE_INFINITY,
  });
});
afterAll(async () => fake.close());

async function company(name: string): Promise<string> {
  const row = await t.db
    .insertInto('companies')
    .values({ name, supplier_code: `K${name}${Date.now()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const savedPages = async (companyId: string) =>
  Number(
    (
      await t.db
        .selectFrom('sales_raw_answers')
        .select(t.db.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

function syncIn(companyId: string, pageDelayMs: number, killAfterPages?: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      COUPANG_URL: fake.url,
      COMPANY_ID: companyId,
      NOW,
      PAGE_DELAY_MS: String(pageDelayMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  let timer: NodeJS.Timeout | undefined;
  if (killAfterPages !== undefined) {
    let checking = false;
    timer = setInterval(async () => {
      if (checking) return;
      checking = true;
      if ((await savedPages(companyId)) >= killAfterPages) {
        clearInterval(timer);
        child.kill('SIGKILL');
      }
      checking = false;
    }, 25);
  }
  return new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, out });
    }),
  );
}

/** Every synced row of a company, by table, sorted by key, with its values (not when it was synced or fetched, nor its raw answer row). */
async function rowsOf(companyId: string) {
  const keys = async (
    table: 'sales_order_lines' | 'sales_returns' | 'sales_settlements' | 'sales_inventory',
    order: string,
  ) => {
    const rows = await t.db
      .selectFrom(table)
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy(order as never)
      .execute();
    return rows.map((r) => {
      const {
        company_id: _c,
        synced_at: _s,
        fetched_at: _f,
        id: _i,
        raw_id: _r,
        ...rest
      } = r as Record<string, unknown>;
      return JSON.stringify(rest);
    });
  };
  return {
    lines: await keys('sales_order_lines', 'line_key'),
    returns: await keys('sales_returns', 'return_key'),
    settlements: await keys('sales_settlements', 'settlement_key'),
    inventory: await keys('sales_inventory', 'vendor_item_id'),
  };
}

describe('a sales sync killed mid-way', () => {
  it('resumes in the next process from the last saved page and ends with the rows of an uninterrupted sync', async () => {
    const clean = await company('clean');
    const cleanRun = await syncIn(clean, 0);
    expect(cleanRun.code).toBe(0);
    const expected = await rowsOf(clean);
    const cleanPages = await savedPages(clean);
    expect(expected.lines.length).toBeGreaterThan(100);
    expect(cleanPages).toBeGreaterThan(10);

    const killed = await company('killed');
    const first = await syncIn(killed, 60, 6);
    expect(first.signal).toBe('SIGKILL');
    const pagesBefore = await savedPages(killed);
    expect(pagesBefore).toBeGreaterThanOrEqual(6);
    expect(pagesBefore).toBeLessThan(cleanPages);

    const requestsBefore = fake.requests.length;
    const second = await syncIn(killed, 0);
    expect(second.code).toBe(0);
    const results = JSON.parse(second.out.trim().split('\n').at(-1)!) as { complete: boolean }[];
    expect(results.every((r) => r.complete)).toBe(true);
    // No line twice, none missed: the same rows as the clean company's.
    expect(await rowsOf(killed)).toEqual(expected);
    expect(await savedPages(killed)).toBe(cleanPages);
    // The resumed process read only the pages the killed one had not saved (at most the one in flight again).
    const resumedRequests = fake.requests.length - requestsBefore;
    expect(resumedRequests).toBeLessThanOrEqual(cleanPages - pagesBefore + 1);
  }, 120_000);
});
