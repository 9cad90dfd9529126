import { z } from 'zod';
import { DateLike } from './common.ts';

// User (W §3) and category list data.

export const UserAuth = z.record(z.string(), z.boolean());
export type UserAuth = z.infer<typeof UserAuth>;

export const User = z.looseObject({
  _id: z.string(),
  regdate: DateLike.optional(),
  name: z.string().default(''),
  companyid: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  suppliercode: z.string().default(''),
  accesshistory: z.array(z.unknown()).default([]),
  auth: UserAuth.default({}),
  grade: z.string().default(''),
  expireDate: DateLike.nullish(),
  paydate: DateLike.nullish(),
  nextpayment: DateLike.nullish(),
  addAccount: z.boolean().default(false),
  version: z.union([z.string(), z.number()]).optional(),
  rocketRegSlot: z.number().int().default(0),
  image: z.string().default(''),
});
export type User = z.infer<typeof User>;

export const CategoryList = z.looseObject({
  date: DateLike,
  category: z.array(z.unknown()),
});
export type CategoryList = z.infer<typeof CategoryList>;
