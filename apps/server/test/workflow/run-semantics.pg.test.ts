import type { AddressInfo } from 'node:net';
import { readFieldSources } from '@rr/domain';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seoValidationWork } from '../../src/ai/prompts/seo-validation.ts';
import { writeTaskFields } from '../../src/workflow/write-task-fields.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { openEvents } from './sse-client.ts';
import { productStatus, recordingTasks, saveProducts, waitForRun, workflowApp } from './support.ts';

// Issue 20: a task that ended in error is not done; the quotation does not start over a
// prerequisite in error; runs are refused up front without a brand or (outside demo mode) an AI;
// what the offline demo AI could not translate is left for the seller and named.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe('run semantics (W §4)', () => {
  it('counts an errored task as error, refuses the quotation naming the prerequisite, and ends with the spec message', async () => {
    const { tasks, calls } = recordingTasks((task) =>
      task === 'mainImage' ? { status: 'error' } : { status: 'completed', result: 'completed' },
    );
    const { app, client } = await workflowApp(t.db, t.url, { tasks });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const events = openEvents((app.server.address() as AddressInfo).port, client.cookie);
    onTestFinished(() => {
      events.close();
    });
    await events.ready;
    const [id] = await saveProducts(client, 1);
    const runId = (await client.post('/api/workflow/runs', { productIds: [id] })).body.runId;
    const run = await waitForRun(client, runId);

    // mainImage ran twice (its retry before the quotation), the quotation never
    expect(calls.filter((c) => c.task === 'mainImage')).toHaveLength(2);
    expect(calls.some((c) => c.task === 'quotation')).toBe(false);
    expect(run.products[0].statuses).toMatchObject({ mainImage: 'error', quotation: 'error' });
    expect(run.products[0].message).toContain('대표이미지');
    expect(run.products[0].message).toContain('견적서를 만들지 않았습니다');
    expect(await productStatus(t.db, id!, 'quotationStatus')).toBe('error');
    // 6 done, 2 in error (mainImage, quotation), nothing left: never 100 %
    expect(run.counts).toEqual({ done: 6, error: 2, remaining: 0 });
    expect(run.products[0].counts).toEqual({ done: 6, error: 2, remaining: 0 });
    expect(run.progress).toBe(75);
    expect(run.registrable).toEqual({ count: 0, total: 1 });

    await expect
      .poll(() => events.events.some((e) => e.type === 'run' && e.data.status === 'completed'), {
        timeout: 30_000,
      })
      .toBe(true);
    const end = events.events.find((e) => e.type === 'run' && e.data.status === 'completed');
    expect(end?.data).toMatchObject({ progress: 75, counts: { done: 6, error: 2, remaining: 0 } });
    await expect
      .poll(() => events.events.some((e) => e.type === 'processing' && e.data.isProcessing === false), {
        timeout: 30_000,
      })
      .toBe(true);
    const last = events.events.filter((e) => e.type === 'processing').at(-1) as
      | { data: { message: { ko: string } } }
      | undefined;
    expect(last?.data.message.ko).toMatch(/^등록 정보 생성 완료 \(총 1개, 성공: 0, 실패: 1\)/);
    expect(last?.data.message.ko).toContain('등록 가능 상품 0/1개');
    const quotationEvent = events.events.find(
      (e) => e.type === 'task' && e.data.task === 'quotation' && e.data.status === 'error',
    );
    expect(quotationEvent?.data.counts).toEqual({ done: 6, error: 2, remaining: 0 });
  });

  it('a quotation-only run checks its prerequisites too: one in error blocks it, naming it (issue 42)', async () => {
    const { tasks, calls } = recordingTasks((task) =>
      task === 'mainImage' ? { status: 'error' } : { status: 'completed', result: 'completed' },
    );
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await saveProducts(client, 1);
    await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['mainImage'] })).body.runId,
    );
    expect(await productStatus(t.db, id!, 'mainImageStatus')).toBe('error');
    const run = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['quotation'] })).body.runId,
    );
    expect(calls.some((c) => c.task === 'quotation')).toBe(false);
    expect(run.products[0].statuses).toMatchObject({ quotation: 'error' });
    expect(run.products[0].message).toContain('대표이미지');
    expect(run.products[0].message).toContain('견적서를 만들지 않았습니다');
    // prerequisites never run do not block a quotation-only run (the seller asked for it alone)
    const [fresh] = await saveProducts(client, 1);
    await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [fresh], tasks: ['quotation'] })).body.runId,
    );
    expect(calls.filter((c) => c.task === 'quotation')).toHaveLength(1);
  });

  it('the top indicator says 등록 정보 생성 중... while the documents are generated (issue 42)', async () => {
    const { tasks } = recordingTasks(() => ({ status: 'completed', result: 'completed' }));
    const { app, client } = await workflowApp(t.db, t.url, { tasks });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const events = openEvents((app.server.address() as AddressInfo).port, client.cookie);
    onTestFinished(() => {
      events.close();
    });
    await events.ready;
    const [id] = await saveProducts(client, 1);
    await waitForRun(client, (await client.post('/api/workflow/runs', { productIds: [id] })).body.runId);
    await expect
      .poll(() => events.events.some((e) => e.type === 'processing' && e.data.isProcessing === false), {
        timeout: 30_000,
      })
      .toBe(true);
    const messages = events.events
      .filter((e) => e.type === 'processing')
      .map((e) => (e.data as { message: { ko: string } | null }).message?.ko ?? null);
    const generating = messages.indexOf('등록 정보 생성 중...');
    expect(generating).toBeGreaterThan(0); // after the run's start, before its end
    expect(messages.at(-1)).toMatch(/^등록 정보 생성 완료/);
  });

  it('a task done after its retry counts as done; the quotation then runs', async () => {
    const { tasks, calls } = recordingTasks((task, _ctx, attempt) =>
      task === 'seo' && attempt === 0 ? { status: 'error' } : { status: 'completed', result: 'completed' },
    );
    const { client } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await saveProducts(client, 1);
    const run = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id] })).body.runId,
    );
    expect(calls.at(-1)?.task).toBe('quotation');
    expect(run.counts).toEqual({ done: 8, error: 0, remaining: 0 });
    expect(run.progress).toBe(100);
  });

  it('refuses a run over a company without a brand, pointing to 설정 > 기본 설정', async () => {
    const { tasks, calls } = recordingTasks();
    const { client } = await workflowApp(t.db, t.url, { tasks, brand: null, worker: false });
    const ids = await saveProducts(client, 1);
    const r = await client.post('/api/workflow/runs', { productIds: ids });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('설정 > 기본 설정');
    expect(r.body.error).toContain('브랜드');
    expect((await client.get('/api/workflow/runs?limit=5')).body.runs).toEqual([]);
    expect(calls).toEqual([]);
    const saved = await client.post('/api/savesetting', {
      settings: [{ defaultSettings: { brand: '내브랜드' } }],
    });
    expect(saved.status).toBe(200);
    expect((await client.post('/api/workflow/runs', { productIds: ids })).status).toBe(200);
  });

  it('outside demo mode refuses AI tasks without a configured provider; a pricing run needs none', async () => {
    const { tasks } = recordingTasks();
    const { client } = await workflowApp(t.db, t.url, { tasks, demo: false, worker: false });
    const ids = await saveProducts(client, 1);
    const all = await client.post('/api/workflow/runs', { productIds: ids });
    expect(all.status).toBe(400);
    expect(all.body.error).toMatch(/^Gemini API Key가 설정되지 않았습니다/);
    const seo = await client.post('/api/workflow/runs', { productIds: ids, tasks: ['seo'] });
    expect(seo.status).toBe(400);
    expect((await client.post('/api/workflow/runs', { productIds: ids, tasks: ['pricing'] })).status).toBe(
      200,
    );
    const key = await client.post('/api/savesetting', {
      settings: [{ aiProvider: 'gemini', geminiAPIKey: 'AIza-test-key-0123456789' }],
    });
    expect(key.status).toBe(200);
    expect((await client.post('/api/workflow/runs', { productIds: ids, tasks: ['seo'] })).status).toBe(200);
  });

  it('in demo mode, what the offline AI could not translate is named and the task is not completed', async () => {
    const { tasks } = recordingTasks(async (task, ctx) => {
      if (task !== 'seo') return { status: 'completed', message: { ko: '가격 완료', en: 'priced' } };
      const answer = await ctx.deps.ai.run(
        { provider: 'offline' },
        seoValidationWork,
        { productId: ctx.productId, texts: ['硅胶锅铲套装'] },
        { companyId: ctx.companyId, productId: ctx.productId, signal: ctx.signal },
      );
      await writeTaskFields(ctx, { 'seo.productName': answer.results[0]!.corrected });
      return { status: 'completed' };
    });
    const { client, container } = await workflowApp(t.db, t.url, { tasks });
    const [id] = await saveProducts(client, 1);
    const run = await waitForRun(
      client,
      (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['seo', 'pricing'] })).body.runId,
    );
    expect(run.offlineAi).toBe(true);
    // a later task's message does not hide what is left for the seller
    expect(run.products[0].message).toContain('가격 완료');
    expect(run.products[0].statuses.seo).toBe('partially_completed');
    expect(run.products[0].message).toContain('오프라인 데모 AI가 번역하지 못한 표현이 있습니다: 锅铲');
    const row = await container.db
      .selectFrom('products')
      .select('doc')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    const doc = row.doc as { seo?: { productName?: string }; fieldSources?: unknown };
    // never "냄비" (pot) for 锅铲 (spatula): the phrase stays for the seller
    expect(doc.seo?.productName).toBe('실리콘 锅铲 세트');
    expect(doc.seo?.productName).not.toContain('냄비');
    expect(readFieldSources(doc.fieldSources)['seo.productName']).toBe('offline');
    // the product remembers what is left, per task, until a run of that task leaves nothing
    expect((row.doc as { untranslatedPhrases?: unknown }).untranslatedPhrases).toEqual({ seo: ['锅铲'] });
  });
});
