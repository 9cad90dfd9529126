import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../support/test-app.ts';

describe('notifications through the HTTP app (issue 42)', async () => {
  const { app, db, container } = await createTestApp();

  it('a user opts in; a run’s end lands in their app list and their mail (the outbox), not another company’s', async () => {
    const me = await signUp(app, { email: 'notify42@example.com' });
    const other = await signUp(app, { email: 'quiet42@example.com' });
    const companyId = String(me.userinfo.companyid);
    const off = await app.inject({
      method: 'GET',
      url: '/api/notifications/prefs',
      headers: { cookie: me.cookie },
    });
    expect(off.json()).toEqual({
      runFinished: { mail: false, app: false },
      coupangDecision: { mail: false, app: false },
    });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/prefs',
      headers: { cookie: me.cookie },
      payload: { runFinished: { mail: 'yes', app: true } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/prefs',
      headers: { cookie: me.cookie },
      payload: { runFinished: { mail: true, app: true }, coupangDecision: { mail: false, app: true } },
    });
    expect(saved.json().message).toBe('알림 설정을 저장했습니다.');

    await container.notifications.runFinished(companyId, {
      runId: 'r1',
      status: 'completed',
      counts: { done: 3, error: 1, remaining: 0 },
      errors: [{ name: '접이식 의자', message: '가격 계산 실패' }],
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: me.cookie },
    });
    expect(list.json()).toMatchObject({
      unread: 1,
      items: [
        {
          kind: 'runFinished',
          read: false,
          message: '작업 실행이 끝났습니다: 완료 3, 오류 1\n- 접이식 의자: 가격 계산 실패',
        },
      ],
    });
    const mails = await db
      .selectFrom('outbox')
      .select(['to_email', 'subject', 'body'])
      .where('company_id', '=', companyId)
      .execute();
    expect(mails).toEqual([
      expect.objectContaining({ to_email: 'notify42@example.com', subject: '[로켓등록] 작업 실행 결과' }),
    ]);
    await app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: me.cookie } });
    expect(
      (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: me.cookie } })).json()
        .unread,
    ).toBe(0);
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json()).toEqual({ items: [], unread: 0 });
  });
});
