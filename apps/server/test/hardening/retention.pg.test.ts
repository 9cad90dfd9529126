import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpExpired } from '../../src/limits/retention-repository.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

describe('scheduled clean-up of expired rows', async () => {
  const { app, db, container } = await createTestApp();

  async function plant() {
    const email = `old${Math.random().toString(36).slice(2)}@example.com`;
    await signUp(app, { email });
    const user = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const tag = Math.random().toString(36).slice(2);
    await db
      .insertInto('sessions')
      .values([
        { id: `expired-${tag}`, user_id: user.id, company_id: user.company_id, expires_at: ago(1) },
        { id: `live-${tag}`, user_id: user.id, company_id: user.company_id, expires_at: ago(-1) },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        { token_hash: `expired-${tag}`, user_id: user.id, expires_at: ago(1 / 24), used_at: null },
        { token_hash: `used-${tag}`, user_id: user.id, expires_at: ago(-1 / 24), used_at: ago(0) },
        { token_hash: `live-${tag}`, user_id: user.id, expires_at: ago(-1 / 24), used_at: null },
      ])
      .execute();
    await db
      .insertInto('access_history')
      .values([
        { user_id: user.id, company_id: user.company_id, email, event: `old-${tag}`, at: ago(91) },
        { user_id: user.id, company_id: user.company_id, email, event: `new-${tag}`, at: ago(89) },
      ])
      .execute();
    await db
      .insertInto('outbox')
      .values([
        {
          company_id: user.company_id,
          to_email: email,
          subject: `old-${tag}`,
          body: 'x',
          created_at: ago(8),
        },
        {
          company_id: user.company_id,
          to_email: email,
          subject: `new-${tag}`,
          body: 'x',
          created_at: ago(6),
        },
      ])
      .execute();
    const aiRow = (work: string, finished: Date | null) => ({
      company_id: user.company_id,
      product_id: null,
      work_type: work,
      task: null,
      provider: 'offline',
      model: null,
      limiter_key: null,
      status: (finished ? 'success' : 'running') as 'success',
      http_status: null,
      error: null,
      created_at: ago(40),
      scheduled_at: null,
      started_at: ago(40),
      finished_at: finished,
      duration_ms: null,
    });
    await db
      .insertInto('ai_requests')
      .values([aiRow(`old-${tag}`, ago(31)), aiRow(`new-${tag}`, ago(29)), aiRow(`open-${tag}`, null)])
      .execute();
    await sql`insert into rate_counters (key, hits, window_end) values
      (${`ended-${tag}`}, 3, now() - interval '1 minute'), (${`open-${tag}`}, 3, now() + interval '1 minute')`.execute(
      db,
    );
    return { tag };
  }

  async function left(tag: string) {
    const like = `%-${tag}`;
    return {
      sessions: (await db.selectFrom('sessions').select('id').where('id', 'like', like).execute()).map(
        (r) => r.id,
      ),
      resets: (
        await db
          .selectFrom('password_resets')
          .select('token_hash')
          .where('token_hash', 'like', like)
          .execute()
      ).map((r) => r.token_hash),
      history: (
        await db.selectFrom('access_history').select('event').where('event', 'like', like).execute()
      ).map((r) => r.event),
      outbox: (await db.selectFrom('outbox').select('subject').where('subject', 'like', like).execute()).map(
        (r) => r.subject,
      ),
      ai: (await db.selectFrom('ai_requests').select('work_type').where('work_type', 'like', like).execute())
        .map((r) => r.work_type)
        .sort(),
      counters: (
        await sql<{ key: string }>`select key from rate_counters where key like ${like}`.execute(db)
      ).rows.map((r) => r.key),
    };
  }

  const kept = (tag: string) => ({
    sessions: [`live-${tag}`],
    resets: [`live-${tag}`],
    history: [`new-${tag}`],
    outbox: [`new-${tag}`],
    ai: [`new-${tag}`, `open-${tag}`],
    counters: [`open-${tag}`],
  });

  it('deletes expired sessions and reset links, old history, mails, request logs and ended rate windows', async () => {
    const { tag } = await plant();
    const counts = await cleanUpExpired(db);
    expect(counts).toMatchObject({
      sessions: 1,
      passwordResets: 2,
      accessHistory: 1,
      outbox: 1,
      aiRequests: 1,
      rateCounters: 1,
    });
    expect(await left(tag)).toEqual(kept(tag));
  });

  it('runs on its own once the container is started', async () => {
    const { tag } = await plant();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      container.start();
      vi.advanceTimersByTime(30_000);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await left(tag)).toEqual(kept(tag)), { timeout: 5000 });
  });
});
