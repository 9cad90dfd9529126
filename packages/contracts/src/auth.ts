import { z } from 'zod';

// The session calls' answers (spec §3 User, §7 loginstatus; the auth routes in
// apps/server/src/http/routes/auth.ts). Dates are ISO strings.

const Email = z.string().trim().email().max(200);
const Password = z.string().min(1).max(200);

/** POST /api/auth/signup: a new company and its first user (the password rule is the server's: 400). */
export const SignUpRequest = z.object({
  companyName: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  email: Email,
  password: Password,
});
export type SignUpRequest = z.input<typeof SignUpRequest>;

/** POST /api/auth/login */
export const LoginRequest = z.object({ email: Email, password: Password });
export type LoginRequest = z.input<typeof LoginRequest>;

/** POST /api/auth/unlock: the locked screen's password. */
export const UnlockRequest = z.object({ password: Password });
export type UnlockRequest = z.input<typeof UnlockRequest>;

/** POST /api/auth/forgot-password: the reset link goes to this account's outbox. */
export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** POST /api/auth/reset-password: the link's token and the new password. */
export const ResetPasswordRequest = z.object({ token: z.string().min(10).max(200), password: Password });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** Spec §3 User, as /api/loginstatus and /api/auth/login answer it. */
export const UserInfo = z.object({
  _id: z.string(),
  regdate: z.string().nullable(),
  name: z.string(),
  companyid: z.string(),
  companyName: z.string().nullish(),
  email: z.string(),
  phone: z.string().nullable(),
  suppliercode: z.string().nullable(),
  accesshistory: z.array(z.object({ event: z.string(), ip: z.string().nullable(), at: z.string() })),
  /** The §6 screen flags as stored. */
  auth: z.partialRecord(z.string(), z.boolean()),
  grade: z.string(),
  expireDate: z.string().nullable(),
  paydate: z.string().nullable(),
  nextpayment: z.string().nullable(),
  addAccount: z.boolean(),
  version: z.number(),
  rocketRegSlot: z.number(),
  image: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** POST /api/loginstatus: `Login success` with the user, or the reason there is none. */
export const LoginStatusResponse = z.object({
  loginstatus: z.string(),
  userinfo: UserInfo.optional(),
  dbs: z.array(z.unknown()).optional(),
  demo: z.boolean().optional(),
  locked: z.boolean().optional(),
});
export type LoginStatusResponse = z.infer<typeof LoginStatusResponse>;

/** POST /api/auth/login and /api/auth/signup. */
export const AuthResponse = z.object({ res: z.literal('success'), userinfo: UserInfo });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** logout, lock, unlock, forgot-password, reset-password. */
export const AuthMessageResponse = z.object({ res: z.literal('success'), message: z.string().optional() });
export type AuthMessageResponse = z.infer<typeof AuthMessageResponse>;

/** GET /api/auth/demo: the demo account's sign-in, on a demo server only. */
export const DemoAccountResponse = z.object({
  demo: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type DemoAccountResponse = z.infer<typeof DemoAccountResponse>;
