import { z } from 'zod';
import { DateLike } from './common.ts';

// Issue 23: what the product knows of its registration on Coupang through the Open API.

export const COUPANG_REGISTRATION_STATUSES = [
  'requested',
  'in_review',
  'approved',
  'partially_approved',
  'denied',
  'failed',
  /** Issue 37: a status name we do not know; shown as Coupang sent it, not asked about again. */
  'unknown',
] as const;
export const CoupangRegistrationStatus = z.enum(COUPANG_REGISTRATION_STATUSES);
export type CoupangRegistrationStatus = z.infer<typeof CoupangRegistrationStatus>;

/** The part of the product a denial reason concerns, when it can be told from its text. */
export const COUPANG_REASON_FIELDS = ['image', 'name', 'notice', 'certification', 'price'] as const;
export const CoupangReasonField = z.enum(COUPANG_REASON_FIELDS);
export type CoupangReasonField = z.infer<typeof CoupangReasonField>;

/** One of Coupang's reasons (its text as it came) and the field it was mapped to, or null. */
export const CoupangReason = z.looseObject({
  text: z.string(),
  field: CoupangReasonField.nullable(),
});
export type CoupangReason = z.infer<typeof CoupangReason>;

/** One sending to Coupang: a create, or an update of the same seller product after a fix. */
export const CoupangRegistrationAttempt = z.looseObject({
  kind: z.enum(['create', 'update']),
  at: DateLike,
  ok: z.boolean(),
  sellerProductId: z.string().nullable(),
  /** Coupang's own message when it refused, or what went wrong on the way. */
  message: z.string().nullable(),
  /** A create whose answer was lost and which Coupang's SKU look-up did not (yet) show: it may exist. */
  outcomeUnknown: z.boolean().optional(),
  /**
   * Issue 37: written before the create is sent (the intent) and settled after. One still pending on
   * the next attempt means the process died while Coupang may have created it: it is looked up by its
   * external SKU before anything else is sent.
   */
  pending: z.boolean().optional(),
  /** The external SKU the intent is looked up by. */
  sku: z.string().optional(),
});
export type CoupangRegistrationAttempt = z.infer<typeof CoupangRegistrationAttempt>;

export const CoupangRegistration = z.looseObject({
  status: CoupangRegistrationStatus,
  sellerProductId: z.string().nullable(),
  /** Coupang's own status name (심사중, 승인완료, 승인반려, …); empty before the first check. */
  statusName: z.string(),
  reasons: z.array(CoupangReason),
  requestedAt: DateLike.nullable(),
  checkedAt: DateLike.nullable(),
  attempts: z.array(CoupangRegistrationAttempt).default([]),
  /**
   * The last time the register task did not send the product (the pre-flight stopped it, no keys, the
   * images not public, Coupang not ready to be asked), with why; null once a sending went out.
   */
  refusal: z.looseObject({ at: DateLike, message: z.string() }).nullable().optional(),
});
export type CoupangRegistration = z.infer<typeof CoupangRegistration>;
