import {
  type CategorySchema,
  type CheckedFields,
  isRecord,
  MESSAGES,
  type ProductFields,
  planTaskWrite,
  readFieldSources,
  TASK_STATUS_FIELDS,
  type TaskName,
  type TaskStatus,
  validatePartialUpdate,
} from '@rr/domain';
import { AppError, badRequest } from '../errors/app-error.ts';
import {
  type DefaultSettingsView,
  loadNormalizeContext,
  normalizeContextWith,
  normalizePartialUpdates,
  normalizeProductDocuments,
  reportChanges,
  touchedDocuments,
  touchesDocuments,
} from './document-rules.ts';
import { untouchedPaths } from './document-update-base-repository.ts';
import { sparseFromKnown } from './known-products.ts';
import { oneAtATime, type ProductCaches } from './product-caches.ts';
import type { ProductRepository } from './product-data-repository.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import type { TaskStatusCounts } from './product-projection-repository.ts';
import { quotaError } from './product-quotas.ts';
import { isUuid, type ProductRow, storedDocument, type Written } from './product-row.ts';
import {
  changedPaths,
  changeUnderLock,
  type DocumentChanges,
  isStatusField,
  type LockedChange,
  type LockedChangeOptions,
  namesSeo,
  type OfferEdit,
  offerEditOf,
  replaceWhole,
  withDocumentNames,
} from './product-store-edits.ts';
import {
  applyDocumentUpdate,
  applyPartialUpdate,
  applyPartialUpdateAtVersion,
  forgetDocuments,
  insertDocument,
  updateAtKnownVersion,
} from './product-writes.ts';
import { type StoredSaveItems, storeSaveItems } from './save-items-store.ts';
import { type ParsedUpdate, parseUpdateFields } from './update-paths.ts';
import { type JsonDocument, productNotFound } from './whole-document.ts';
import { guardWrite } from './write-errors.ts';

export type { TaskStatusCounts };

// The products module's one door (issue 22). Other modules (tasks, the workflow, exports, the demo
// seed) read and write products only through a ProductStore the container builds; the repository
// (SQL) is private to products/ (scripts/check-deps.mjs refuses an import of it from outside). Every
// product write goes through a method of the store (issue 40): the product service and the import
// get the repository without its writes (`ProductQueries`).

export type { ProductAnswer, ProductRow } from './product-row.ts';
export { isUuid, storedDocument, toProduct } from './product-row.ts';
export type { DocumentChanges, LockedChange, LockedChangeOptions, OfferEdit } from './product-store-edits.ts';
export { changedPaths, isStatusField, withDocumentNames } from './product-store-edits.ts';
export type { StoredSaveItems } from './save-items-store.ts';

/** Which of the two repositories a seller's write takes (limits/write-lanes.ts: `heavy`, the low-priority one). */
export type StoreLane = 'light' | 'heavy';

/** Attempts of read → plan → write-if-unchanged before taking the row lock instead. */
const OPTIMISTIC_ATTEMPTS = 3;

export class ProductGoneError extends Error {
  constructor(productId: string) {
    super(`product ${productId} not found`);
    this.name = 'ProductGoneError';
  }
}

/** One product of one company. */
export type ProductScope = { readonly companyId: string; readonly productId: string };

/**
 * What to write: `set` holds dotted paths of the product entity (`productPath(…)`, typed: a
 * misspelled field does not compile; checked again as a server write: no forbidden segment, no
 * index past the end, no task status: those are `setTaskStatus`'s); `serverFields` top-level
 * fields only the server writes (fieldSources), as they are. `result` is answered by the write.
 */
export type ProductChange = {
  set?: ProductFields;
  serverFields?: Record<string, unknown>;
};
export type Planned<T> = ProductChange & { result: T };
/** Plans a change on the row as read (keep it short: the longer it takes, the likelier a race). */
export type PlanOf<T> = (row: ProductRow) => Planned<T> | Promise<Planned<T>>;

/** Where a task's value came from, recorded in doc.fieldSources. */
export type FieldSource = 'ai' | 'offline' | 'source' | 'collected';
export type FieldWrite = { written: string[]; skipped: string[] };
export type FieldWriteOptions = {
  /** Recorded in doc.fieldSources for each written path; 'ai' unless told. */
  source?: FieldSource;
  /**
   * The seller asked for this result on these paths (an image action on the product page): it
   * replaces the seller's own value at each path (and inside it), which becomes machine-made
   * again. A seller edit of a parent path still wins.
   */
  sellerAsked?: boolean;
};

/** A product the server makes (a split): its whole document, provenance (fieldSources) included. */
export type NewProduct = { registrationId: string; doc: Record<string, unknown> };

/** The seller's partial update of one product inside a locked edit (updatePartial's rules and marks). */
export type LockedEdit = (productId: string, updateFields: Record<string, unknown>) => Promise<void>;

export type ProductStore = {
  find(companyId: string, id: string): Promise<ProductRow | undefined>;
  /** The product first imported from this 1688 offer (split products share the offer id). */
  findByOfferId(companyId: string, offerId: string): Promise<ProductRow | undefined>;
  findByOfferIds(
    companyId: string,
    offerIds: readonly string[],
  ): Promise<(ProductRow & { offer_id: string | null })[]>;
  /** Registration ids of the company that start with `{prefix}_` (a split's products, Q §4). */
  registrationIdsWithPrefix(companyId: string, prefix: string): Promise<string[]>;
  /** Which of these ids are products of the company. */
  existingIds(companyId: string, ids: readonly string[]): Promise<Set<string>>;
  /** Display name parts and every task status field of these products (a run's view), by id. */
  statusViews(
    companyId: string,
    ids: readonly string[],
  ): Promise<Map<string, { registrationId: string; doc: Record<string, unknown> }>>;
  /** The option documents and schema of these products (the completeness check), by id. */
  registrationParts(companyId: string, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>>;
  /** The product's untranslated-phrase notes by task (issue 20), or undefined without any. */
  untranslatedPhrases(companyId: string, id: string): Promise<Record<string, string[] | null> | undefined>;
  /** Every option document's barcode among the company's products (the export pre-flight). */
  barcodes(
    companyId: string,
  ): Promise<{ id: string; registration_id: string; idx: number; barcode: string }[]>;
  /** Ids of the company's products that have a pricing object (reprice all), oldest first. */
  pricedProductIds(companyId: string): Promise<string[]>;
  /** How many products the company has, and per task and status how many have it (the dashboard). */
  taskStatusCounts(companyId: string): Promise<TaskStatusCounts>;
  /**
   * Products of every company whose review on Coupang is still open, the longest unchecked first
   * (the approval sync: coupang/coupang-repository.ts asks here, never the products table).
   */
  underReview(limit: number): Promise<{ companyId: string; productId: string }[]>;
  /**
   * THE writer of products outside the seller's own edits. A fixed change (an object) does not
   * depend on what is stored: it is applied in one statement, and answers false when the product is
   * gone. A planned change (a function) is planned on the row as read and written only if the row is
   * still that version (xmin); after a few lost races the row is locked for the last attempt. The
   * plan's `result` is answered; a product that is gone throws ProductGoneError.
   */
  write(scope: ProductScope, change: ProductChange): Promise<boolean>;
  write<T>(scope: ProductScope, plan: PlanOf<T>): Promise<T>;
  /**
   * A task's write of product fields (dotted paths), as issue 11 asks: each written value is recorded
   * in doc.fieldSources as `source`, and a value the seller edited (that path or a parent path, not
   * empty) is never overwritten: it is answered in `skipped`. Planned on the version read (above).
   */
  writeFields<F extends ProductFields>(
    scope: ProductScope,
    updates: CheckedFields<F>,
    opts?: FieldWriteOptions,
  ): Promise<FieldWrite>;
  /**
   * THE writer of task statuses (issue 40): the product's status field of `task` (seoStatus, …)
   * becomes `status`, in one statement; false when the product is gone. The runner calls it (before a
   * task, its outcome after, pending on cancel, error when the job gives up), and so do the seller's
   * explicit actions docs/architecture.md names (manual SEO, updateFeature, the image actions);
   * scripts/check-deps.mjs refuses any other caller, and `write`, `writeFields` and `create`'s change
   * refuse a status field.
   */
  setTaskStatus(scope: ProductScope, task: TaskName, status: TaskStatus): Promise<boolean>;
  /**
   * A seller's explicit action of products/ (manual SEO): checked updates (a client's rules: no
   * server field, no task status) written in one statement with the container's caches (the
   * completeness rate and write queues as every other write), the values at `sellerPaths` marked
   * as the seller's. False when the product is gone. Products/ only (convention): other modules
   * write through `write`/`writeFields`.
   */
  writeAsSeller(
    scope: ProductScope,
    updates: readonly ParsedUpdate[],
    sellerPaths: readonly string[],
  ): Promise<boolean>;
  /**
   * The seller's updatePartial (W §7): the client's body checked here (paths, no server field, no
   * task status), the document rules and seller marks, on the lane's connections (`heavy`: the
   * container's low-priority writes handle). Answers the new updatedAt, what the rules changed, and
   * the size of the document written.
   */
  updatePartial(companyId: string, body: unknown, lane: 'light' | 'heavy'): Promise<PartialAnswer>;
  /**
   * New products made by the server (a split), each with its whole document and provenance, and
   * optionally the change of the product they came from (`from`, planned under its row lock): all
   * in one transaction, so a failure leaves nothing half made. Answers the new rows in order.
   */
  create(
    companyId: string,
    products: readonly NewProduct[],
    from?: { productId: string; change: ProductChange },
  ): Promise<ProductRow[]>;
  /** The company's next registration id (`{supplierCode}-{6 digits}`, never reused). */
  nextRegistrationId(companyId: string): Promise<string>;
  /**
   * Reads these products under a row lock (in one order) and runs `fn` with them and the seller's
   * partial update, all in one transaction: a change in the app meanwhile waits (the sheet import).
   */
  editLocked<T>(
    companyId: string,
    ids: readonly string[],
    fn: (rows: ReadonlyMap<string, ProductRow>, edit: LockedEdit) => Promise<T>,
  ): Promise<T>;
};

/**
 * The seller's writes of products/ (issue 40: one door for product writes), beside the ProductStore
 * every module gets: the product service and the import write through these, never through the
 * repository. Not in TaskDeps (a task writes with `write`/`writeFields`).
 */
export type ProductSellerWrites = {
  /**
   * update (W §5): the seller's whole product (`_id`) replaces the stored one, made from the version
   * the client read (409 when it changed since, 404 when it is not the company's): the server's
   * fields kept as stored, the option documents through the document rules, the seller's changes
   * marked. Answers the row written and what the rules changed.
   */
  replaceWhole(
    companyId: string,
    product: Record<string, unknown> & { _id: string },
    readVersion: () => Date,
    lane: StoreLane,
  ): Promise<{ row: ProductRow; changes: DocumentChanges }>;
  /**
   * A change planned on the product read under its row lock, with the version the client read
   * checked, written in the same transaction (updateFeature: `by: 'seller'`, with the seller's marks
   * and the documents' names; regproduct: `by: 'server'`). No task status: setTaskStatus writes it.
   */
  changeUnderLock<T>(
    scope: ProductScope,
    opts: LockedChangeOptions & { lane?: StoreLane },
    plan: (row: ProductRow) => LockedChange<T>,
  ): Promise<T>;
  /** saveItems (Q §4) from the body's text: every item in one transaction, or none (save-items-store.ts). */
  saveItems(companyId: string, text: string, settings: DefaultSettingsView): Promise<StoredSaveItems>;
  /** Deletes these products, all or nothing: the count, or null when any is not the company's. */
  deleteProducts(companyId: string, ids: readonly string[]): Promise<number | null>;
  /**
   * A 1688 import of one offer: `work` runs in one transaction holding the company's lock on the
   * offer, and writes through the OfferEdit it is handed (a new product, or a re-import).
   */
  importOffer<T>(companyId: string, offerId: string, work: (edit: OfferEdit) => Promise<T>): Promise<T>;
};

/** The store as the container builds it: every module's ProductStore and products/' seller writes. */
export type ProductDoor = ProductStore & ProductSellerWrites;

export function createProductStore(
  repo: ProductRepository,
  caches: ProductCaches,
  /** Where the seller's heavy writes go (the container's second pool, low priority); `repo` without one. */
  heavyRepo: ProductRepository = repo,
): ProductDoor {
  return { ...storeReads(repo), ...serverWrites(repo, caches), ...sellerWrites(repo, heavyRepo, caches) };
}

/** The store's reads: one product, a few by their offers, and the narrow reads of many (projections). */
function storeReads(repo: ProductRepository) {
  return {
    find: (companyId, id) => repo.findProduct(companyId, id),
    findByOfferId: (companyId, offerId) => repo.findProductByOfferId(companyId, offerId),
    findByOfferIds: (companyId, offerIds) => repo.findProductsByOfferIds(companyId, offerIds),
    registrationIdsWithPrefix: (companyId, prefix) => repo.registrationIdsWithPrefix(companyId, prefix),
    existingIds: (companyId, ids) => repo.existingProductIds(companyId, ids),
    statusViews: (companyId, ids) => repo.readProductsOfRun(companyId, ids),
    registrationParts: (companyId, ids) => repo.readRegistrationParts(companyId, ids),
    untranslatedPhrases: (companyId, id) =>
      isUuid(id) ? repo.readUntranslatedPhrases(companyId, id) : Promise.resolve(undefined),
    barcodes: (companyId) => repo.readCompanyBarcodes(companyId),
    pricedProductIds: (companyId) => repo.readPricedProductIds(companyId),
    taskStatusCounts: (companyId) => repo.countTaskStatuses(companyId),
    underReview: (limit) => repo.readProductsUnderReview(limit),
    nextRegistrationId: (companyId) => repo.nextRegistrationId(companyId),
  } satisfies Partial<ProductStore>;
}

/** A write whose refusal over the company's product data quota (migration 0014) the seller reads, in Korean. */
async function guarded<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    throw quotaError(err) ?? err;
  }
}

/** A fixed change: one statement; false when the product is gone. */
async function fixedWrite(
  repo: ProductRepository,
  caches: ProductCaches,
  scope: ProductScope,
  change: ProductChange,
): Promise<boolean> {
  const updates = parsedUpdates(change);
  if (updates.length === 0) return (await repo.findProduct(scope.companyId, scope.productId)) !== undefined;
  return (
    (await applyPartialUpdate(repo, scope.companyId, scope.productId, updates, { caches })) !== undefined
  );
}

/** One attempt of a planned change: read with the row version, plan, write only at that version. */
async function tryPlanned<T>(
  on: ProductRepository,
  caches: ProductCaches,
  scope: ProductScope,
  plan: PlanOf<T>,
): Promise<{ result: T } | 'conflict'> {
  const row = await on.findProductVersion(scope.companyId, scope.productId);
  if (!row) throw new ProductGoneError(scope.productId);
  const planned = await plan(row);
  const updates = parsedUpdates(planned);
  if (updates.length === 0) return { result: planned.result };
  const written = await applyPartialUpdateAtVersion(
    on,
    scope.companyId,
    scope.productId,
    row.version,
    updates,
    caches,
  );
  if (written === 'conflict') return 'conflict';
  if (written === undefined) throw new ProductGoneError(scope.productId);
  return { result: planned.result };
}

/** A planned change: optimistic attempts, then one under the row lock (`retryPlanned`). */
function plannedWrite<T>(
  repo: ProductRepository,
  caches: ProductCaches,
  scope: ProductScope,
  plan: PlanOf<T>,
): Promise<T> {
  return retryPlanned(
    () => tryPlanned(repo, caches, scope, plan),
    () =>
      repo.transaction(async (tx) => {
        await tx.lockProductRow(scope.companyId, scope.productId);
        return tryPlanned(tx, caches, scope, plan);
      }),
  );
}

/** The server's writes: `write` and a task's `writeFields`, the one status writer, a split's `create`. */
function serverWrites(repo: ProductRepository, caches: ProductCaches) {
  function write(scope: ProductScope, change: ProductChange): Promise<boolean>;
  function write<T>(scope: ProductScope, plan: PlanOf<T>): Promise<T>;
  function write<T>(scope: ProductScope, change: ProductChange | PlanOf<T>): Promise<boolean | T> {
    if (!isUuid(scope.productId)) {
      if (typeof change === 'function') return Promise.reject(new ProductGoneError(scope.productId));
      return Promise.resolve(false);
    }
    if (typeof change === 'function') return guarded(plannedWrite(repo, caches, scope, change));
    return guarded(fixedWrite(repo, caches, scope, change));
  }
  return {
    write,
    setTaskStatus(scope, task, status) {
      if (!isUuid(scope.productId)) return Promise.resolve(false);
      const updates: ParsedUpdate[] = [{ segments: [TASK_STATUS_FIELDS[task]], value: status }];
      return guarded(
        applyPartialUpdate(repo, scope.companyId, scope.productId, updates, { caches }).then(
          (written) => written !== undefined,
        ),
      );
    },
    writeFields(scope, updates, opts = {}) {
      const fields: ProductFields = updates;
      const parsed = parseUpdateFields(fields, { byServer: true });
      if (!parsed.ok) {
        const problems = parsed.problems.map((p) => `${p.path} ${p.reason}`).join('; ');
        return Promise.reject(new Error(`invalid task update: ${problems}`));
      }
      const statuses = Object.keys(fields).filter(isStatusField);
      if (statuses.length > 0)
        return Promise.reject(
          new Error(`a task status is written by setTaskStatus, not by writeFields: ${statuses.join(', ')}`),
        );
      return write(scope, (row) => planFieldWrite(row, fields, opts));
    },
    create: (companyId, products, from) => guarded(createProducts(repo, caches, companyId, products, from)),
  } satisfies Partial<ProductStore>;
}

/** `create`: the new products through the document rules, and the original's change, in one transaction. */
function createProducts(
  repo: ProductRepository,
  caches: ProductCaches,
  companyId: string,
  products: readonly NewProduct[],
  from: { productId: string; change: ProductChange } | undefined,
): Promise<ProductRow[]> {
  return repo.transaction(async (tx) => {
    if (from) {
      const locked = await tx.findProductForUpdate(companyId, from.productId);
      if (!locked) throw new ProductGoneError(from.productId);
    }
    const rows: ProductRow[] = [];
    for (const p of products) {
      // The document rules every saved product goes through (a new product's documents whole).
      const context = await loadNormalizeContext(tx, companyId, p.doc);
      const doc = normalizeProductDocuments(p.doc, context).doc;
      rows.push(await insertDocument(tx, companyId, p.registrationId, doc));
    }
    if (from) {
      const updates = parsedUpdates(from.change);
      if (updates.length > 0) await applyPartialUpdate(tx, companyId, from.productId, updates, { caches });
    }
    return rows;
  });
}

/**
 * The seller's writes (products/ only): updatePartial on the lane's repository, manual SEO's
 * `writeAsSeller`, the sheet import's `editLocked`, and ProductSellerWrites.
 */
function sellerWrites(repo: ProductRepository, heavyRepo: ProductRepository, caches: ProductCaches) {
  const on = (lane: StoreLane | undefined) => (lane === 'heavy' ? heavyRepo : repo);
  return {
    updatePartial: (companyId, body, lane) => updateProductPartial(on(lane), companyId, body, caches),
    writeAsSeller(scope, updates, sellerPaths) {
      const statuses = updates.map((u) => u.segments.join('.')).filter(isStatusField);
      if (statuses.length > 0)
        return Promise.reject(new Error(`a task status is written by setTaskStatus: ${statuses.join(', ')}`));
      if (!isUuid(scope.productId)) return Promise.resolve(false);
      return guarded(
        applyPartialUpdate(repo, scope.companyId, scope.productId, updates, { sellerPaths, caches }).then(
          (written) => written !== undefined,
        ),
      );
    },
    editLocked(companyId, ids, fn) {
      return repo.transaction(async (tx) => {
        const rows = new Map<string, ProductRow>();
        for (const id of [...new Set(ids)].sort()) {
          const row = await tx.findProductForUpdate(companyId, id);
          if (row) rows.set(id, row);
        }
        const edit: LockedEdit = async (productId, updateFields) => {
          await updateProductPartial(tx, companyId, { productId, updateFields });
        };
        return fn(rows, edit);
      });
    },
    replaceWhole: (companyId, product, readVersion, lane) =>
      replaceWhole(on(lane), companyId, product, readVersion),
    changeUnderLock: (scope, opts, plan) => changeUnderLock(on(opts.lane), caches, scope, opts, plan),
    async saveItems(companyId, text, settings) {
      const saved = await storeSaveItems(repo, companyId, text, settings);
      forgetDocuments(
        caches,
        companyId,
        saved.items.map((i) => i.row.id),
      );
      return saved;
    },
    async deleteProducts(companyId, ids) {
      const count = await repo.deleteProducts(companyId, ids);
      if (count !== null) forgetDocuments(caches, companyId, ids);
      return count;
    },
    importOffer: (companyId, offerId, work) =>
      repo.inOfferTransaction(companyId, offerId, (tx) => work(offerEditOf(tx))),
  } satisfies Partial<ProductDoor>;
}

/**
 * The planned write's race rule (pure over its two attempts, so it is tested without a database):
 * `attempt` (read, plan, write if the row is still that version) is tried OPTIMISTIC_ATTEMPTS times
 * while it answers 'conflict' (another write came in between); then `underLock` plans once more with
 * the row locked, where a conflict cannot happen (it is an error if it does).
 */
export async function retryPlanned<T>(
  attempt: () => Promise<{ result: T } | 'conflict'>,
  underLock: () => Promise<{ result: T } | 'conflict'>,
): Promise<T> {
  for (let i = 0; i < OPTIMISTIC_ATTEMPTS; i++) {
    const done = await attempt();
    if (done !== 'conflict') return done.result;
  }
  const done = await underLock();
  if (done === 'conflict') throw new Error('product changed under a row lock');
  return done.result;
}

/**
 * What a task's field write changes on a product as it was read (pure: the store and a test's fake
 * store plan the same): the paths not edited by the seller, and doc.fieldSources with each written
 * path recorded as `source`.
 */
export function planFieldWrite(
  row: ProductRow,
  updates: ProductFields,
  opts: FieldWriteOptions = {},
): Planned<FieldWrite> {
  let sources = readFieldSources(row.doc.fieldSources);
  if (opts.sellerAsked) {
    const paths = Object.keys(updates);
    sources = Object.fromEntries(
      Object.entries(sources).filter(([p]) => !paths.some((u) => p === u || p.startsWith(`${u}.`))),
    );
  }
  // Judged against the whole stored document: a stored value the parse set aside is not "empty".
  const plan = planTaskWrite(storedDocument(row), sources, updates, opts.source ?? 'ai');
  const result = { written: plan.written, skipped: plan.skipped };
  if (plan.updates.length === 0) return { result };
  return {
    set: Object.fromEntries(plan.updates.map((u) => [u.path, u.value])),
    serverFields: { fieldSources: plan.fieldSources },
    result,
  };
}

/** A change as the repository's dotted-path updates (a task status refused: setTaskStatus writes it). */
function parsedUpdates(change: ProductChange): ParsedUpdate[] {
  const out: ParsedUpdate[] = [];
  const set: Record<string, unknown> = change.set ?? {};
  if (Object.keys(set).length > 0) {
    const parsed = parseUpdateFields(set, { byServer: true });
    if (!parsed.ok) {
      throw new Error(
        `invalid product write: ${parsed.problems.map((p) => `${p.path} ${p.reason}`).join('; ')}`,
      );
    }
    out.push(...parsed.updates);
  }
  for (const [field, value] of Object.entries(change.serverFields ?? {})) {
    if (field.includes('.') || field === '__proto__') throw new Error(`invalid server field: ${field}`);
    out.push({ segments: [field], value });
  }
  const statuses = out.filter((u) => isStatusField(u.segments[0]!)).map((u) => u.segments.join('.'));
  if (statuses.length > 0)
    throw new Error(
      `a task status is written by setTaskStatus, not by a product write: ${statuses.join(', ')}`,
    );
  return out;
}

// ---- The seller's partial update (updatePartial, the sheet import's locked edits, manual SEO's
// document names and marks): the same rules every time, here in the one door (issue 40).

/** updatePartial: a product id and at least one field (W §5), valid paths only; one atomic statement. */
export async function updateProductPartial(
  repo: ProductRepository,
  companyId: string,
  body: unknown,
  caches?: ProductCaches,
): Promise<PartialAnswer> {
  const valid = validatePartialUpdate(
    isRecord(body) ? body.productId : undefined,
    isRecord(body) ? body.updateFields : undefined,
  );
  if (!valid.ok) throw badRequest(MESSAGES.partialUpdateInvalid, 'invalid_partial_update');
  const { productId, updateFields: fields } = valid.value;
  const parsed = parseUpdateFields(fields);
  if (!parsed.ok) {
    const paths = parsed.problems.map((p) => p.path || '(empty)').join(', ');
    throw new AppError(
      'invalid_update_path',
      'invalid',
      PRODUCT_MESSAGES.invalidUpdatePath(paths),
      parsed.problems,
    );
  }
  // Without option documents or the SEO name among the paths, the stored values at the paths are all
  // it needs (the seller marks): the whole document is not read into this process (issue 21). A new
  // SEO name moves the documents' names (issue 20), which needs the documents and their marks.
  // Writes inside a few option documents read those documents, the written paths' values and the
  // category schema (parsed once per schema text): not the whole product either (issue 25).
  let stored: JsonDocument | undefined;
  let updates = parsed.updates;
  let known: { schema: CategorySchema | undefined; settings: DefaultSettingsView } | 'from stored' =
    'from stored';
  const touched = touchedDocuments(parsed.updates);
  if (touched instanceof Set && !namesSeo(fields) && caches && !repo.isTransaction) {
    // This process's updates of one product run one after another, each from what the previous left.
    const done = await oneAtATime(caches.writeQueues, `${companyId}:${productId}`, () =>
      updateDocumentsPartial(repo, caches, companyId, productId, fields, parsed.updates, [...touched]),
    );
    if (done !== 'whole') return done;
  } else if (touched instanceof Set && !namesSeo(fields)) {
    const base = await repo.findDocumentUpdateBase(
      companyId,
      productId,
      [...touched],
      Object.keys(fields),
      caches?.categorySchemas,
    );
    if (!base) throw productNotFound();
    if (base !== 'whole') {
      stored = base.doc;
      known = { schema: base.schema, settings: base.settings };
    }
  }
  if (stored === undefined && (touched !== null || namesSeo(fields))) {
    const existing = await repo.findProduct(companyId, productId);
    if (!existing) throw productNotFound();
    stored = storedDocument(existing);
    updates = withDocumentNames(existing.doc, fields, parsed.updates);
  } else if (stored === undefined) {
    const sparse = await repo.findPathValues(companyId, productId, Object.keys(fields));
    if (!sparse) throw productNotFound();
    stored = sparse as JsonDocument;
  }
  const ruled = await applyDocumentRules(repo, companyId, stored, updates, known);
  const written = await guardWrite(
    applyPartialUpdate(repo, companyId, productId, ruled.updates, {
      sellerPaths: changedPaths(stored, fields),
      caches,
    }),
  );
  if (!written) throw productNotFound();
  return partialAnswer(written, ruled);
}

/** updatePartial's answer, with the size of the document it wrote (`docBytes`, for the company's pace). */
export type PartialAnswer = {
  updatedAt: string;
  normalized?: ReturnType<typeof reportChanges>;
  docBytes: number;
};

const partialAnswer = (
  written: Written,
  ruled: Awaited<ReturnType<typeof applyDocumentRules>>,
): PartialAnswer => ({
  updatedAt: written.updatedAt.toISOString(),
  ...(ruled.changes.length ? { normalized: reportChanges(ruled.changes) } : {}),
  docBytes: written.docBytes,
});

/**
 * updatePartial inside a few option documents, in this product's queue (issue 25). When this process
 * knows everything the rules and the seller marks read at the row version it wrote last (the option
 * documents, the written paths' values, importStatus, the schema, the company's settings), it sends
 * one UPDATE conditioned on that version and on the settings' version; if another write came in
 * between, the UPDATE applies to nothing and the product is read again (the sparse read), as before.
 * 'whole': the stored option documents are not an array (the caller reads the whole product).
 */
async function updateDocumentsPartial(
  repo: ProductRepository,
  caches: ProductCaches,
  companyId: string,
  productId: string,
  fields: Record<string, unknown>,
  updates: ParsedUpdate[],
  touched: number[],
): Promise<PartialAnswer | 'whole'> {
  const known = isUuid(productId) ? caches.knownDocuments.get(`${companyId}:${productId}`) : undefined;
  const settings = caches.settings.get(companyId);
  const schema =
    known === undefined
      ? undefined
      : known.schemaHash === null
        ? null
        : caches.categorySchemas.get(known.schemaHash);
  const stored =
    known && settings && schema !== undefined
      ? sparseFromKnown(known, touched, untouchedPaths(touched, Object.keys(fields)))
      : undefined;
  if (known && settings && stored) {
    const ruled = await applyDocumentRules(repo, companyId, stored, updates, {
      schema: schema ?? undefined,
      settings: settings.view,
    });
    const written = await guardWrite(
      updateAtKnownVersion(
        repo,
        caches,
        companyId,
        productId,
        ruled.updates,
        changedPaths(stored, fields),
        known,
        settings.version,
      ),
    );
    if (written) return partialAnswer(written, ruled);
  }
  const base = await repo.findDocumentUpdateBase(
    companyId,
    productId,
    touched,
    Object.keys(fields),
    caches.categorySchemas,
  );
  if (!base) throw productNotFound();
  if (base === 'whole') return 'whole';
  caches.settings.set(companyId, { version: base.settingsVersion, view: base.settings });
  const ruled = await applyDocumentRules(repo, companyId, base.doc, updates, {
    schema: base.schema,
    settings: base.settings,
  });
  const written = await guardWrite(
    applyDocumentUpdate(
      repo,
      caches,
      companyId,
      productId,
      ruled.updates,
      changedPaths(base.doc, fields),
      base.read,
    ),
  );
  if (!written) throw productNotFound();
  return partialAnswer(written, ruled);
}

/** Document rules on every save: a partial update of an option document passes the normalisation. */
async function applyDocumentRules(
  repo: ProductRepository,
  companyId: string,
  stored: JsonDocument,
  updates: ParsedUpdate[],
  known:
    | { schema: CategorySchema | undefined; settings: DefaultSettingsView }
    | 'from stored' = 'from stored',
) {
  if (!touchesDocuments(updates)) return { updates, changes: [] };
  const context =
    known === 'from stored'
      ? await loadNormalizeContext(repo, companyId, stored)
      : normalizeContextWith(known.schema, stored, known.settings);
  return normalizePartialUpdates(stored, updates, context);
}
