import {
  type CoupangRegistration,
  type CoupangRegistrationAttempt,
  denialReasonsOf,
  isReviewOpen,
  registrationStatusOf,
  type StoredProduct,
} from '@rr/domain';
import type { Message } from '../errors/app-error.ts';
import { CoupangApiError, type CoupangClient, type CoupangCredentials } from './coupang-client.ts';
import { COUPANG_MESSAGES as M } from './coupang-messages.ts';

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
  now(): Date;
  readonly log: RegistrationLog;
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

/** Sends the product to Coupang: a create the first time, an update of the same seller product after. */
export async function registerProduct(deps: RegistrationDeps): Promise<RegistrationResult> {
  const product = await deps.readProduct();
  if (!product) return { ok: false, message: { ko: '상품을 찾을 수 없습니다.', en: 'Product not found.' } };
  const at = deps.now();
  // Not sent: recorded with why, so the product page can say it (a product never sent is "failed").
  const refuse = async (message: Message): Promise<RegistrationResult> => {
    const before = product.doc.coupangRegistration;
    const registration: CoupangRegistration = {
      ...(before ?? { ...EMPTY, status: 'failed' }),
      attempts: before?.attempts ?? [],
      refusal: { at: at.toISOString(), message: message.ko },
    };
    await deps.writeRegistration(registration);
    return { ok: false, message, registration };
  };
  const creds = await deps.credentials();
  if (!creds) return refuse(M.keysMissing);
  const built = await deps.buildPayload();
  if (!built.ok) return refuse(built.message);
  // Sent for review (requested: true), not kept as a draft.
  const payload = { ...built.payload, vendorId: creds.vendorId, requested: true };
  const previous = product.doc.coupangRegistration ?? EMPTY;
  let sellerProductId = previous.sellerProductId;
  // A create whose answer was lost may have made the product on Coupang: before another create, ask
  // Coupang by the external SKU (it shows a new product only after about a minute, so not sooner).
  const lostCreate = sellerProductId ? undefined : lastLostCreate(previous);
  if (lostCreate) {
    if (at.getTime() - new Date(lostCreate.at).getTime() < SKU_LOOKUP_DELAY_MS)
      return refuse(M.waitForLookup);
    const sku = firstSku(payload);
    const found = sku ? await deps.client.findByExternalSku(creds, sku) : [];
    if (found[0]) sellerProductId = found[0].sellerProductId;
  }

  let attempt: CoupangRegistrationAttempt;
  let failure: Message | null = null;
  let id: string | null = sellerProductId;
  if (sellerProductId) {
    try {
      await deps.client.updateProduct(creds, await withItemIds(deps, creds, sellerProductId, payload));
      attempt = { kind: 'update', at: at.toISOString(), ok: true, sellerProductId, message: null };
    } catch (e) {
      ({ attempt, message: failure } = failedAttempt('update', at, sellerProductId, e));
    }
  } else {
    try {
      id = await createOnce(deps, creds, payload);
      attempt = { kind: 'create', at: at.toISOString(), ok: true, sellerProductId: id, message: null };
    } catch (e) {
      ({ attempt, message: failure } = failedAttempt('create', at, null, e));
    }
  }

  const registration: CoupangRegistration = attempt.ok
    ? {
        ...previous,
        refusal: null,
        status: 'requested',
        sellerProductId: id,
        statusName: '',
        reasons: [],
        requestedAt: at.toISOString(),
        checkedAt: null,
        attempts: [...(previous.attempts ?? []), attempt],
      }
    : {
        ...previous,
        refusal: null,
        // A refused update leaves the seller product as Coupang has it; a refused create has none.
        status: 'failed',
        sellerProductId: id,
        attempts: [...(previous.attempts ?? []), attempt],
      };
  await deps.writeRegistration(registration);
  if (attempt.ok) return { ok: true, registration };
  return { ok: false, message: failure ?? M.unreachable, registration };
}

/**
 * A create is never sent twice blindly: when the first one's outcome is unknown (no answer, 5xx), the
 * product is looked up by its first item's external SKU; only when Coupang does not have it is it
 * sent once more.
 */
async function createOnce(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  payload: Record<string, unknown>,
): Promise<string> {
  try {
    return await deps.client.createProduct(creds, payload);
  } catch (e) {
    if (!(e instanceof CoupangApiError) || !e.outcomeUnknown) throw e;
    const sku = firstSku(payload);
    deps.log.warn({ code: e.code, sku }, 'Coupang create outcome unknown; looking it up before a second try');
    if (!sku) throw e;
    const found = await deps.client.findByExternalSku(creds, sku);
    if (found[0]) return found[0].sellerProductId;
    // Not found may only mean "not indexed yet": never a second create here (the next send asks again).
    throw new LostCreate();
  }
}

/** Coupang shows a newly created product to the SKU look-up only after about a minute (its documentation). */
const SKU_LOOKUP_DELAY_MS = 60_000;

class LostCreate extends Error {}

/** The newest create attempt, when its answer was lost and no seller product was found since. */
function lastLostCreate(registration: {
  attempts?: readonly CoupangRegistrationAttempt[] | undefined;
}): CoupangRegistrationAttempt | undefined {
  const creates = (registration.attempts ?? []).filter((a) => a.kind === 'create');
  const last = creates[creates.length - 1];
  return last && !last.ok && last.outcomeUnknown ? last : undefined;
}

const firstSku = (payload: Record<string, unknown>): string | null => {
  const items = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
  const sku = items[0]?.externalVendorSku;
  return typeof sku === 'string' && sku !== '' ? sku : null;
};

/** The update body: the same seller product, each known item with its sellerProductItemId. */
async function withItemIds(
  deps: RegistrationDeps,
  creds: CoupangCredentials,
  sellerProductId: string,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const current = await deps.client.getProduct(creds, sellerProductId);
  const idOf = new Map(current.items.map((i) => [i.externalVendorSku, i.sellerProductItemId]));
  const items = (Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : []).map(
    (item) => {
      const itemId = idOf.get(String(item.externalVendorSku ?? ''));
      return itemId ? { ...item, sellerProductItemId: Number(itemId) || itemId } : item;
    },
  );
  return { ...payload, sellerProductId: Number(sellerProductId) || sellerProductId, items };
}

/** A failed sending as recorded (Coupang's own text when it gave one); anything else is not ours to keep. */
function failedAttempt(
  kind: 'create' | 'update',
  at: Date,
  sellerProductId: string | null,
  e: unknown,
): { attempt: CoupangRegistrationAttempt; message: Message } {
  if (e instanceof LostCreate)
    return {
      attempt: {
        kind,
        at: at.toISOString(),
        ok: false,
        sellerProductId,
        message: M.outcomeUnknown.ko,
        outcomeUnknown: true,
      },
      message: M.outcomeUnknown,
    };
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
  const status = registrationStatusOf(read.statusName);
  const reasons =
    status === 'denied'
      ? denialReasonsOf(await deps.client.productHistories(creds, current.sellerProductId))
      : [];
  const next: CoupangRegistration = {
    ...current,
    attempts: current.attempts ?? [],
    status,
    statusName: read.statusName,
    reasons,
    checkedAt: deps.now().toISOString(),
  };
  await deps.writeRegistration(next);
  return next;
}
