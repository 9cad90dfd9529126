import { describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp } from '../support/test-app.ts';

describe('the account routes (issue 42)', async () => {
  const { app, db } = await createTestApp();

  it('shows the account with its subscription, saves the name, refuses bad input with nothing changed', async () => {
    const { cookie } = await signUp(app, { email: 'acct42@example.com', companyName: '계정상사' });
    await db
      .updateTable('users')
      .set({ rocket_reg_slot: 12, grade: 'pro' })
      .where('email', '=', 'acct42@example.com')
      .execute();
    const view = await app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(view.json()).toMatchObject({
      email: 'acct42@example.com',
      companyName: '계정상사',
      owner: true,
      subscription: { grade: 'pro', rocketRegSlot: 12, expireDate: null },
    });
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie },
      payload: { name: '' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie },
      payload: { name: '새 이름' },
    });
    expect(saved.json()).toEqual({ res: 'success', message: '계정 정보를 저장했습니다.' });
    const status = await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().userinfo.name).toBe('새 이름');
  });

  it('changes the password with the current one; the other browsers are signed out, this one stays', async () => {
    const { cookie } = await signUp(app, { email: 'pw42@example.com' });
    const other = await signIn(app, 'pw42@example.com');
    const sessions = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    expect(sessions.json().items).toHaveLength(2);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: { current: 'not-it', next: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('현재 비밀번호가 올바르지 않습니다.');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: { current: 'password123!', next: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie: other } })).json()
        .userinfo,
    ).toBeUndefined();
    expect(
      (await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie } })).json().userinfo
        .email,
    ).toBe('pw42@example.com');
    await signIn(app, 'pw42@example.com', 'brand-new-pass');
  });

  it('revokes one of the user’s browsers by its listed id, never another user’s', async () => {
    const { cookie } = await signUp(app, { email: 'rev42@example.com' });
    const other = await signIn(app, 'rev42@example.com');
    const list = (
      await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })
    ).json().items;
    const target = list.find((s: { current: boolean }) => !s.current);
    const stranger = await signUp(app, { email: 'stranger42@example.com' });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: { cookie },
    });
    expect(ended.json().message).toBe('그 브라우저의 로그인을 끝냈습니다.');
    expect(
      (await app.inject({ method: 'POST', url: '/api/loginstatus', headers: { cookie: other } })).json()
        .userinfo,
    ).toBeUndefined();
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/account/sessions/nothex', headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });
});
