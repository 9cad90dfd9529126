import type { CompanyUserView, InvitationView, UserInfo } from '@rr/contracts';
import { USER_MANAGEMENT_FLAG } from '@rr/domain';
import { hashToken, newToken } from '../auth/tokens.ts';
import { AppError, type Message } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { USER_MESSAGES as M } from './user-messages.ts';
import type { CompanyUserRow, InvitationRow, UserRepository } from './user-repository.ts';

/** An invitation link works this long. */
export const INVITATION_DAYS = 7;
/** Open invitations a company may have at once. */
export const MAX_OPEN_INVITATIONS = 50;
/** Users one list answers (a company is a team, not a crowd). */
export const MAX_LISTED_USERS = 500;

/** Who acts: the signed-in user of the request. */
export type Actor = { userId: string; companyId: string; auth: Readonly<Record<string, boolean>> };
export type ClientInfo = { ip: string | null; userAgent: string | null };

export type UserServiceDeps = {
  repository: Pick<
    UserRepository,
    | 'listUsers'
    | 'findUser'
    | 'updateUser'
    | 'emailTaken'
    | 'openInvitations'
    | 'insertInvitation'
    | 'findInvitation'
    | 'acceptInvitation'
  >;
  mailer: Pick<Mailer, 'send'>;
  /** The session cache of the auth service: a user's changed flags or activity are read again at once. */
  sessions: { forgetUser(userId: string): void };
  /** Signs the new user in (the auth service's login: access history, session). */
  signIn(input: { email: string; password: string }, client: ClientInfo): Promise<{ token: string }>;
  userInfo(userId: string): Promise<UserInfo>;
  hashPassword(password: string): Promise<string>;
  clock: { now(): number };
  log: Pick<Log, 'info'>;
  /** The origin of the links in mails (PUBLIC_URL), never a request header. */
  appOrigin: string;
};

const fail = (code: string, kind: ConstructorParameters<typeof AppError>[1], message: Message) =>
  new AppError(code, kind, message);

/** Only the flags set to true are kept: a user's flags are the ones they hold. */
const held = (flags: Readonly<Record<string, boolean>>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(flags).filter(([, on]) => on === true));

function userView(row: CompanyUserRow): CompanyUserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    flags: held(row.auth),
    active: row.active,
    owner: row.owner,
    createdAt: row.createdAt.toISOString(),
  };
}

function invitationView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    flags: held(row.auth),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * A company's users (issue 42): the owner and users holding `manageUsers` invite staff with their
 * flags, change flags, deactivate and reactivate. A manager who is not the owner gives only flags they
 * hold themselves; nobody changes the owner. A change is seen on the user's next request (the session
 * cache forgets them; a deactivation also deletes their sessions, and their tokens stop with it).
 */
export function createUserService(deps: UserServiceDeps) {
  const { repository: repo } = deps;
  const now = () => new Date(deps.clock.now());

  /** The actor as stored (flags read now, not from the session), who must be an active manager. */
  async function manager(actor: Actor): Promise<CompanyUserRow> {
    const me = await repo.findUser(actor.companyId, actor.userId);
    if (!me?.active || (!me.owner && me.auth[USER_MANAGEMENT_FLAG] !== true))
      throw fail('user_management_denied', 'forbidden', M.noManagement);
    return me;
  }

  /** A manager who is not the owner cannot hand out a flag they do not hold. */
  function checkGrantable(me: CompanyUserRow, given: Record<string, boolean>, had: Record<string, boolean>) {
    if (me.owner) return;
    const beyond = Object.keys(given).filter((flag) => !had[flag] && me.auth[flag] !== true);
    if (beyond.length > 0) throw fail('flag_not_held', 'forbidden', M.notYours(beyond));
  }

  return {
    async list(actor: Actor): Promise<{ users: CompanyUserView[]; invitations: InvitationView[] }> {
      await manager(actor);
      const [users, invitations] = await Promise.all([
        repo.listUsers(actor.companyId, MAX_LISTED_USERS),
        repo.openInvitations(actor.companyId, now(), MAX_OPEN_INVITATIONS),
      ]);
      return { users: users.map(userView), invitations: invitations.map(invitationView) };
    },

    async invite(
      actor: Actor,
      input: { email: string; name: string; flags: Record<string, boolean> },
    ): Promise<{ invitation: InvitationView; message: Message }> {
      const me = await manager(actor);
      const email = input.email.trim().toLowerCase();
      const flags = held(input.flags);
      checkGrantable(me, flags, {});
      if (await repo.emailTaken(email)) throw fail('email_taken', 'conflict', M.emailTaken);
      const { token, hash } = newToken();
      const at = now();
      const row = await repo.insertInvitation(
        {
          companyId: actor.companyId,
          email,
          name: input.name.trim(),
          auth: flags,
          tokenHash: hash,
          invitedBy: me.id,
          expiresAt: new Date(at.getTime() + INVITATION_DAYS * 86_400_000),
        },
        at,
        MAX_OPEN_INVITATIONS,
      );
      if (!row) throw fail('too_many_invitations', 'too_many', M.tooManyInvitations(MAX_OPEN_INVITATIONS));
      const link = `${deps.appOrigin}/auth/invitation/${token}`;
      await deps.mailer.send({
        companyId: actor.companyId,
        to: email,
        subject: '[로켓등록] 팀 초대',
        text:
          `${me.name}님이 ${input.name.trim()}님을 로켓등록 팀에 초대했습니다.\n` +
          `아래 링크에서 ${INVITATION_DAYS}일 안에 비밀번호를 정하고 가입하세요.\n${link}`,
      });
      deps.log.info({ companyId: actor.companyId, invitation: row.id }, 'user invited');
      return { invitation: invitationView(row), message: M.invited(email) };
    },

    async update(
      actor: Actor,
      userId: string,
      change: { flags?: Record<string, boolean> | undefined; active?: boolean | undefined },
    ): Promise<{ user: CompanyUserView; message: Message }> {
      const me = await manager(actor);
      const target = await repo.findUser(actor.companyId, userId);
      if (!target) throw fail('user_not_found', 'not_found', M.userNotFound);
      if (target.owner) throw fail('owner_fixed', 'forbidden', M.ownerFixed);
      if (change.active === false && target.id === me.id)
        throw fail('self_deactivate', 'invalid', M.selfDeactivate);
      const wasActive = target.active;
      const flags = change.flags === undefined ? undefined : held(change.flags);
      if (flags) checkGrantable(me, flags, held(target.auth));
      const updated = await repo.updateUser(actor.companyId, userId, {
        ...(flags ? { auth: flags } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
      });
      if (!updated) throw fail('user_not_found', 'not_found', M.userNotFound);
      deps.sessions.forgetUser(userId);
      const message =
        change.active === false
          ? M.deactivated
          : change.active === true && !wasActive
            ? M.reactivated
            : M.updated;
      return { user: userView(updated), message };
    },

    /** What the invitation page shows: to whom, from which company, until when. */
    async invitation(token: string) {
      const found = await repo.findInvitation(hashToken(token), now());
      if (!found) throw fail('invitation_invalid', 'not_found', M.invitationInvalid);
      return {
        email: found.email,
        name: found.name,
        companyName: found.companyName,
        expiresAt: found.expiresAt.toISOString(),
      };
    },

    /** The staff member's sign-up through the link: a user of the company with the invitation's flags. */
    async accept(
      input: { token: string; name: string; password: string },
      client: ClientInfo,
    ): Promise<{ token: string; userinfo: UserInfo }> {
      if (input.password.length < 8) throw fail('weak_password', 'invalid', M.passwordRule);
      const tokenHash = hashToken(input.token);
      // The link is checked before the (deliberately slow) password hash: a wrong link costs nothing.
      if (!(await repo.findInvitation(tokenHash, now())))
        throw fail('invitation_invalid', 'invalid', M.invitationInvalid);
      const made = await repo.acceptInvitation(
        tokenHash,
        { name: input.name.trim(), passwordHash: await deps.hashPassword(input.password) },
        now(),
      );
      if (made === 'invalid') throw fail('invitation_invalid', 'invalid', M.invitationInvalid);
      if (made === 'email_taken') throw fail('email_taken', 'conflict', M.emailTaken);
      const { token } = await deps.signIn({ email: made.email, password: input.password }, client);
      return { token, userinfo: await deps.userInfo(made.userId) };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
