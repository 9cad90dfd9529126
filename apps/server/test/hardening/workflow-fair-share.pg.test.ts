import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { saveProducts, signUpWithBrand, workflowApp } from '../workflow/support.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

const runCount = async (companyId: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from workflow_runs where company_id = ${companyId}`.execute(t.db)
  ).rows[0]!.n;

describe('background work: a bound per company and turns between companies', () => {
  it('a company past its bound of queued products gets a 429 in Korean and nothing is queued; others still start', async () => {
    const { app, client: a } = await workflowApp(t.db, t.url, {
      worker: false,
      maxOpenProductsPerCompany: 3,
    });
    const ids = await saveProducts(a, 5);
    expect((await a.post('/api/workflow/runs', { productIds: ids.slice(0, 2) })).status).toBe(200);
    const over = await a.post('/api/workflow/runs', { productIds: ids.slice(2, 4) });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'workflow_queue_full',
      error:
        '대기 중인 작업이 너무 많습니다 (진행 중 2개, 최대 3개 상품). 진행 중인 작업이 끝난 뒤 다시 시도해주세요.',
    });
    expect(await runCount(a.companyId)).toBe(1);
    expect((await a.post('/api/workflow/runs', { productIds: ids.slice(2, 3) })).status).toBe(200);

    const b = await signUpWithBrand(app, t.db);
    const bIds = await saveProducts(b, 3);
    expect((await b.post('/api/workflow/runs', { productIds: bIds })).status).toBe(200);
  });

  it('two tabs starting at once cannot pass the bound together', async () => {
    const { client: a } = await workflowApp(t.db, t.url, { worker: false, maxOpenProductsPerCompany: 4 });
    const ids = await saveProducts(a, 12);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((k) =>
        a.post('/api/workflow/runs', { productIds: ids.slice(2 * k, 2 * k + 2) }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
  });

  it("a company's big batch does not go before another company's first product: they take turns", async () => {
    const { app, client: a } = await workflowApp(t.db, t.url, { worker: false });
    const b = await signUpWithBrand(app, t.db);
    const aIds = await saveProducts(a, 4);
    const bIds = await saveProducts(b, 2);
    expect((await a.post('/api/workflow/runs', { productIds: aIds })).status).toBe(200);
    expect((await b.post('/api/workflow/runs', { productIds: bIds })).status).toBe(200);
    // The order pg-boss fetches jobs in (priority desc, then age).
    const order = await sql<{ company: string }>`
      select data->>'companyId' as company from pgboss.job
      where name = 'workflow-product' and data->>'companyId' in (${a.companyId}, ${b.companyId})
      order by priority desc, created_on`.execute(t.db);
    const who = order.rows.map((r) => (r.company === a.companyId ? 'A' : 'B'));
    expect(who).toEqual(['A', 'B', 'A', 'B', 'A', 'A']);
  });
});
