import { z } from 'zod';

// The session calls' answers (spec §3 User, §7 loginstatus; the auth routes in
// apps/server/src/http/routes/auth.ts). Dates are ISO strings.

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
