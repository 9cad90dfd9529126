import { ASSIGNABLE_FLAGS } from '@rr/domain';
import { z } from 'zod';

// Issue 42: a company's users. The owner (and users holding `manageUsers`) invite staff by e-mail with
// their flags, change a user's flags, deactivate and reactivate them (apps/server/src/users/).

/** The flags a user may hold: the route table's (the domain's ASSIGNABLE_FLAGS); others are refused. */
export const UserFlag = z.string().refine((flag) => ASSIGNABLE_FLAGS.includes(flag), {
  message: '알 수 없는 권한입니다.',
});
/** A user's flags: at most one entry per known flag. */
export const UserFlags = z.record(UserFlag, z.boolean()).refine((flags) => Object.keys(flags).length <= 64);
export type UserFlags = z.infer<typeof UserFlags>;

/** POST /api/users/invitations */
export const InviteUserRequest = z.object({
  email: z.string().trim().email().max(200),
  name: z.string().trim().min(1).max(100),
  flags: UserFlags,
});
export type InviteUserRequest = z.input<typeof InviteUserRequest>;

/** A user of the company as the users screen lists them. */
export const CompanyUserView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  flags: z.record(z.string(), z.boolean()),
  active: z.boolean(),
  /** The company's first user: its flags and activity cannot be changed by anyone. */
  owner: z.boolean(),
  createdAt: z.string(),
});
export type CompanyUserView = z.infer<typeof CompanyUserView>;

/** An invitation not used yet. */
export const InvitationView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  flags: z.record(z.string(), z.boolean()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** GET /api/users: the company's users and its open invitations. */
export const ListUsersResponse = z.object({
  users: z.array(CompanyUserView),
  invitations: z.array(InvitationView),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;

export const InviteUserResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  invitation: InvitationView,
});
export type InviteUserResponse = z.infer<typeof InviteUserResponse>;

export const UserIdParams = z.object({ id: z.uuid() });

/** PATCH /api/users/:id: new flags (the whole set), or active on or off, or both. */
export const UpdateUserRequest = z
  .object({ flags: UserFlags.optional(), active: z.boolean().optional() })
  .refine((body) => body.flags !== undefined || body.active !== undefined, {
    message: '바꿀 권한(flags)이나 활성 여부(active)를 보내주세요.',
  });
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const UpdateUserResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  user: CompanyUserView,
});
export type UpdateUserResponse = z.infer<typeof UpdateUserResponse>;

export const InvitationTokenParams = z.object({ token: z.string().min(10).max(200) });

/** GET /api/auth/invitations/:token: what the invitation page shows before the staff member signs up. */
export const InvitationInfoResponse = z.object({
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  expiresAt: z.string(),
});
export type InvitationInfoResponse = z.infer<typeof InvitationInfoResponse>;

/** POST /api/auth/invitations/accept: the staff member's sign-up through the link. */
export const AcceptInvitationRequest = z.object({
  token: z.string().min(10).max(200),
  name: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequest>;

/** GET /api/demo/outbox: the mails the server wrote instead of sending them (demo mode only). */
export const OutboxMailView = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const OutboxResponse = z.object({ items: z.array(OutboxMailView) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;

// The signed-in user's own account (issue 42): name, password, sessions, the subscription shown.

/** GET /api/account */
export const AccountResponse = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyName: z.string(),
  owner: z.boolean(),
  subscription: z.object({
    grade: z.string(),
    expireDate: z.string().nullable(),
    paydate: z.string().nullable(),
    nextpayment: z.string().nullable(),
    rocketRegSlot: z.number(),
  }),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

/** PATCH /api/account: the user's own name and phone. */
export const UpdateAccountRequest = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    phone: z.string().trim().max(40).nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.phone !== undefined, {
    message: '바꿀 이름이나 전화번호를 보내주세요.',
  });
export type UpdateAccountRequest = z.input<typeof UpdateAccountRequest>;

/** POST /api/account/password: the current password, then the new one. */
export const ChangePasswordRequest = z.object({
  current: z.string().min(1).max(200),
  next: z.string().min(1).max(200),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** A signed-in browser of the user (never the session's token nor its hash). */
export const AccountSessionView = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** This request's own session. */
  current: z.boolean(),
});
export const AccountSessionsResponse = z.object({ items: z.array(AccountSessionView) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponse>;

export const AccountSessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) });

export const AccountMessageResponse = z.object({ res: z.literal('success'), message: z.string() });
export type AccountMessageResponse = z.infer<typeof AccountMessageResponse>;

// Notifications a user opts into (issue 42): by mail and in the app.

export const NOTIFICATION_KINDS = ['runFinished', 'coupangDecision'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

const Channels = z.object({ mail: z.boolean(), app: z.boolean() });
/** GET/PUT /api/notifications/prefs: each kind by mail and in the app. */
export const NotificationPrefs = z.object({ runFinished: Channels, coupangDecision: Channels });
export type NotificationPrefs = z.infer<typeof NotificationPrefs>;

export const NotificationView = z.object({
  id: z.string(),
  kind: NotificationKind,
  message: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof NotificationView>;

/** GET /api/notifications: the latest, newest first, and how many are unread. */
export const NotificationsResponse = z.object({ items: z.array(NotificationView), unread: z.number() });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
