import { describe, expect, it } from 'vitest';
import { createProfileService } from '../../src/users/profile-service.ts';

/** The account service on a fake repository: one user, their sessions in memory. */
function setup(maxAttempts = Number.POSITIVE_INFINITY) {
  let used = 0;
  const user = {
    name: '김직원',
    email: 'staff@example.com',
    phone: null as string | null,
    grade: 'premium',
    expire_date: new Date('2027-01-31T00:00:00Z'),
    pay_date: new Date('2026-11-01T00:00:00Z'),
    next_payment: new Date('2026-12-01T00:00:00Z'),
    rocket_reg_slot: 30,
    password_hash: 'hash:old-password',
    company_name: '팀상사',
    owner: false,
  };
  const now = Date.parse('2026-11-28T09:00:00Z');
  let sessions = [
    { id: 'a'.repeat(64), created_at: new Date(now - 2000), expires_at: new Date(now + 86_400_000) },
    { id: 'b'.repeat(64), created_at: new Date(now - 1000), expires_at: new Date(now + 86_400_000) },
  ];
  const forgotten: string[] = [];
  const service = createProfileService({
    repository: {
      find: async (id) => (id === 'u1' ? { ...user } : undefined),
      update: async (_id, change) => void Object.assign(user, change),
      setPassword: async (_id, hash, keep) => {
        user.password_hash = hash;
        sessions = sessions.filter((s) => s.id === keep);
      },
      sessions: async () => [...sessions].reverse(),
      deleteSession: async (_id, sid) => {
        const before = sessions.length;
        sessions = sessions.filter((s) => s.id !== sid);
        return sessions.length < before;
      },
    },
    sessions: { forgetUser: (id) => void forgotten.push(id) },
    hashPassword: async (p) => `hash:${p}`,
    verifyPassword: async (hash, p) => hash === `hash:${p}`,
    clock: { now: () => now },
    attempts: {
      reserve: async () => ++used <= maxAttempts,
      reset: async () => {
        used = 0;
      },
    },
  });
  return {
    service,
    user,
    forgotten,
    get sessions() {
      return sessions;
    },
  };
}

describe('the account page’s service (issue 42)', () => {
  it('shows the subscription fields as ISO dates beside the name and company', async () => {
    const t = setup();
    expect(await t.service.view('u1')).toEqual({
      name: '김직원',
      email: 'staff@example.com',
      phone: null,
      companyName: '팀상사',
      owner: false,
      subscription: {
        grade: 'premium',
        expireDate: '2027-01-31T00:00:00.000Z',
        paydate: '2026-11-01T00:00:00.000Z',
        nextpayment: '2026-12-01T00:00:00.000Z',
        rocketRegSlot: 30,
      },
    });
    await expect(t.service.view('nobody')).rejects.toMatchObject({ code: 'user_not_found' });
  });

  it('changes the password only with the current one, and ends every other session', async () => {
    const t = setup();
    const me = { userId: 'u1', sessionId: 'b'.repeat(64) };
    await expect(t.service.changePassword(me, 'wrong', 'new-password-1')).rejects.toMatchObject({
      code: 'wrong_current_password',
      kind: 'invalid',
      userMessage: { ko: '현재 비밀번호가 올바르지 않습니다.' },
    });
    await expect(t.service.changePassword(me, 'old-password', 'short')).rejects.toMatchObject({
      code: 'weak_password',
    });
    expect(t.user.password_hash).toBe('hash:old-password');
    const message = await t.service.changePassword(me, 'old-password', 'new-password-1');
    expect(message.ko).toContain('비밀번호를 바꿨습니다');
    expect(t.user.password_hash).toBe('hash:new-password-1');
    expect(t.sessions.map((s) => s.id)).toEqual(['b'.repeat(64)]);
    expect(t.forgotten).toEqual(['u1']);
  });

  it('lists sessions without their ids (a digest), marks the current one, revokes by the digest', async () => {
    const t = setup();
    const me = { userId: 'u1', sessionId: 'a'.repeat(64) };
    const listed = await t.service.sessions(me);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => s.current)).toEqual([false, true]);
    for (const s of listed) {
      expect(s.id).toMatch(/^[0-9a-f]{24}$/);
      expect('a'.repeat(64)).not.toContain(s.id);
    }
    await t.service.revokeSession('u1', listed[0]!.id);
    expect(t.sessions.map((s) => s.id)).toEqual(['a'.repeat(64)]);
    await expect(t.service.revokeSession('u1', listed[0]!.id)).rejects.toMatchObject({
      code: 'session_not_found',
    });
  });

  it('stops guessing the current password after the limit, with a Korean 429 message', async () => {
    const t = setup(2);
    const me = { userId: 'u1', sessionId: 'a'.repeat(64) };
    await expect(t.service.changePassword(me, 'x', 'new-password-1')).rejects.toMatchObject({
      code: 'wrong_current_password',
    });
    await expect(t.service.changePassword(me, 'y', 'new-password-1')).rejects.toMatchObject({
      code: 'wrong_current_password',
    });
    await expect(t.service.changePassword(me, 'old-password', 'new-password-1')).rejects.toMatchObject({
      code: 'too_many_attempts',
      kind: 'too_many',
      userMessage: { ko: '현재 비밀번호를 너무 많이 틀렸습니다. 15분 뒤에 다시 시도해주세요.' },
    });
    expect(t.user.password_hash).toBe('hash:old-password');
  });
});
