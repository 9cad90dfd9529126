import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GatewayEvent } from '../../src/ai/gateway.ts';
import { seoWork } from '../../src/ai/prompts/seo.ts';
import type { Container } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestApp, signIn, signUp } from '../support/test-app.ts';

let app: FastifyInstance;
let container: Container;
let db: Db;
let cookie: string;
let companyId: string;

beforeAll(async () => {
  ({ app, db, container } = await createTestApp());
  ({ cookie } = await signUp(app, { email: 'monitor@example.com' }));
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', 'monitor@example.com')
    .executeTakeFirstOrThrow();
  companyId = user.company_id;
});

/** The AI services the app itself uses (the container's). */
const services = () => container.ai;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

describe('admin-api-monitor routes', () => {
  it('require a session and the showdeveloper flag', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ai-monitor/live' })).statusCode).toBe(401);
    expect((await get('/api/ai-monitor/live')).statusCode).toBe(403);
    await db
      .updateTable('users')
      .set({ auth: JSON.stringify({ showproduct: true, showdeveloper: true }) })
      .where('company_id', '=', companyId)
      .execute();
    cookie = await signIn(app, 'monitor@example.com');
    expect((await get('/api/ai-monitor/live')).statusCode).toBe(200);
  });

  it('list live requests with status and duration, the rate against the limit, and failures', async () => {
    const { gateway } = services();
    await gateway.run(
      { provider: 'offline' },
      seoWork,
      { product: { subject: '女士 黑色 连衣裙' } },
      { companyId, productId: 'p-9' },
    );
    await gateway
      .request({ provider: 'gemini' }, { workType: 'SEO', companyId, prompt: 'x', schema: z.object({}) })
      .catch(() => undefined);
    await gateway.flush();

    const live = (await get('/api/ai-monitor/live')).json();
    expect(live.requests).toHaveLength(2);
    // Log rows are written behind the calls, so two calls in a row may get their ids in either order.
    const byProvider = (provider: string) =>
      live.requests.find((r: { provider: string }) => r.provider === provider);
    expect(byProvider('offline')).toMatchObject({
      workType: 'SEO',
      productId: 'p-9',
      provider: 'offline',
      status: 'success',
      attempts: 1,
    });
    expect(typeof byProvider('offline').durationMs).toBe('number');
    expect(byProvider('gemini')).toMatchObject({ provider: 'gemini', status: 'error' });
    expect(byProvider('gemini').error).toContain('Gemini API Key');
    expect(live.rate).toMatchObject({ limitPerMinute: 12, windowMs: 60_000, open: 0 });

    const failures = (await get('/api/ai-monitor/failures?limit=10')).json();
    expect(failures.failures).toHaveLength(1);
    expect(failures.failures[0].status).toBe('error');
  });

  it('marks requests stuck beyond 5 minutes as timeout, announces them, and drops old finished ones from the live view', async () => {
    const { gateway, monitor } = services();
    const events: GatewayEvent[] = [];
    gateway.events.on('event', (e) => events.push(e));
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const base = { company_id: companyId, work_type: 'QUOTATION', provider: 'gemini' } as const;
    const [stuck, busy, queued, old] = await db
      .insertInto('ai_requests')
      .values([
        { ...base, status: 'processing', created_at: minutesAgo(7), updated_at: minutesAgo(6) },
        { ...base, status: 'processing', created_at: minutesAgo(4), updated_at: minutesAgo(4) },
        // Queued behind the limit until a minute from now: waiting, not stuck.
        {
          ...base,
          status: 'pending',
          created_at: minutesAgo(8),
          updated_at: minutesAgo(8),
          scheduled_at: minutesAgo(-1),
        },
        {
          ...base,
          status: 'success',
          created_at: minutesAgo(12),
          updated_at: minutesAgo(11),
          finished_at: minutesAgo(11),
          duration_ms: 1000,
        },
      ])
      .returning('id')
      .execute();

    expect(await monitor.markStuck()).toEqual([stuck!.id]);
    expect(events).toContainEqual({ type: 'stuck', ids: [stuck!.id] });

    const live = (await get('/api/ai-monitor/live')).json();
    const ids = live.requests.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([stuck!.id, busy!.id, queued!.id]));
    expect(ids).not.toContain(old!.id);
    expect(live.requests.find((r: { id: number }) => r.id === stuck!.id)).toMatchObject({
      status: 'timeout',
    });
    expect(live.rate.open).toBe(2);

    const failures = (await get('/api/ai-monitor/failures')).json();
    expect(failures.failures[0]).toMatchObject({ id: stuck!.id, status: 'timeout' });
    const history = await db.selectFrom('ai_requests').select('id').where('id', '=', old!.id).execute();
    expect(history).toHaveLength(1);
  });
});
