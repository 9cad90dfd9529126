import { createHash } from 'node:crypto';
import type { AccountResponse } from '@rr/contracts';
import { AppError, type Message } from '../errors/app-error.ts';
import type { ProfileRepository } from './profile-repository.ts';

/** Sessions one list answers. */
export const MAX_LISTED_SESSIONS = 100;

const M = {
  noUser: { ko: '사용자를 찾을 수 없습니다.', en: 'No such user.' },
  saved: { ko: '계정 정보를 저장했습니다.', en: 'Your account was saved.' },
  passwordRule: {
    ko: '새 비밀번호는 8자 이상이어야 합니다.',
    en: 'The new password must be at least 8 characters.',
  },
  wrongCurrent: { ko: '현재 비밀번호가 올바르지 않습니다.', en: 'The current password is incorrect.' },
  tooMany: {
    ko: '현재 비밀번호를 너무 많이 틀렸습니다. 15분 뒤에 다시 시도해주세요.',
    en: 'Too many wrong current passwords. Try again in 15 minutes.',
  },
  passwordChanged: {
    ko: '비밀번호를 바꿨습니다. 다른 브라우저의 로그인은 모두 끝났습니다.',
    en: 'Your password was changed; every other signed-in browser was signed out.',
  },
  sessionEnded: { ko: '그 브라우저의 로그인을 끝냈습니다.', en: 'That browser was signed out.' },
  sessionNotFound: { ko: '그런 로그인이 없습니다.', en: 'No such sign-in.' },
} satisfies Record<string, Message>;

/** A session as the account page names it: not its id (a token's hash), a digest of it. */
const publicId = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex').slice(0, 24);

export type ProfileServiceDeps = {
  repository: Pick<ProfileRepository, 'find' | 'update' | 'setPassword' | 'sessions' | 'deleteSession'>;
  /** The auth service's session cache: the user's sessions are read again at once. */
  sessions: { forgetUser(userId: string): void };
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  clock: { now(): number };
  /**
   * Wrong current passwords per user (the container: the unlock screen's limit, 10 in 15 minutes):
   * `reserve` false when used up; `reset` after the right one. Without it there is no limit.
   */
  attempts?: { reserve(userId: string): Promise<boolean>; reset(userId: string): Promise<void> };
};

/**
 * The signed-in user's own account (issue 42): name and phone, the password (with the current one;
 * every other session ends), their signed-in browsers with revoke, and the subscription fields.
 */
export function createProfileService(deps: ProfileServiceDeps) {
  const { repository: repo } = deps;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    async view(userId: string): Promise<AccountResponse> {
      const u = await repo.find(userId);
      if (!u) throw new AppError('user_not_found', 'not_found', M.noUser);
      return {
        name: u.name,
        email: u.email,
        phone: u.phone,
        companyName: u.company_name,
        owner: u.owner,
        subscription: {
          grade: u.grade,
          expireDate: iso(u.expire_date),
          paydate: iso(u.pay_date),
          nextpayment: iso(u.next_payment),
          rocketRegSlot: u.rocket_reg_slot,
        },
      };
    },

    async update(userId: string, change: { name?: string | undefined; phone?: string | null | undefined }) {
      await repo.update(userId, {
        ...(change.name !== undefined ? { name: change.name.trim() } : {}),
        ...(change.phone !== undefined ? { phone: change.phone?.trim() || null } : {}),
      });
      return M.saved;
    },

    async changePassword(who: { userId: string; sessionId: string }, current: string, next: string) {
      if (next.length < 8) throw new AppError('weak_password', 'invalid', M.passwordRule);
      const u = await repo.find(who.userId);
      if (!u) throw new AppError('user_not_found', 'not_found', M.noUser);
      if (deps.attempts && !(await deps.attempts.reserve(who.userId)))
        throw new AppError('too_many_attempts', 'too_many', M.tooMany);
      if (!(await deps.verifyPassword(u.password_hash, current)))
        throw new AppError('wrong_current_password', 'invalid', M.wrongCurrent);
      await deps.attempts?.reset(who.userId);
      await repo.setPassword(who.userId, await deps.hashPassword(next), who.sessionId);
      deps.sessions.forgetUser(who.userId);
      return M.passwordChanged;
    },

    async sessions(who: { userId: string; sessionId: string }) {
      const rows = await repo.sessions(who.userId, new Date(deps.clock.now()), MAX_LISTED_SESSIONS);
      return rows.map((s) => ({
        id: publicId(s.id),
        createdAt: s.created_at.toISOString(),
        expiresAt: s.expires_at.toISOString(),
        current: s.id === who.sessionId,
      }));
    },

    async revokeSession(userId: string, id: string): Promise<Message> {
      const rows = await repo.sessions(userId, new Date(deps.clock.now()), MAX_LISTED_SESSIONS);
      const found = rows.find((s) => publicId(s.id) === id);
      if (!found || !(await repo.deleteSession(userId, found.id)))
        throw new AppError('session_not_found', 'not_found', M.sessionNotFound);
      deps.sessions.forgetUser(userId);
      return M.sessionEnded;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
