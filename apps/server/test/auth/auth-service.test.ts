import { describe, expect, it } from 'vitest';
import { createAccountService } from '../../src/auth/account-service.ts';
import type { AccessEvent, AuthRepository, SessionRow } from '../../src/auth/auth-repository.ts';
import { createAuthService, SESSION_CACHE_MS } from '../../src/auth/auth-service.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { DEMO_EMAIL } from '../../src/db/seed-demo.ts';
import { AppError } from '../../src/errors/app-error.ts';
import type { CounterStore } from '../../src/limits/counter-store.ts';

// The auth service (and the account routes' limits over it) on a fake repository and counters in
// memory: what it decides. The SQL (the unique email under two sign-ups at once, the reset's
// transaction) and the routes (cookies, status codes) are tested on PostgreSQL in auth.pg.test.ts.

type User = {
  id: string;
  company_id: string;
  email: string;
  name: string;
  password_hash: string;
  auth: Record<string, boolean>;
};
type Reset = { tokenHash: string; userId: string; expiresAt: Date; usedAt: Date | null };

function fakeRepository() {
  const users: User[] = [];
  const companies = new Map<string, { name: string; supplierCode: string }>();
  const sessions = new Map<string, { userId: string; companyId: string; expiresAt: Date; locked: boolean }>();
  const access: (AccessEvent & { at: Date })[] = [];
  const resets: Reset[] = [];
  const outbox: { companyId: string; to: string; subject: string; body: string }[] = [];
  const reads = { findSession: 0 };
  let next = 0;
  const byEmail = (email: string) => users.find((u) => u.email === email.toLowerCase());
  const repository: AuthRepository = {
    async findUserByEmail(email) {
      const u = byEmail(email);
      return u && { id: u.id, company_id: u.company_id, password_hash: u.password_hash, active: true };
    },
    async insertCompanyWithUser(input) {
      if (byEmail(input.email)) return undefined;
      const companyId = `c${++next}`;
      companies.set(companyId, { name: input.companyName, supplierCode: input.supplierCode });
      const user: User = {
        id: `u${++next}`,
        company_id: companyId,
        email: input.email,
        name: input.name,
        password_hash: input.passwordHash,
        auth: input.auth,
      };
      users.push(user);
      return { id: user.id, company_id: companyId };
    },
    async recordAccess(entry) {
      access.push({ ...entry, email: entry.email.toLowerCase(), at: new Date() });
    },
    async insertSession(row) {
      sessions.set(row.id, { ...row, locked: false });
    },
    async deleteSession(id) {
      sessions.delete(id);
    },
    async findSession(id, now): Promise<SessionRow | undefined> {
      reads.findSession++;
      const s = sessions.get(id);
      const u = s && users.find((x) => x.id === s.userId);
      if (!s || !u || s.expiresAt <= now) return undefined;
      return {
        sessionId: id,
        locked: s.locked,
        userId: u.id,
        companyId: u.company_id,
        supplierCode: companies.get(u.company_id)!.supplierCode,
        email: u.email,
        auth: u.auth,
        addAccount: false,
      };
    },
    async setSessionLocked(id, locked) {
      const s = sessions.get(id);
      if (s) s.locked = locked;
    },
    async findPasswordHash(userId) {
      return users.find((u) => u.id === userId)?.password_hash;
    },
    async findUserWithCompany(userId) {
      const u = users.find((x) => x.id === userId);
      if (!u) throw new Error('no such user');
      const company = companies.get(u.company_id)!;
      return {
        ...u,
        phone: null,
        created_at: new Date(Date.UTC(2025, 0, 1)),
        grade: 'basic',
        expire_date: null,
        pay_date: null,
        next_payment: null,
        add_account: false,
        version: null,
        rocket_reg_slot: 0,
        image: null,
        supplier_code: company.supplierCode,
        company_name: company.name,
      } as unknown as Awaited<ReturnType<AuthRepository['findUserWithCompany']>>;
    },
    async signedInFrom(email, ip, since) {
      return access.some(
        (a) =>
          a.email === email.toLowerCase() &&
          a.ip === ip &&
          (a.event === 'login' || a.event === 'signup') &&
          a.at >= since,
      );
    },
    async accessHistory(userId, limit) {
      return access
        .filter((a) => a.userId === userId)
        .reverse()
        .slice(0, limit)
        .map((a) => ({ event: a.event, ip: a.ip, at: a.at }));
    },
    async insertPasswordReset(row) {
      resets.push({ ...row, usedAt: null });
    },
    async insertOutboxMail(mail) {
      outbox.push(mail);
    },
    async isResetUsable(tokenHash, now) {
      return resets.some((r) => r.tokenHash === tokenHash && r.usedAt === null && r.expiresAt > now);
    },
    async resetPassword(tokenHash, passwordHash, now) {
      const reset = resets.find((r) => r.tokenHash === tokenHash && r.usedAt === null && r.expiresAt > now);
      if (!reset) return undefined;
      reset.usedAt = now;
      const user = users.find((u) => u.id === reset.userId)!;
      user.password_hash = passwordHash;
      for (const [id, s] of sessions) if (s.userId === user.id) sessions.delete(id);
      for (let i = resets.length - 1; i >= 0; i--)
        if (resets[i]!.userId === user.id && resets[i]!.tokenHash !== tokenHash) resets.splice(i, 1);
      return { userId: user.id, email: user.email, companyId: user.company_id };
    },
  };
  return { repository, users, sessions, access, resets, outbox, reads };
}

/** Fixed-window counters in memory (the CounterStore contract of limits/counter-store.ts). */
function memoryCounters(now: () => number): CounterStore {
  const windows = new Map<string, { hits: number; until: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && w.until > now() ? w : undefined;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key) ?? { hits: 0, until: now() + windowMs };
      w.hits++;
      windows.set(key, w);
      return { hits: w.hits, msLeft: w.until - now() };
    },
    async peek(key) {
      return live(key)?.hits ?? 0;
    },
    async release(key) {
      const w = live(key);
      if (w && w.hits > 0) w.hits--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const client = { ip: '10.0.0.1', userAgent: 'test' };
const quiet = { info: () => {} };
const signUpInput = (email: string, password = 'right-password') => ({
  companyName: ' 테스트 상점 ',
  name: ' 김판매 ',
  email,
  password,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('auth service (fake repository)', () => {
  it('signs up a company and its first user: lower-cased email, trimmed names, a session, the access recorded', async () => {
    const fake = fakeRepository();
    const auth = createAuthService(fake.repository, quiet);
    const { token, userId } = await auth.signUp(signUpInput('Kim@Example.com'), client);
    expect(fake.users).toHaveLength(1);
    expect(fake.users[0]).toMatchObject({ id: userId, email: 'kim@example.com', name: '김판매' });
    // The password is stored hashed, never as sent.
    expect(fake.users[0]!.password_hash).not.toContain('right-password');
    expect(fake.access.map((a) => a.event)).toEqual(['signup']);
    const session = await auth.findSession(token);
    expect(session).toMatchObject({ userId, email: 'kim@example.com' });
    // The session is stored under the token's hash, not the token itself.
    expect(fake.sessions.has(token)).toBe(false);
    expect(fake.sessions.has(hashToken(token))).toBe(true);
    const info = await auth.userInfo(userId);
    expect(info).toMatchObject({ companyName: '테스트 상점', email: 'kim@example.com' });
    expect(info.suppliercode).toMatch(/^C[0-9A-F]{8}$/);
  });

  it('refuses a short password and an email already taken (any case) with Korean messages, writing nothing', async () => {
    const fake = fakeRepository();
    const auth = createAuthService(fake.repository, quiet);
    const weak = await refusal(auth.signUp(signUpInput('a@example.com', 'short'), client));
    expect(weak.code).toBe('weak_password');
    expect(weak.userMessage.ko).toBe('비밀번호는 8자 이상이어야 합니다.');
    expect(fake.users).toHaveLength(0);
    await auth.signUp(signUpInput('a@example.com'), client);
    const taken = await refusal(auth.signUp(signUpInput('A@EXAMPLE.COM'), client));
    expect(taken.code).toBe('email_taken');
    expect(taken.userMessage.ko).toBe('이미 가입된 이메일입니다.');
    expect(fake.users).toHaveLength(1);
  });

  it('signs in with the right password; a wrong one or an unknown email is refused alike and recorded as failed', async () => {
    const fake = fakeRepository();
    const auth = createAuthService(fake.repository, quiet);
    const { userId } = await auth.signUp(signUpInput('lee@example.com'), client);
    const wrong = await refusal(auth.login({ email: 'lee@example.com', password: 'wrong-password' }, client));
    const unknown = await refusal(
      auth.login({ email: 'nobody@example.com', password: 'right-password' }, client),
    );
    for (const e of [wrong, unknown]) {
      expect(e.code).toBe('wrong_credentials');
      expect(e.kind).toBe('unauthorized');
      expect(e.userMessage.ko).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    }
    expect(fake.access.filter((a) => a.event === 'login_failed').map((a) => a.userId)).toEqual([
      userId,
      undefined,
    ]);
    const { token } = await auth.login({ email: ' LEE@example.com ', password: 'right-password' }, client);
    expect((await auth.findSession(token))?.userId).toBe(userId);
  });

  it('refuses the demo account while demo mode is off, and honours it in demo mode', async () => {
    const fake = fakeRepository();
    const demo = createAuthService(fake.repository, quiet, { demo: true });
    const { token } = await demo.signUp(signUpInput(DEMO_EMAIL, 'demo-password'), client);
    expect(await demo.findSession(token)).toBeDefined();
    const off = createAuthService(fake.repository, quiet, { demo: false });
    expect(await off.findSession(token)).toBeUndefined();
    const e = await refusal(off.login({ email: DEMO_EMAIL, password: 'demo-password' }, client));
    expect(e.code).toBe('wrong_credentials');
  });

  it('answers a session from memory within SESSION_CACHE_MS, and forgets it at once on sign-out and lock', async () => {
    const fake = fakeRepository();
    let clock = 1_000_000;
    const auth = createAuthService(fake.repository, quiet, { demo: false, now: () => clock });
    const { token } = await auth.signUp(signUpInput('cache@example.com'), client);
    const first = await auth.findSession(token);
    await auth.findSession(token);
    expect(fake.reads.findSession).toBe(1);
    clock += SESSION_CACHE_MS + 1;
    await auth.findSession(token);
    expect(fake.reads.findSession).toBe(2);
    await auth.setLocked(first!.sessionId, true);
    expect((await auth.findSession(token))?.locked).toBe(true);
    await auth.logout(token);
    expect(await auth.findSession(token)).toBeUndefined();
    expect(await auth.findSession('not-a-token')).toBeUndefined();
  });

  it('writes a reset link to the outbox only, never the log; the link sets the password once and ends the sessions', async () => {
    const fake = fakeRepository();
    const logged: unknown[] = [];
    const auth = createAuthService(fake.repository, { info: (obj, msg) => logged.push({ obj, msg }) });
    const { token: session } = await auth.signUp(signUpInput('reset@example.com'), client);
    await auth.requestPasswordReset('nobody@example.com', 'https://app.example', client);
    expect(fake.outbox).toHaveLength(0);
    await auth.requestPasswordReset('Reset@example.com', 'https://app.example', client);
    expect(fake.outbox).toHaveLength(1);
    const mail = fake.outbox[0]!;
    expect(mail.to).toBe('reset@example.com');
    expect(mail.subject).toBe('[로켓등록] 비밀번호 재설정');
    const link = /https:\/\/app\.example\/auth\/reset-password\/(\S+)/.exec(mail.body);
    expect(link).not.toBeNull();
    const resetToken = link![1]!;
    expect(JSON.stringify(logged)).not.toContain(resetToken);

    const weak = await refusal(auth.resetPassword(resetToken, 'short', client));
    expect(weak.code).toBe('weak_password');
    await expect(auth.resetPassword(resetToken, 'new-password-1', client)).resolves.toEqual({
      email: 'reset@example.com',
    });
    expect(await auth.findSession(session)).toBeUndefined();
    const reused = await refusal(auth.resetPassword(resetToken, 'new-password-2', client));
    expect(reused.code).toBe('reset_token_invalid');
    expect(reused.userMessage.ko).toBe(
      '재설정 링크가 유효하지 않거나 이미 사용되었습니다. 다시 요청해주세요.',
    );
    await refusal(auth.login({ email: 'reset@example.com', password: 'right-password' }, client));
    await expect(
      auth.login({ email: 'reset@example.com', password: 'new-password-1' }, client),
    ).resolves.toHaveProperty('token');
  });
});

describe('account service limits over the auth service (fake repository, counters in memory)', () => {
  function setup() {
    const fake = fakeRepository();
    const clock = { now: 1_000_000 };
    const auth = createAuthService(fake.repository, quiet, { demo: false, now: () => clock.now });
    const accounts = createAccountService(
      auth,
      memoryCounters(() => clock.now),
      {
        appOrigin: 'https://app.example',
      },
    );
    return { fake, accounts };
  }
  const from = (ip: string) => ({ ip, userAgent: 'test' });

  it('locks an account at one address after 10 failed sign-ins (429 in Korean); its owner still signs in elsewhere', async () => {
    const { accounts } = setup();
    await accounts.signUp(
      { companyName: '상점', name: '박', email: 'park@example.com', password: 'right-password' },
      from('10.0.0.50'),
    );
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const e = await refusal(
        accounts.login({ email: 'park@example.com', password: 'wrong-password' }, from('10.0.0.9')),
      );
      codes.push(e.code);
    }
    expect(codes.slice(0, 10).every((c) => c === 'wrong_credentials')).toBe(true);
    expect(codes[10]).toBe('too_many_attempts');
    const blocked = await refusal(
      accounts.login({ email: 'park@example.com', password: 'right-password' }, from('10.0.0.9')),
    );
    expect(blocked.code).toBe('too_many_attempts');
    expect(blocked.userMessage.ko).toBe('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
    const owner = await accounts.login(
      { email: 'park@example.com', password: 'right-password' },
      from('10.0.0.77'),
    );
    expect(owner.userinfo.email).toBe('park@example.com');
  });

  it('counts only failed sign-ins: a seller signing in many times from one address is never locked out', async () => {
    const { accounts } = setup();
    await accounts.signUp(
      { companyName: '상점', name: '최', email: 'choi@example.com', password: 'right-password' },
      from('10.0.0.8'),
    );
    for (let i = 0; i < 12; i++)
      await accounts.login({ email: 'choi@example.com', password: 'right-password' }, from('10.0.0.8'));
    const e = await refusal(
      accounts.login({ email: 'choi@example.com', password: 'wrong-password' }, from('10.0.0.8')),
    );
    expect(e.code).toBe('wrong_credentials');
  });

  it('a password reset unlocks the account at the address that was locked', async () => {
    const { accounts, fake } = setup();
    await accounts.signUp(
      { companyName: '상점', name: '정', email: 'jung@example.com', password: 'right-password' },
      from('10.0.0.50'),
    );
    for (let i = 0; i < 11; i++)
      await refusal(accounts.login({ email: 'jung@example.com', password: 'wrong' }, from('10.0.0.9')));
    await accounts.requestPasswordReset('jung@example.com', from('10.0.0.9'));
    const token = /reset-password\/(\S+)/.exec(fake.outbox[0]!.body)![1]!;
    await accounts.resetPassword({ token, password: 'new-password-1' }, from('10.0.0.9'));
    const again = await accounts.login(
      { email: 'jung@example.com', password: 'new-password-1' },
      from('10.0.0.9'),
    );
    expect(again.userinfo.email).toBe('jung@example.com');
  });
});
