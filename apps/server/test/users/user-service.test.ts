import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.ts';
import type { Mail } from '../../src/mail/mailer.ts';
import type { CompanyUserRow, InvitationRow } from '../../src/users/user-repository.ts';
import { type Actor, createUserService, MAX_OPEN_INVITATIONS } from '../../src/users/user-service.ts';

const COMPANY = 'c1';
const NOW = Date.parse('2026-11-28T09:00:00Z');

/** The user service on a fake repository: users and invitations in memory, mails kept. */
function setup() {
  const users: CompanyUserRow[] = [
    {
      id: 'owner',
      email: 'owner@example.com',
      name: '사장',
      auth: { showproduct: true, showRocketReg: true, showSettings: true, manageUsers: true },
      active: true,
      owner: true,
      createdAt: new Date(NOW - 1000),
    },
    {
      id: 'lead',
      email: 'lead@example.com',
      name: '팀장',
      auth: { showproduct: true, manageUsers: true },
      active: true,
      owner: false,
      createdAt: new Date(NOW - 500),
    },
    {
      id: 'staff',
      email: 'staff@example.com',
      name: '직원',
      auth: { showproduct: true },
      active: true,
      owner: false,
      createdAt: new Date(NOW - 100),
    },
  ];
  const invitations: Array<InvitationRow & { tokenHash: string; companyId: string; used: boolean }> = [];
  const mails: Mail[] = [];
  const forgotten: string[] = [];
  const signedIn: string[] = [];
  const service = createUserService({
    repository: {
      listUsers: async (companyId) => (companyId === COMPANY ? users : []),
      findUser: async (companyId, id) => (companyId === COMPANY ? users.find((u) => u.id === id) : undefined),
      updateUser: async (_companyId, id, change) => {
        const u = users.find((x) => x.id === id);
        if (!u) return undefined;
        if (change.auth) u.auth = change.auth;
        if (change.active !== undefined) u.active = change.active;
        return u;
      },
      emailTaken: async (email) => users.some((u) => u.email === email),
      openInvitations: async () => invitations.filter((i) => !i.used),
      insertInvitation: async (row, now, max) => {
        if (invitations.filter((i) => !i.used).length >= max) return undefined;
        const made = {
          id: `inv${invitations.length}`,
          email: row.email,
          name: row.name,
          auth: row.auth,
          createdAt: now,
          expiresAt: row.expiresAt,
          tokenHash: row.tokenHash,
          companyId: row.companyId,
          used: false,
        };
        invitations.push(made);
        return made;
      },
      findInvitation: async (tokenHash) => {
        const i = invitations.find((x) => x.tokenHash === tokenHash && !x.used);
        return i && { email: i.email, name: i.name, expiresAt: i.expiresAt, companyName: '테스트 상점' };
      },
      acceptInvitation: async (tokenHash, user) => {
        const i = invitations.find((x) => x.tokenHash === tokenHash && !x.used);
        if (!i) return 'invalid';
        i.used = true;
        const id = `u${users.length}`;
        users.push({
          id,
          email: i.email,
          name: user.name,
          auth: i.auth,
          active: true,
          owner: false,
          createdAt: new Date(NOW),
        });
        return { userId: id, companyId: i.companyId, email: i.email };
      },
    },
    mailer: { send: async (mail) => void mails.push(mail) },
    sessions: { forgetUser: (id) => void forgotten.push(id) },
    signIn: async ({ email }) => {
      signedIn.push(email);
      return { token: `session-of-${email}` };
    },
    userInfo: async (userId) => {
      const u = users.find((x) => x.id === userId)!;
      return {
        _id: u.id,
        regdate: null,
        name: u.name,
        companyid: COMPANY,
        email: u.email,
        phone: null,
        suppliercode: null,
        accesshistory: [],
        auth: u.auth,
        grade: 'basic',
        expireDate: null,
        paydate: null,
        nextpayment: null,
        addAccount: false,
        version: 1,
        rocketRegSlot: 0,
        image: null,
      };
    },
    hashPassword: async (p) => `hash:${p}`,
    clock: { now: () => NOW },
    log: { info: () => {} },
    appOrigin: 'https://app.example.com',
  });
  const actor = (id: string): Actor => {
    const u = users.find((x) => x.id === id)!;
    return { userId: u.id, companyId: COMPANY, auth: u.auth };
  };
  return { service, users, invitations, mails, forgotten, signedIn, actor };
}

const linkTokenOf = (mail: Mail) => /\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

describe('user service (issue 42)', () => {
  it('invites by mail with a link to the configured origin; the staff member signs up with the flags given', async () => {
    const t = setup();
    const made = await t.service.invite(t.actor('owner'), {
      email: ' New@Example.com ',
      name: '신입',
      flags: { showproduct: true, showRocketReg: false },
    });
    expect(made.invitation).toMatchObject({
      email: 'new@example.com',
      name: '신입',
      flags: { showproduct: true },
    });
    expect(made.message.ko).toBe('new@example.com 주소로 초대 메일을 보냈습니다.');
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({
      to: 'new@example.com',
      companyId: COMPANY,
      subject: '[로켓등록] 팀 초대',
    });
    expect(t.mails[0]!.text).toContain('https://app.example.com/auth/invitation/');
    const token = linkTokenOf(t.mails[0]!)!;
    // Only the token's hash is stored.
    expect(t.invitations[0]!.tokenHash).toBe(hashToken(token));

    expect(await t.service.invitation(token)).toMatchObject({
      email: 'new@example.com',
      companyName: '테스트 상점',
    });
    const signed = await t.service.accept(
      { token, name: '신입 사원', password: 'longenough1' },
      { ip: null, userAgent: null },
    );
    expect(signed.token).toBe('session-of-new@example.com');
    expect(signed.userinfo).toMatchObject({
      email: 'new@example.com',
      name: '신입 사원',
      auth: { showproduct: true },
    });
    // The link is used up.
    await expect(
      t.service.accept({ token, name: 'x', password: 'longenough1' }, { ip: null, userAgent: null }),
    ).rejects.toMatchObject({
      code: 'invitation_invalid',
      kind: 'invalid',
    });
    await expect(t.service.invitation(token)).rejects.toMatchObject({ code: 'invitation_invalid' });
  });

  it('refuses a short password before using the link, and an e-mail that already has an account', async () => {
    const t = setup();
    await t.service.invite(t.actor('owner'), { email: 'a@example.com', name: 'A', flags: {} });
    const token = linkTokenOf(t.mails[0]!)!;
    await expect(
      t.service.accept({ token, name: 'A', password: 'short' }, { ip: null, userAgent: null }),
    ).rejects.toMatchObject({
      code: 'weak_password',
    });
    expect(t.invitations[0]!.used).toBe(false);
    await expect(
      t.service.invite(t.actor('owner'), { email: 'staff@example.com', name: 'B', flags: {} }),
    ).rejects.toMatchObject({ code: 'email_taken', kind: 'conflict' });
  });

  it('refuses users without the user-management flag, and a manager giving flags they do not hold', async () => {
    const t = setup();
    await expect(t.service.list(t.actor('staff'))).rejects.toMatchObject({
      code: 'user_management_denied',
      kind: 'forbidden',
    });
    await expect(
      t.service.invite(t.actor('staff'), { email: 'x@example.com', name: 'X', flags: {} }),
    ).rejects.toMatchObject({ code: 'user_management_denied' });
    // The lead manages users but holds no showSettings: cannot hand it out; the owner can.
    await expect(
      t.service.invite(t.actor('lead'), { email: 'x@example.com', name: 'X', flags: { showSettings: true } }),
    ).rejects.toMatchObject({ code: 'flag_not_held', message: expect.stringContaining('showSettings') });
    await expect(
      t.service.update(t.actor('lead'), 'staff', { flags: { showSettings: true } }),
    ).rejects.toMatchObject({
      code: 'flag_not_held',
    });
    expect(t.users.find((u) => u.id === 'staff')!.auth).toEqual({ showproduct: true });
    await t.service.update(t.actor('owner'), 'staff', { flags: { showSettings: true } });
    expect(t.users.find((u) => u.id === 'staff')!.auth).toEqual({ showSettings: true });
    expect(t.mails).toHaveLength(0);
  });

  it('changes flags and activity, forgetting the user’s cached sessions; never the owner, never oneself off', async () => {
    const t = setup();
    const changed = await t.service.update(t.actor('owner'), 'staff', {
      flags: { showproduct: false, showRocketReg: true },
    });
    expect(changed.user.flags).toEqual({ showRocketReg: true });
    expect(changed.message.ko).toBe('사용자 권한을 저장했습니다.');
    expect(t.forgotten).toEqual(['staff']);

    const off = await t.service.update(t.actor('owner'), 'staff', { active: false });
    expect(off.user.active).toBe(false);
    expect(off.message.ko).toContain('비활성화');
    const on = await t.service.update(t.actor('owner'), 'staff', { active: true });
    expect(on.message.ko).toBe('사용자를 다시 활성화했습니다.');
    expect(t.forgotten).toEqual(['staff', 'staff', 'staff']);

    await expect(t.service.update(t.actor('lead'), 'owner', { active: false })).rejects.toMatchObject({
      code: 'owner_fixed',
    });
    await expect(t.service.update(t.actor('lead'), 'lead', { active: false })).rejects.toMatchObject({
      code: 'self_deactivate',
    });
    await expect(t.service.update(t.actor('owner'), 'nobody', { active: false })).rejects.toMatchObject({
      code: 'user_not_found',
      kind: 'not_found',
    });
    // A deactivated manager manages nothing, whatever their session still says.
    t.users.find((u) => u.id === 'lead')!.active = false;
    await expect(t.service.list(t.actor('lead'))).rejects.toMatchObject({ code: 'user_management_denied' });
  });

  it('keeps at most MAX_OPEN_INVITATIONS open', async () => {
    const t = setup();
    for (let i = 0; i < MAX_OPEN_INVITATIONS; i++)
      await t.service.invite(t.actor('owner'), { email: `n${i}@example.com`, name: `N${i}`, flags: {} });
    await expect(
      t.service.invite(t.actor('owner'), { email: 'one-more@example.com', name: 'M', flags: {} }),
    ).rejects.toMatchObject({ code: 'too_many_invitations', kind: 'too_many' });
    expect(t.mails).toHaveLength(MAX_OPEN_INVITATIONS);
  });
});
