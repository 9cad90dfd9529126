import type { ImportResult } from '@rr/contracts';
import {
  extractOfferId,
  type GroupedOffer,
  groupCaptures,
  IMPORT_MESSAGES,
  isLinkOnly,
  makeOptionNumber,
  mergeReimport,
  newProductFromOffer,
} from '@rr/domain';
import type { WorkPool } from '../limits/work-pool.ts';
import { checkCaptureBudget, inputName } from './capture-budget.ts';
import type { ProductQueries } from './product-data-repository.ts';
import { quotaError } from './product-quotas.ts';
import type { OfferEdit, ProductDoor } from './product-store.ts';

// 1688 import from real captures (issue 7): the domain groups the captures by offer and plans a
// re-import (import-1688/group-captures.ts, reimport.ts); this service runs the transaction — create
// the product, or for an offer already imported show what changed and apply it only when the seller
// confirms. Answers and the import history are in Korean (the messages are { ko, en } in the domain).

type Input = { text?: string | undefined; json?: unknown; name?: string | undefined };

const MSG = IMPORT_MESSAGES;

function refused(reason: string, inputs: string[], offerId: string | null = null): ImportResult {
  return {
    offerId,
    outcome: 'refused',
    productId: null,
    registrationId: null,
    title: null,
    readOptions: 0,
    keptOptions: 0,
    message: reason,
    warnings: [],
    diff: null,
    inputs,
  };
}

/** Counts of the kinds of items in one result list (for the summary line). */
function countOutcomes(results: ImportResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return counts;
}

export async function importOffers(
  repo: ProductQueries,
  store: Pick<ProductDoor, 'importOffer'>,
  companyId: string,
  request: { inputs: Input[]; confirmOfferIds: string[] },
  work?: WorkPool,
) {
  checkCaptureBudget(request.inputs);
  const results: ImportResult[] = [];
  const captures: { value: unknown; name: string }[] = [];
  request.inputs.forEach((input, i) => {
    const name = inputName(input, i);
    if (input.json !== undefined) {
      captures.push({ value: input.json, name });
      return;
    }
    const text = input.text ?? '';
    if (isLinkOnly(text)) {
      const extracted = extractOfferId(text);
      const offerId = extracted.ok ? extracted.value : null;
      results.push({
        ...refused((offerId ? MSG.needsCapture(offerId) : MSG.noOfferId()).ko, [name], offerId),
        outcome: offerId ? 'needsCapture' : 'refused',
      });
      return;
    }
    captures.push({ value: text, name });
  });

  // Parsing is the heavy part: in the work pool (time and memory bound), off the event loop.
  const { offers, failures } = work
    ? await work.run(companyId, 'import1688', captures)
    : groupCaptures(captures);
  for (const f of failures) results.push(refused(f.reason.ko, f.inputs));
  const confirmed = new Set(request.confirmOfferIds);
  for (const p of offers) {
    try {
      results.push(await importOne(store, companyId, p, confirmed.has(p.offer.offerId)));
    } catch (err) {
      // Over the company's product quota: this offer is refused (nothing of it written), and the
      // answer says so beside the offers that were imported.
      const quota = quotaError(err);
      if (!quota) throw err;
      results.push(refused(quota.userMessage.ko, p.inputs, p.offer.offerId));
    }
  }
  await repo.insertImportHistory(companyId, results);
  return { res: 'success' as const, message: MSG.summary(countOutcomes(results)).ko, results };
}

async function importOne(
  store: Pick<ProductDoor, 'importOffer'>,
  companyId: string,
  p: GroupedOffer,
  confirmed: boolean,
): Promise<ImportResult> {
  const warnings = p.warnings.map((w) => w.ko);
  if (p.read !== p.kept && !warnings.some((w) => w.includes(`${p.read}`)))
    warnings.push(MSG.mismatch(p.read, p.kept).ko);
  // One import per offer at a time (two tabs importing the same offer make one product); the
  // store writes the product (its completeness computed there).
  return store.importOffer(companyId, p.offer.offerId, async (tx) => {
    const existing = await tx.findByOfferId(companyId, p.offer.offerId);
    return existing
      ? reimport(tx, companyId, p, existing.id, warnings, confirmed)
      : createFromOffer(tx, companyId, p, warnings);
  });
}

/** What every result of one offer says about what was read. */
const offerBase = (p: GroupedOffer) => ({
  offerId: p.offer.offerId,
  title: p.offer.title,
  readOptions: p.read,
  keptOptions: p.kept,
  inputs: p.inputs,
});

/** A first import of the offer: a new product with the company's next registration id. */
async function createFromOffer(
  tx: OfferEdit,
  companyId: string,
  p: GroupedOffer,
  warnings: string[],
): Promise<ImportResult> {
  const registrationId = await tx.nextRegistrationId(companyId);
  const doc = newProductFromOffer(p.offer, registrationId, (i) => makeOptionNumber(registrationId, i + 1), {
    read: p.read,
    kept: p.kept,
    warnings,
    now: new Date().toISOString(),
  });
  const row = await tx.insert(companyId, registrationId, doc);
  return {
    ...offerBase(p),
    outcome: 'created' as const,
    productId: row.id,
    registrationId,
    message: `${MSG.created(registrationId).ko} ${MSG.readKept(p.read, p.kept).ko}`,
    warnings,
    diff: null,
  };
}

/**
 * The offer imported again into its stored product (locked): what changed, applied only when the
 * seller confirmed it (the seller's edits kept).
 */
async function reimport(
  tx: OfferEdit,
  companyId: string,
  p: GroupedOffer,
  productId: string,
  warnings: string[],
  confirmed: boolean,
): Promise<ImportResult> {
  const locked = await tx.lockForReimport(companyId, productId);
  const merge = mergeReimport(locked.doc, p.offer);
  if (merge.collisionNames.length) warnings.push(MSG.collisions(merge.collisionNames).ko);
  if (merge.diff.removedOptions.length) warnings.push(MSG.removedKept(merge.diff.removedOptions.length).ko);
  const common = {
    ...offerBase(p),
    productId: locked.id,
    registrationId: locked.registration_id,
    warnings,
    diff: merge.diff,
  };
  const readKept = MSG.readKept(p.read, p.kept).ko;
  if (!merge.hasChanges) {
    return {
      ...common,
      outcome: 'unchanged' as const,
      message: `${MSG.unchanged(locked.registration_id).ko} ${readKept}`,
    };
  }
  const count = merge.diff.changes.length + merge.diff.addedOptions.length + merge.diff.removedOptions.length;
  if (!confirmed) {
    return {
      ...common,
      outcome: 'updateAvailable' as const,
      message: `${MSG.updateAvailable(locked.registration_id, count).ko} ${readKept}`,
    };
  }
  const settings = merge.needsDocuments ? await tx.readDefaultSettings(companyId) : null;
  const doc = merge.apply(settings, { read: p.read, kept: p.kept, warnings, now: new Date().toISOString() });
  await tx.writeReimported(companyId, locked.id, doc);
  const applied = merge.diff.changes.filter((c) => c.applies).length + merge.diff.addedOptions.length;
  const keptEdits = merge.diff.changes.filter((c) => !c.applies).length;
  return {
    ...common,
    outcome: 'updated' as const,
    message: `${MSG.updated(locked.registration_id, applied, keptEdits).ko} ${readKept}`,
  };
}

export async function importHistory(repo: ProductQueries, companyId: string, limit: number) {
  const rows = await repo.findImportHistory(companyId, limit);
  return rows.map((r) => ({
    id: r.id,
    offerId: r.offer_id,
    outcome: r.outcome as ImportResult['outcome'],
    productId: r.product_id,
    readOptions: r.read_options,
    keptOptions: r.kept_options,
    message: r.message,
    createdAt: r.created_at.toISOString(),
  }));
}
