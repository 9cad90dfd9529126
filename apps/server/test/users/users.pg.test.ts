import { describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signIn, signUp } from '../support/test-app.ts';

describe('a team with roles, through the HTTP app (issue 42)', async () => {
  const { app, db } = await createTestApp({ DEMO: 'true', PUBLIC_URL: 'https://rr.example.com' });
  const owner = await signUp(app, { email: 'owner42@example.com', companyName: '사장님 상점' });
  const as = (cookie: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie }, payload }),
    patch: (url: string, payload: object) =>
      app.inject({ method: 'PATCH', url, headers: { cookie }, payload }),
  });
  const boss = as(owner.cookie);

  /** Invites through the API, reads the link from the demo outbox, signs up through it. */
  async function hire(email: string, flags: Record<string, boolean>) {
    const invited = await boss.post('/api/users/invitations', { email, name: '직원', flags });
    expect(invited.statusCode, invited.body).toBe(200);
    const outbox = await boss.get('/api/demo/outbox');
    expect(outbox.statusCode).toBe(200);
    const mail = outbox.json().items.find((m: { to: string }) => m.to === email);
    expect(mail.subject).toBe('[로켓등록] 팀 초대');
    const token = /https:\/\/rr\.example\.com\/auth\/invitation\/(\S+)/.exec(mail.body)![1]!;
    const info = await app.inject({ method: 'GET', url: `/api/auth/invitations/${token}` });
    expect(info.json()).toMatchObject({ email, companyName: '사장님 상점' });
    const joined = await app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, name: '김직원', password: 'staffpass1' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().userinfo).toMatchObject({ email, companyid: owner.userinfo.companyid, auth: flags });
    return { token, cookie: sessionCookie(joined), id: String(joined.json().userinfo._id) };
  }

  it('the owner invites; the staff member joins the company with only the flags given', async () => {
    const staff = await hire('staff42@example.com', { showproduct: true });
    const me = as(staff.cookie);
    expect((await me.post('/api/aiRocketReg/getlist', {})).statusCode).toBe(200);
    // Registration, settings and users are not theirs: 403 naming the missing flag.
    const reg = await me.post('/api/rocketReg/saveItems', [{ productName: '몰래' }]);
    expect(reg.statusCode).toBe(403);
    expect(reg.json()).toMatchObject({
      code: 'missing_flag',
      message: expect.stringContaining('showRocketReg'),
    });
    const settings = await me.get('/api/settings');
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toContain('showSettings');
    expect((await me.get('/api/users')).statusCode).toBe(403);
    expect(
      (await me.post('/api/users/invitations', { email: 'x@example.com', name: 'x', flags: {} })).statusCode,
    ).toBe(403);
    // The link is used up.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token: staff.token, name: '또', password: 'staffpass1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('초대 링크가 유효하지 않거나');
    // The list shows both, the owner marked.
    const list = await boss.get('/api/users');
    expect(list.json().users.map((u: { email: string; owner: boolean }) => [u.email, u.owner])).toEqual([
      ['owner42@example.com', true],
      ['staff42@example.com', false],
    ]);
  });

  it("the owner's flag change takes effect on the staff member's very next request", async () => {
    const staff = await hire('next42@example.com', { showproduct: true });
    const me = as(staff.cookie);
    expect((await me.post('/api/aiRocketReg/getlist', {})).statusCode).toBe(200); // the session is cached now
    expect((await me.get('/api/workflow/runs')).statusCode).toBe(403);
    const changed = await boss.patch(`/api/users/${staff.id}`, { flags: { showRocketReg: true } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.flags).toEqual({ showRocketReg: true });
    expect((await me.get('/api/workflow/runs')).statusCode).toBe(200);
    expect((await me.post('/api/aiRocketReg/getlist', {})).statusCode).toBe(200); // AIRocketReg opens it too
    expect((await me.get('/api/settings')).statusCode).toBe(403);
    const status = await me.post('/api/loginstatus', {});
    expect(status.json().userinfo.auth).toEqual({ showRocketReg: true });
    // An unknown flag, or nothing to change: 400 with nothing changed.
    const bad = await boss.patch(`/api/users/${staff.id}`, { flags: { superuser: true } });
    expect(bad.statusCode).toBe(400);
    expect((await boss.patch(`/api/users/${staff.id}`, {})).statusCode).toBe(400);
    expect((await me.post('/api/loginstatus', {})).json().userinfo.auth).toEqual({ showRocketReg: true });
  });

  it("deactivation ends the user's sessions and tokens at once; reactivation lets them sign in again", async () => {
    const staff = await hire('off42@example.com', { showRocketReg: true });
    const me = as(staff.cookie);
    const made = await me.post('/api/tokens', { name: '크롬' });
    expect(made.statusCode, made.body).toBe(200);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/import1688/check', headers: bearer })).statusCode,
    ).toBe(200);

    const off = await boss.patch(`/api/users/${staff.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.active).toBe(false);
    expect((await me.post('/api/aiRocketReg/getlist', {})).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/import1688/check', headers: bearer })).statusCode,
    ).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'off42@example.com', password: 'staffpass1' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain('비활성화된 계정');
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', staff.id).execute();
    expect(sessions).toHaveLength(0);

    expect((await boss.patch(`/api/users/${staff.id}`, { active: true })).statusCode).toBe(200);
    const cookie = await signIn(app, 'off42@example.com', 'staffpass1');
    expect((await as(cookie).post('/api/aiRocketReg/getlist', {})).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/import1688/check', headers: bearer })).statusCode,
    ).toBe(200);
  });

  it('nobody changes the owner; another company cannot see or change this one’s users', async () => {
    const ownerId = String(owner.userinfo._id);
    const off = await boss.patch(`/api/users/${ownerId}`, { active: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('회사 소유자의 권한과 활성 상태는 바꿀 수 없습니다.');
    const other = await signUp(app, { email: 'other42@example.com' });
    const theirs = as(other.cookie);
    expect((await theirs.patch(`/api/users/${ownerId}`, { active: false })).statusCode).toBe(404);
    expect((await theirs.get('/api/users')).json().users).toHaveLength(1);
    // Their outbox holds none of this company's mails.
    expect((await theirs.get('/api/demo/outbox')).json().items).toEqual([]);
  });

  it('refuses an invitation to an address that already has an account', async () => {
    const res = await boss.post('/api/users/invitations', {
      email: 'OWNER42@example.com',
      name: 'x',
      flags: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('이미 가입된 이메일입니다.');
  });
});
