import { DEFAULT_RUN_TASKS, type TaskName } from '@rr/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { productStatus, recordingTasks, saveProducts, waitForRun, workflowApp } from './support.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe('workflow runs (W §4 Batch processing)', () => {
  it('runs every task of every product in the spec order, quotation last, and ends completed at 100%', async () => {
    const { tasks, calls } = recordingTasks(() => ({ status: 'completed', result: 'completed' }));
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const ids = await saveProducts(client, 2);
    const started = await client.post('/api/workflow/runs', { productIds: ids });
    expect(started.status).toBe(200);
    const run = await waitForRun(client, started.body.runId);
    expect(run).toMatchObject({ status: 'completed', progress: 100, tasks: [...DEFAULT_RUN_TASKS] });
    for (const id of ids) {
      expect(calls.filter((c) => c.productId === id).map((c) => c.task)).toEqual([...DEFAULT_RUN_TASKS]);
      const p = run.products.find((x: { productId: string }) => x.productId === id);
      expect(p).toMatchObject({ state: 'done', currentTask: null, completedTasks: [...DEFAULT_RUN_TASKS] });
      expect(Object.values(p.statuses)).toEqual(DEFAULT_RUN_TASKS.map(() => 'completed'));
      expect(await productStatus(t.db, id, 'quotationStatus')).toBe('completed');
    }
  });

  it('the opt-in register task runs only when chosen, after the quotation (issue 23)', async () => {
    const { tasks, calls } = recordingTasks(
      () => ({ status: 'completed', result: 'completed' }),
      ['seo', 'quotation', 'register'],
    );
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await saveProducts(client, 1);
    const started = await client.post('/api/workflow/runs', {
      productIds: [id],
      tasks: ['register', 'quotation', 'seo'],
    });
    const run = await waitForRun(client, started.body.runId);
    expect(run).toMatchObject({ status: 'completed', tasks: ['seo', 'quotation', 'register'] });
    expect(calls.map((c) => c.task)).toEqual(['seo', 'quotation', 'register']);
  });

  it('refuses a run without products (처리할 상품이 선택되지 않았습니다) and one with Gemini but no key', async () => {
    const { tasks } = recordingTasks();
    const { client } = await workflowApp(t.db, t.url, { tasks, worker: false });
    const empty = await client.post('/api/workflow/runs', { productIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('처리할 상품이 선택되지 않았습니다');
    const ids = await saveProducts(client, 1);
    const saved = await client.post('/api/savesetting', { settings: [{ aiProvider: 'gemini' }] });
    expect(saved.status).toBe(200);
    const noKey = await client.post('/api/workflow/runs', { productIds: ids });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/^Gemini API Key가 설정되지 않았습니다/);
    const runs = await client.get('/api/workflow/runs?limit=5');
    expect(runs.body.runs).toEqual([]);
    const foreign = await client.post('/api/workflow/runs', {
      productIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(foreign.status).toBe(404);
  });

  it('retries unfinished prerequisites once before the quotation, and an unaccepted quotation once', async () => {
    const { tasks, calls } = recordingTasks((task, _ctx, attempt) => {
      if (task === 'mainImage' && attempt === 0) return { status: 'error' };
      if (task === 'quotation') return { status: 'error', result: 'error' };
      return { status: 'completed' };
    });
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const id = (await saveProducts(client, 1))[0]!;
    const run = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id] })).body.runId,
    );
    expect(calls.map((c) => c.task)).toEqual([
      'seo',
      'pricing',
      'mainImage',
      'additionalImage',
      'detailImage',
      'koreanLabel',
      'sizeChart',
      'mainImage',
      'quotation',
      'quotation',
    ]);
    expect(run.status).toBe('completed');
    expect(run.products[0].statuses).toMatchObject({ mainImage: 'completed', quotation: 'error' });
    expect(run.products[0].completedTasks).not.toContain('quotation');
  });

  it('waits 2 s after a task and 0.5 s after an error, scaled by WORKFLOW_PAUSE_SCALE', async () => {
    const { tasks } = recordingTasks((task) =>
      task === 'pricing' ? { status: 'error' } : { status: 'completed' },
    );
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const { client } = await workflowApp(t.db, t.url, { tasks, pauseScale: 0.5, sleep });
    const id = (await saveProducts(client, 1))[0]!;
    const runId = (
      await client.post('/api/workflow/runs', { productIds: [id], tasks: ['koreanLabel', 'pricing', 'seo'] })
    ).body.runId;
    await waitForRun(client, runId);
    // seo ok → 2 s, pricing error → 0.5 s, koreanLabel ok → 2 s; all × 0.5
    expect(waits).toEqual([1000, 250, 1000]);
  });

  it('a single-task run runs only that task; tasks not built yet stay pending and say so', async () => {
    const { tasks, calls } = recordingTasks(undefined, ['seo']);
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const id = (await saveProducts(client, 1))[0]!;
    const one = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['seo'] })).body.runId,
    );
    expect(calls.map((c) => c.task)).toEqual(['seo']);
    expect(one).toMatchObject({ status: 'completed', progress: 100, tasks: ['seo'], unavailableTasks: [] });
    expect(one.products[0]).toMatchObject({ progress: 100 });
    const two = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['pricing'] })).body.runId,
    );
    expect(two.products[0]).toMatchObject({ statuses: { pricing: 'pending' }, completedTasks: [] });
    // the screens show it as not available yet, never as completed
    expect(two.unavailableTasks).toEqual(['pricing']);
    expect(two.products[0].message).toBe('아직 준비되지 않은 작업입니다.');
  });

  it('cancel stops the running task, puts its status back to pending and ends the run cancelled', async () => {
    let entered: () => void = () => {};
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    const { tasks, calls } = recordingTasks(async (task, ctx) => {
      if (task === 'pricing') {
        entered();
        await new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      return { status: 'completed' };
    });
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const id = (await saveProducts(client, 1))[0]!;
    const runId = (await client.post('/api/workflow/runs', { productIds: [id] })).body.runId;
    await inside;
    expect(await productStatus(t.db, id, 'pricingStatus')).toBe('processing');
    const cancelled = await client.post(`/api/workflow/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(200);
    const run = await waitForRun(client, runId);
    expect(run.status).toBe('cancelled');
    await expect.poll(() => productStatus(t.db, id, 'pricingStatus')).toBe('pending');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.map((c) => c.task)).toEqual(['seo', 'pricing']);
    expect((await client.post(`/api/workflow/runs/${runId}/cancel`)).status).toBe(409);
  });

  it('products run in parallel, never two tasks of one product at once, even across two runs', async () => {
    const { tasks, calls } = recordingTasks(async () => {
      await new Promise((r) => setTimeout(r, 40));
      return { status: 'completed', result: 'completed' };
    });
    const { client } = await workflowApp(t.db, t.url, { tasks, concurrency: 4 });
    const ids = await saveProducts(client, 4);
    const few: TaskName[] = ['seo', 'pricing'];
    const a = (await client.post('/api/workflow/runs', { productIds: ids, tasks: few })).body.runId;
    const b = (await client.post('/api/workflow/runs', { productIds: ids, tasks: few })).body.runId;
    await waitForRun(client, a);
    await waitForRun(client, b);
    expect(calls).toHaveLength(16);
    for (const id of ids) {
      const mine = calls.filter((c) => c.productId === id).sort((x, y) => x.start - y.start);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.start).toBeGreaterThanOrEqual(mine[i - 1]!.end);
    }
    // Some tasks of different products overlapped in time.
    const overlapped = calls.some((x) =>
      calls.some((y) => y.productId !== x.productId && y.start < x.end && x.start < y.end),
    );
    expect(overlapped).toBe(true);
  });
});
