import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { recordingTasks, saveProducts, waitForRun, workflowApp } from '../workflow/support.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe('GET /api/dashboard/summary', () => {
  it('counts products by status per task, lists the latest runs and today’s AI requests', async () => {
    const { tasks } = recordingTasks(
      (task) => ({ status: task === 'pricing' ? 'error' : 'completed' }),
      ['seo', 'pricing'],
    );
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const ids = await saveProducts(client, 3);
    const run = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: ids.slice(0, 2), tasks: ['seo', 'pricing'] }))
        .body.runId,
    );
    expect(run.status).toBe('completed');

    const me = await client.get('/api/dashboard/summary');
    const companyId = (
      await sql<{ company_id: string }>`select company_id from products where id = ${ids[0]}`.execute(t.db)
    ).rows[0]!.company_id;
    // two requests today, one yesterday (Korean time), one of another company's
    await sql`insert into ai_requests (company_id, work_type, provider, status, created_at) values
      (${companyId}, 'SEO', 'offline', 'success', now()),
      (${companyId}, 'SEO', 'offline', 'error', now()),
      (${companyId}, 'SEO', 'offline', 'success', now() - interval '2 days'),
      (null, 'SEO', 'offline', 'success', now())`.execute(t.db);
    const res = await client.get('/api/dashboard/summary');
    expect(me.status).toBe(200);
    expect(res.body.productCount).toBe(3);
    expect(res.body.statusCounts.seo).toEqual({ completed: 2, pending: 1 });
    expect(res.body.statusCounts.pricing).toEqual({ error: 2, pending: 1 });
    expect(res.body.statusCounts.quotation).toEqual({ pending: 3 });
    expect(res.body.recentRuns).toHaveLength(1);
    expect(res.body.recentRuns[0]).toMatchObject({ runId: run.runId, status: 'completed', productCount: 2 });
    expect(res.body.aiRequestsToday).toEqual({ total: 2, success: 1, error: 1, open: 0 });
  });

  it('needs a signed-in user', async () => {
    const { app } = await workflowApp(t.db, t.url, { worker: false });
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(res.statusCode).toBe(401);
  });
});
