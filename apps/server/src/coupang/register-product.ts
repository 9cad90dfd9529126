import {
  type CoupangRegistration,
  type CoupangRegistrationAttempt,
  denialReasonsOf,
  isReviewOpen,
  payloadSkus,
  registrationStatusOf,
  type StoredProduct,
} from '@rr/domain';
import type { Message } from '../errors/app-error.ts';
import { CoupangApiError, type CoupangClient, type CoupangCredentials } from './coupang-client.ts';
import { inflowOverMessage, COUPANG_MESSAGES as M } from './coupang-messages.ts';

// Issue 23's core, written against narrow dependencies (not the container) so that the workflow task
// and the approval sync wire them from whatever reads and writes products: registration sends the
// registration document's Rocket Growth payload (built and pre-flighted by the export code), creates
// the seller product once (a create whose outcome is unknown is looked up by its external SKU before
// a second try) or updates the same seller product on a re-send; the sync reads Coupang's status and,
// on a denial, its reasons.

export type RegistrationLog = { warn: (obj: object, msg?: string) => void };

export type BuiltPayload =
  | { readonly ok: true; readonly payload: Record<string, unknown> }
  | { readonly ok: false; readonly message: Message };

export type RegistrationDeps = {
  /** The product as stored, or undefined when it is gone. */
  readProduct(): Promise<{ readonly doc: StoredProduct } | undefined>;
  /** Writes the product's coupangRegistration (the whole value). */
  writeRegistration(registration: CoupangRegistration): Promise<void>;
  /** The company's vendor id and opened keys; null when not saved. */
  credentials(): Promise<CoupangCredentials | null>;
  /** The creation payload of the product's registration document, only when the pre-flight passes. */
  buildPayload(): Promise<BuiltPayload>;
  readonly client: CoupangClient;
  /** Issue 42: holds the product's registration slot before a create (null when held, else why not). */
  reserveSlot?(): Promise<Message | null>;
  /** Gives the slot back: Coupang refused the create, nothing was registered. */
  releaseSlot?(): Promise<void>;
  now(): Date;
  readonly log: RegistrationLog;
  /** Waits (the SKU look-up's lag); tests pass a fake. */
  sleep?(ms: number): Promise<void>;
  /** How long after a create Coupang's SKU look-up can be trusted (about a minute, documented). */
  readonly skuLookupLagMs?: number;
};

export type RegistrationResult =
  | { readonly ok: true; readonly registration: CoupangRegistration }
  | {
      readonly ok: false;
      readonly message: Message;
      readonly registration?: CoupangRegistration | undefined;
    };

const EMPTY: CoupangRegistration = {
  status: 'requested',
  sellerProductId: null,
  statusName: '',
  reasons: [],
  requestedAt: null,
  checkedAt: null,
  attempts: [],
};

/** Coupang shows a newly created product to the SKU look-up only after about a minute (its documentation). */
export const SKU_LOOKUP_LAG_MS = 70_000;

/**
 * Sends the product to Coupang: a create the first time, an update of the same seller product after.
 * A create happens once, crashes included: its intent is written before it is sent, and an intent
 * left unsettled (the process died, the answer was lost or unreadable) is resolved by Coupang's SKU
 * look-up, after the look-up's lag, before anything else is sent.
 */
export async function registerProduct(deps: RegistrationDeps, round = 0): Promise<RegistrationResult> {
  const product = await deps.readProduct();
  if (!product) return { ok: false, message: { ko: '상품을 찾을 수 없습니다.', en: 'Product not found.' } };
  const at = deps.now();
  const stored = product.doc.coupangRegistration;
  const previous: CoupangRegistration = stored ? { ...stored, attempts: stored.attempts ?? [] } : EMPTY;
  // Not sent: recorded with why, so the product page can say it (a product never sent is "failed").
  const refuse = async (
    message: Message,
    base = product.doc.coupangRegistration,
  ): Promise<RegistrationResult> => {
    const registration: CoupangRegistration = {
      ...(base ?? { ...EMPTY, status: 'failed' }),
      attempts: base?.attempts ?? [],
      refusal: { at: at.toISOString(), message: message.ko },
    };
    await deps.writeRegistration(registration);
    return { ok: false, message, registration };
  };
  const creds = await deps.credentials();
  if (!creds) return refuse(M.keysMissing);

  // 1. An unsettled create (an intent never settled, or an answer lost) is resolved first.
  let registration = previous;
  let sellerProductId = previous.sellerProductId;
  const unsettled = sellerProductId ? undefined : lastUnsettledCreate(previous);
  if (unsettled) {
    const resolved = await resolveUnsettled(deps, creds, previous, unsettled);
    if (!resolved.ok) return refuse(resolved.message);
    registration = resolved.registration;
    sellerProductId = registration.sellerProductId;
    // The lost create did happen: recorded as made, nothing is sent again (a later send updates it).
    if (sellerProductId) {
      const made: CoupangRegistration = { ...registration, refusal: null };
      await deps.writeRegistration(made);
      return { ok: true, registration: made };
    }
  }

  const built = await deps.buildPayload();
  if (!built.ok) return refuse(built.message, registration === EMPTY ? undefined : registration);
  // Sent for review (requested: true), not kept as a draft.
  const payload = { ...built.payload, vendorId: creds.vendorId, requested: true };

  if (sellerProductId) return sendUpdate(deps, creds, registration, sellerProductId, payload, at);

  // 2. Before a create: the account may register (inflow-status), and one more fits.
  const inflow = await inflowProblem(deps, creds, 1);
  if (inflow) return refuse(inflow, registration === EMPTY ? undefined : registration);
  // The subscription's registration slots (a product's own slot is held once, re-sends reuse it).
  const slotProblem = (await deps.reserveSlot?.()) ?? null;
  if (slotProblem) return refuse(slotProblem, registration === EMPTY ? undefined : registration);

  // 3. The intent, written before the create is sent; then the create.
  const { settled, outcomeUnknown } = await sendCreate(deps, creds, registration, payload, at);
  // A lost answer is resolved now (the look-up after its lag), once: the run does not give up on it.
  if (outcomeUnknown && round === 0 && deps.sleep) return registerProduct(deps, 1);
  return settled;
}

/** An update of the seller product Coupang has (its item ids kept), settled as an attempt. */
async function sendUpdate(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  registration: CoupangRegistration,
  sellerProductId: string,
  payload: Record<string, unknown>,
  at: Date,
): Promise<RegistrationResult> {
  let attempt: CoupangRegistrationAttempt;
  let failure: Message | null = null;
  try {
    await deps.client.updateProduct(creds, await withItemIds(deps, creds, sellerProductId, payload));
    attempt = { kind: 'update', at: at.toISOString(), ok: true, sellerProductId, message: null };
  } catch (e) {
    ({ attempt, message: failure } = failedAttempt('update', at, sellerProductId, e));
  }
  return settle(deps, registration, attempt, failure, at);
}

/**
 * A create: its intent written before it is sent, then the outcome settled in its place. An answer
 * lost on the way (`outcomeUnknown`) stays unsettled for the SKU look-up; a sure refusal gives the
 * registration slot back.
 */
async function sendCreate(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  registration: CoupangRegistration,
  payload: Record<string, unknown>,
  at: Date,
): Promise<{ settled: RegistrationResult; outcomeUnknown: boolean }> {
  const sku = payloadSkus(payload)[0] ?? null;
  const intent: CoupangRegistrationAttempt = {
    kind: 'create',
    at: at.toISOString(),
    ok: false,
    sellerProductId: null,
    message: null,
    pending: true,
    ...(sku ? { sku } : {}),
  };
  const withIntent: CoupangRegistration = {
    ...registration,
    refusal: null,
    attempts: [...(registration.attempts ?? []), intent],
  };
  await deps.writeRegistration(withIntent);

  let attempt: CoupangRegistrationAttempt;
  let failure: Message | null = null;
  try {
    const id = await deps.client.createProduct(creds, payload);
    attempt = { kind: 'create', at: at.toISOString(), ok: true, sellerProductId: id, message: null };
  } catch (e) {
    if (e instanceof CoupangApiError && e.outcomeUnknown) {
      deps.log.warn(
        { code: e.code, sku },
        'Coupang create outcome unknown; it is looked up by its SKU before any other send',
      );
      // Left unsettled on purpose (outcomeUnknown): the next attempt looks it up after the lag.
      attempt = { ...intent, pending: false, outcomeUnknown: true, message: M.outcomeUnknown.ko };
      failure = M.outcomeUnknown;
    } else {
      ({ attempt, message: failure } = failedAttempt('create', at, null, e));
      // Refused for sure: nothing was registered, the slot is free again.
      await deps.releaseSlot?.();
    }
  }
  const settled = await settle(deps, withIntent, attempt, failure, at, true);
  return { settled, outcomeUnknown: attempt.outcomeUnknown === true };
}

/** Writes the attempt's outcome (replacing the intent when `replaceLast`). */
async function settle(
  deps: RegistrationDeps,
  base: CoupangRegistration,
  attempt: CoupangRegistrationAttempt,
  failure: Message | null,
  at: Date,
  replaceLast = false,
): Promise<RegistrationResult> {
  const attempts = [...(base.attempts ?? [])];
  if (replaceLast) attempts.pop();
  attempts.push(attempt);
  const registration: CoupangRegistration = attempt.ok
    ? {
        ...base,
        refusal: null,
        status: 'requested',
        sellerProductId: attempt.sellerProductId,
        statusName: '',
        reasons: [],
        requestedAt: at.toISOString(),
        checkedAt: null,
        attempts,
      }
    : {
        ...base,
        refusal: null,
        // A refused update leaves the seller product as Coupang has it; a refused create has none.
        status: 'failed',
        attempts,
      };
  await deps.writeRegistration(registration);
  if (attempt.ok) return { ok: true, registration };
  return { ok: false, message: failure ?? M.unreachable, registration };
}

/** The newest create attempt when it was never settled: its intent is pending or its answer was lost. */
function lastUnsettledCreate(registration: {
  attempts?: readonly CoupangRegistrationAttempt[] | undefined;
}): CoupangRegistrationAttempt | undefined {
  const creates = (registration.attempts ?? []).filter((a) => a.kind === 'create');
  const last = creates[creates.length - 1];
  return last && !last.ok && (last.pending || last.outcomeUnknown) ? last : undefined;
}

/**
 * Resolves a create that may or may not have happened: waits for the SKU look-up's lag, then asks
 * Coupang by the external SKU. Found: the seller product is recorded (nothing is created again). Not
 * found after the lag: it was not created, and the caller may create it.
 */
async function resolveUnsettled(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  registration: CoupangRegistration,
  unsettled: CoupangRegistrationAttempt,
): Promise<{ ok: true; registration: CoupangRegistration } | { ok: false; message: Message }> {
  const lag = deps.skuLookupLagMs ?? SKU_LOOKUP_LAG_MS;
  const age = deps.now().getTime() - new Date(unsettled.at).getTime();
  if (age < lag) {
    const wait = lag - age;
    // A run waits for the lag (at most its length); nothing is sent meanwhile.
    if (!deps.sleep || wait > lag) return { ok: false, message: M.waitForLookup };
    await deps.sleep(wait);
  }
  const sku = unsettled.sku;
  if (!sku) return { ok: false, message: M.waitForLookup };
  const found = await deps.client.findByExternalSku(creds, sku);
  const attempts = (registration.attempts ?? []).filter((a) => a !== unsettled);
  const at = deps.now().toISOString();
  if (found[0])
    return {
      ok: true,
      registration: {
        ...registration,
        status: 'requested',
        sellerProductId: found[0].sellerProductId,
        requestedAt: unsettled.at,
        attempts: [
          ...attempts,
          {
            kind: 'create',
            at: unsettled.at,
            ok: true,
            sellerProductId: found[0].sellerProductId,
            message: null,
            sku,
          },
        ],
      },
    };
  return {
    ok: true,
    registration: {
      ...registration,
      attempts: [
        ...attempts,
        {
          kind: 'create',
          at: unsettled.at,
          ok: false,
          sellerProductId: null,
          message: `${M.notCreated.ko} (${at})`,
          sku,
        },
      ],
    },
  };
}

/** What inflow-status says against sending `count` more products, or null when they fit. */
async function inflowProblem(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  count: number,
): Promise<Message | null> {
  const status = await deps.client.inflowStatus(creds);
  if (status.restricted) return M.inflowRestricted;
  const left = status.permittedCount - status.registeredCount;
  return left < count ? inflowOverMessage(count, Math.max(0, left)) : null;
}

/**
 * The update body: the same seller product, each known item with its ids where the layout puts them
 * (inside rocketGrowthItemData / marketplaceItemData for the new schema, on the item for the flat one).
 */
async function withItemIds(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  sellerProductId: string,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const current = await deps.client.getProduct(creds, sellerProductId);
  const bySku = new Map(current.items.map((i) => [i.externalVendorSku, i]));
  const id = (v: string) => Number(v) || v;
  const items = (Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : []).map(
    (item) => {
      const known = bySku.get(payloadSkus({ items: [item] })[0] ?? '');
      if (!known) return item;
      const rg = item.rocketGrowthItemData as Record<string, unknown> | null | undefined;
      const mp = item.marketplaceItemData as Record<string, unknown> | null | undefined;
      if (rg || mp)
        return {
          ...item,
          ...(rg && known.rocketGrowthItemId
            ? {
                rocketGrowthItemData: {
                  sellerProductItemId: id(known.rocketGrowthItemId),
                  ...(known.rocketGrowthVendorItemId
                    ? { vendorItemId: id(known.rocketGrowthVendorItemId) }
                    : {}),
                  ...rg,
                },
              }
            : {}),
          ...(mp && known.marketplaceItemId
            ? {
                marketplaceItemData: {
                  sellerProductItemId: id(known.marketplaceItemId),
                  ...(known.marketplaceVendorItemId
                    ? { vendorItemId: id(known.marketplaceVendorItemId) }
                    : {}),
                  ...mp,
                },
              }
            : {}),
        };
      return known.sellerProductItemId
        ? { sellerProductItemId: id(known.sellerProductItemId), ...item }
        : item;
    },
  );
  return { ...payload, sellerProductId: id(sellerProductId), items };
}

/** A failed sending as recorded (Coupang's own text when it gave one); anything else is not ours to keep. */
function failedAttempt(
  kind: 'create' | 'update',
  at: Date,
  sellerProductId: string | null,
  e: unknown,
): { attempt: CoupangRegistrationAttempt; message: Message } {
  if (!(e instanceof CoupangApiError)) throw e;
  return {
    attempt: {
      kind,
      at: at.toISOString(),
      ok: false,
      sellerProductId,
      message: e.coupangMessage ?? e.userMessage.ko,
    },
    message: e.userMessage,
  };
}

export type SyncDeps = Pick<
  RegistrationDeps,
  'readProduct' | 'writeRegistration' | 'credentials' | 'client' | 'now'
>;

/**
 * Asks Coupang for the product's review status (only while the review is open, unless `force`) and
 * records it; a denial brings its reasons from the status history. Answers the registration as
 * written, or null when there is nothing to ask about.
 */
export async function syncRegistration(deps: SyncDeps, force = false): Promise<CoupangRegistration | null> {
  const product = await deps.readProduct();
  const current = product?.doc.coupangRegistration;
  if (!current?.sellerProductId) return null;
  if (!force && !isReviewOpen(current.status)) return null;
  const creds = await deps.credentials();
  if (!creds) return null;
  const read = await deps.client.getProduct(creds, current.sellerProductId);
  let status = registrationStatusOf(read.statusName);
  let statusName = read.statusName;
  // Sent with requested: true but left in 임시저장: the approval request is made (only possible from
  // 임시저장, business FAQ).
  if (read.statusName.replace(/\s+/g, '') === '임시저장' && current.requestedAt) {
    await deps.client.requestApproval(creds, current.sellerProductId);
    status = 'in_review';
    statusName = '심사중';
  }
  const reasons =
    status === 'denied'
      ? denialReasonsOf(await deps.client.productHistories(creds, current.sellerProductId))
      : [];
  const next: CoupangRegistration = {
    ...current,
    attempts: current.attempts ?? [],
    status,
    statusName,
    reasons,
    checkedAt: deps.now().toISOString(),
  };
  await deps.writeRegistration(next);
  return next;
}
