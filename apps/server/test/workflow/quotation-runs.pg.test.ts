import type { QuotationSelection } from '@rr/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../products/helpers.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { productStatus, recordingTasks, waitForRun, workflowApp } from './support.ts';

// Manual quotation (one option or all) and reprocessing failed options go through
// POST /api/workflow/runs with `tasks: ['quotation']` and `quotation: {kind, ...}`: a single-task
// run, so progress and events are those of every run.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

/** Products with two numbered options (the form registration gives them). */
async function productsWithOptions(client: Client, count: number): Promise<string[]> {
  const items = Array.from({ length: count }, (_, i) => ({
    productName: `상품 ${i + 1}`,
    options: [
      { sourceKey: 'A', optionNumber: `Q${i}-001` },
      { sourceKey: 'B', optionNumber: `Q${i}-002` },
    ],
  }));
  const r = await client.post('/api/rocketReg/saveItems', items);
  if (r.status !== 200) throw new Error(`saveItems ${r.status}`);
  return r.body.savedItems.map((p: { _id: string }) => p._id);
}

describe('quotation runs for some options or the failed ones', () => {
  it('hands the chosen options to the quotation task; a plain run quotes all', async () => {
    const modes: (QuotationSelection | undefined)[] = [];
    const { tasks } = recordingTasks((_task, ctx) => {
      modes.push(ctx.quotationMode);
      return { status: 'completed', result: 'completed' };
    });
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await productsWithOptions(client, 1);
    const first = 'Q0-001';

    const one = await client.post('/api/workflow/runs', {
      productIds: [id],
      tasks: ['quotation'],
      quotation: { kind: 'options', optionNumbers: [first] },
    });
    expect(one.status).toBe(200);
    const run = await waitForRun(client, one.body.runId);
    expect(run).toMatchObject({ status: 'completed', tasks: ['quotation'], progress: 100 });
    expect(modes).toEqual([{ kind: 'options', optionNumbers: [first] }]);

    await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['quotation'] })).body.runId,
    );
    expect(modes[1]).toBeUndefined();
  });

  it('refuses what has nothing to do, before queueing, and leaves the product as it was', async () => {
    const { tasks, calls } = recordingTasks();
    const { client } = await workflowApp(t.db, t.url, { tasks, worker: false });
    const ids = await productsWithOptions(client, 2);
    const before = await productStatus(t.db, ids[0]!, 'quotationStatus');

    const noFailed = await client.post('/api/workflow/runs', {
      productIds: [ids[0]],
      tasks: ['quotation'],
      quotation: { kind: 'failed' },
    });
    expect(noFailed.status).toBe(400);
    expect(noFailed.body.error).toBe('다시 처리할 옵션이 없습니다.');

    const unknown = await client.post('/api/workflow/runs', {
      productIds: [ids[0]],
      tasks: ['quotation'],
      quotation: { kind: 'options', optionNumbers: ['NOPE-001'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('처리할 옵션이 없습니다');

    const withOthers = await client.post('/api/workflow/runs', {
      productIds: [ids[0]],
      tasks: ['seo', 'quotation'],
      quotation: { kind: 'failed' },
    });
    expect(withOthers.status).toBe(400);
    expect(withOthers.body.error).toContain('견적 작업만');

    const twoProducts = await client.post('/api/workflow/runs', {
      productIds: ids,
      tasks: ['quotation'],
      quotation: { kind: 'options', optionNumbers: ['X'] },
    });
    expect(twoProducts.status).toBe(400);
    expect(twoProducts.body.error).toContain('하나만');

    expect((await client.get('/api/workflow/runs?limit=5')).body.runs).toEqual([]);
    expect(calls).toEqual([]);
    expect(await productStatus(t.db, ids[0]!, 'quotationStatus')).toBe(before);
  });

  it('reprocess is accepted once an option failed (status error or listed in processError)', async () => {
    const modes: (QuotationSelection | undefined)[] = [];
    const { tasks } = recordingTasks((_task, ctx) => {
      modes.push(ctx.quotationMode);
      return { status: 'completed', result: 'completed' };
    });
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await productsWithOptions(client, 1);
    const first = 'Q0-002';
    await sql`update products set doc = jsonb_set(doc, '{processError}',
      ${JSON.stringify({ message: 'x', failedOptions: [first] })}::jsonb) where id = ${id}`.execute(t.db);
    const r = await client.post('/api/workflow/runs', {
      productIds: [id],
      tasks: ['quotation'],
      quotation: { kind: 'failed' },
    });
    expect(r.status).toBe(200);
    await waitForRun(client, r.body.runId);
    expect(modes).toEqual([{ kind: 'failed' }]);
  });
});
