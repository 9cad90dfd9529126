import {
  diffPaths,
  findFieldSource,
  isRecord,
  isTrackedContentPath,
  readDocumentPath,
  readFieldSources,
  type StoredProduct,
  syncDocumentNames,
  TASK_STATUS_FIELD_LIST,
} from '@rr/domain';
import { productCompleteness } from './completeness.ts';
import {
  type DefaultSettingsView,
  loadNormalizeContext,
  normalizeChangedDocuments,
} from './document-rules.ts';
import type { ReimportRow } from './import-repository.ts';
import type { ProductCaches } from './product-caches.ts';
import type { ProductRepository } from './product-data-repository.ts';
import { type ProductRow, storedDocument } from './product-row.ts';
import { applyPartialUpdate, insertDocument, replaceDocument } from './product-writes.ts';
import { type ParsedUpdate, parseUpdateFields, sanitizeDocument } from './update-paths.ts';
import {
  type JsonDocument,
  productNotFound,
  versionConflict,
  withSellerMarks,
  withServerFields,
} from './whole-document.ts';
import { guardWrite } from './write-errors.ts';

// The store's writes of a seller's whole document (update), of a change planned under the row lock
// (updateFeature, regproduct) and of a 1688 import (issue 40: one door for product writes). Each
// applies the same rules wherever it is called from: the server's fields kept, the document rules,
// the seller's marks, the version the client read, the caches. Used by products/product-store.ts only.

/** What the document rules changed in a whole document (reported to the seller, `reportChanges`). */
export type DocumentChanges = ReturnType<typeof normalizeChangedDocuments>['changes'];

/**
 * update (W §5): the client's whole product replaces the stored one, made from the version it read
 * (409 when the product changed since; 404 when it is not the company's, before `versionRead` is
 * asked: a request without a version for a product of another company is 404, as before). The server's own fields
 * stay as stored, the option documents pass the document rules, the seller's changes are marked.
 */
export async function replaceWhole(
  repo: ProductRepository,
  companyId: string,
  product: Record<string, unknown> & { _id: string },
  versionRead: () => Date,
): Promise<{ row: ProductRow; changes: DocumentChanges }> {
  const existing = await repo.findProduct(companyId, product._id);
  if (!existing) throw productNotFound();
  const readVersion = versionRead();
  const stored = storedDocument(existing);
  const sent = withServerFields(sanitizeDocument(product), stored);
  const context = await loadNormalizeContext(repo, companyId, sent);
  const { doc, changes } = normalizeChangedDocuments(stored, sent, context);
  const row = await guardWrite(
    replaceDocument(repo, companyId, product._id, withSellerMarks(stored, doc), readVersion),
  );
  if (!row) throw (await repo.findProduct(companyId, product._id)) ? versionConflict() : productNotFound();
  return { row, changes };
}

/** What a change planned under the row lock writes (dotted paths) and answers. */
export type LockedChange<T> = { fields: Record<string, unknown>; result: T };

export type LockedChangeOptions = {
  /**
   * 'seller': a seller's explicit action (updateFeature): the client's path rules (the action's own
   * status record allowed), the documents' names following a new SEO name, the changed paths marked
   * as the seller's. 'server': the server's own write (regproduct), no marks.
   */
  by: 'seller' | 'server';
  /** The version the client read (`updatedAt`): another is a conflict (409). */
  version?: Date | undefined;
  /** The error for fields the rules refuse (the caller's message). */
  invalid: (problems: readonly { path: string; reason: string }[]) => Error;
};

/**
 * Reads the product under its row lock, checks the version, plans the change on it and writes it,
 * all in one transaction: nothing written in between is lost, and the caller's plan reads the row
 * as it is written over.
 */
export function changeUnderLock<T>(
  repo: ProductRepository,
  caches: ProductCaches,
  scope: { companyId: string; productId: string },
  opts: LockedChangeOptions,
  plan: (row: ProductRow) => LockedChange<T>,
): Promise<T> {
  return guardWrite(
    repo.transaction(async (tx) => {
      const row = await tx.findProductForUpdate(scope.companyId, scope.productId);
      if (!row) throw productNotFound();
      if (opts.version !== undefined && row.updated_at.getTime() !== opts.version.getTime())
        throw versionConflict();
      const planned = plan(row);
      const seller = opts.by === 'seller';
      const parsed = parseUpdateFields(planned.fields, seller ? { withStatus: true } : { byServer: true });
      if (!parsed.ok) throw opts.invalid(parsed.problems);
      const statuses = Object.keys(planned.fields).filter(isStatusField);
      if (statuses.length > 0)
        throw new Error(`a task status is written by setTaskStatus: ${statuses.join(', ')}`);
      const updates = seller ? withDocumentNames(row.doc, planned.fields, parsed.updates) : parsed.updates;
      await applyPartialUpdate(tx, scope.companyId, row.id, updates, {
        ...(seller ? { sellerPaths: changedPaths(storedDocument(row), planned.fields) } : {}),
        caches,
      });
      return planned.result;
    }),
  );
}

/**
 * A 1688 import's writes inside the transaction that holds the company's lock on the offer
 * (`ProductStore.importOffer`): a new product, or a re-import of the stored one.
 */
export type OfferEdit = {
  findByOfferId(companyId: string, offerId: string): Promise<ProductRow | undefined>;
  nextRegistrationId(companyId: string): Promise<string>;
  /** A new product from its whole document (its completeness computed by the store). */
  insert(
    companyId: string,
    registrationId: string,
    doc: Readonly<Record<string, unknown>>,
  ): Promise<ProductRow>;
  /** The stored product, locked until the transaction ends, its document as stored. */
  lockForReimport(companyId: string, productId: string): Promise<ReimportRow>;
  /** The re-imported whole document (the merge started from the stored one), its completeness computed. */
  writeReimported(
    companyId: string,
    productId: string,
    doc: Readonly<Record<string, unknown>>,
  ): Promise<void>;
  readDefaultSettings(companyId: string): Promise<DefaultSettingsView>;
};

/** The import's writes over a repository bound to the offer's transaction. */
export function offerEditOf(tx: ProductRepository): OfferEdit {
  return {
    findByOfferId: (companyId, offerId) => tx.findProductByOfferId(companyId, offerId),
    nextRegistrationId: (companyId) => tx.nextRegistrationId(companyId),
    insert: (companyId, registrationId, doc) => insertDocument(tx, companyId, registrationId, doc),
    lockForReimport: (companyId, productId) => tx.lockProductForReimport(companyId, productId),
    writeReimported: (companyId, productId, doc) =>
      tx.writeReimportedDoc(companyId, productId, doc, productCompleteness(doc)),
    readDefaultSettings: (companyId) => tx.readDefaultSettings(companyId),
  };
}

const STATUS_FIELDS: ReadonlySet<string> = new Set(TASK_STATUS_FIELD_LIST);

/**
 * A product's task status field (`seoStatus`, …): written by `setTaskStatus` only. An option's own
 * per-task state (`options.{i}.mainImageStatus`, `options.{i}.quotationStatus`) is its task's data.
 */
export function isStatusField(path: string): boolean {
  return STATUS_FIELDS.has(path.split('.', 1)[0]!);
}

/** Whether a write sets the product's SEO name (seo.productName, or the whole seo). */
export function namesSeo(fields: Record<string, unknown>): boolean {
  return 'seo.productName' in fields || 'seo' in fields;
}

/**
 * Issue 20: a seller's new SEO name is every document's name, except where the seller named a
 * document themselves (fieldSources) or names it in this same request. The derived writes are not
 * the seller's edits (a later SEO run may move them again).
 */
export function withDocumentNames(
  doc: StoredProduct,
  fields: Record<string, unknown>,
  updates: ParsedUpdate[],
): ParsedUpdate[] {
  const seo = fields['seo.productName'] ?? (isRecord(fields.seo) ? fields.seo.productName : undefined);
  if (typeof seo !== 'string') return updates;
  const sources = readFieldSources(doc.fieldSources);
  const written = Object.keys(fields);
  const touches = (path: string) =>
    written.some((w) => path === w || path.startsWith(`${w}.`) || w.startsWith(`${path}.`));
  const names = syncDocumentNames(
    seo,
    doc.coupangDoc?.jsonDocument?.length ?? 0,
    (path) => findFieldSource(sources, path) === 'seller' || touches(path),
  );
  return [
    ...updates,
    ...Object.entries(names).map(([path, value]) => ({ segments: path.split('.'), value })),
  ];
}

/**
 * The paths a seller's write changes (dotted-path fields against the stored document), to be
 * recorded as the seller's in doc.fieldSources: later task runs leave them alone.
 */
export function changedPaths(stored: JsonDocument, fields: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [path, value] of Object.entries(fields)) {
    for (const p of diffPaths({ v: readDocumentPath(stored, path) }, { v: value }))
      out.push(path + p.slice(1));
  }
  return out.filter(isTrackedContentPath);
}
