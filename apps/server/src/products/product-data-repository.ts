import type { Db } from '../db/database.ts';
import { readDefaultSettings } from '../settings/settings-repository.ts';
import { findDocumentUpdateBase } from './document-update-base-repository.ts';
import {
  findImportHistory,
  inOfferTransaction,
  insertImportHistory,
  lockProductForReimport,
  writeReimportedDoc,
} from './import-repository.ts';
import { listProducts } from './product-list-repository.ts';
import {
  countTaskStatuses,
  existingProductIds,
  lockProductRow,
  readCompanyBarcodes,
  readPricedProductIds,
  readProductsOfRun,
  readProductsUnderReview,
  readRegistrationParts,
  readUntranslatedPhrases,
} from './product-projection-repository.ts';
import {
  applyDocumentUpdate,
  applyPartialUpdate,
  applyPartialUpdateAtVersion,
  deleteProducts,
  findInheritedText,
  findPathValues,
  findProduct,
  findProductByOfferId,
  findProductByRegistrationId,
  findProductForUpdate,
  findProductsByOfferIds,
  findProductText,
  findProductVersion,
  insertProduct,
  insertProductText,
  nextRegistrationId,
  registrationIdsWithPrefix,
  replaceProductDoc,
  replaceProductText,
  updateAtKnownVersion,
} from './product-repository.ts';

// The products module's SQL as one object (issue 40): every query of products/' repositories bound
// to one handle, built once by the container (the app's pool, and the heavy-writes pool), so the
// store and the services never hold the database. A transaction hands its callback the same shape
// bound to the transaction (`repo.transaction(async (tx) => …)`).

/** The queries that take the handle first, by the name the repository object gives them. */
const QUERIES = {
  findProduct,
  findProductByRegistrationId,
  findProductByOfferId,
  findProductsByOfferIds,
  nextRegistrationId,
  insertProduct,
  findProductText,
  findInheritedText,
  insertProductText,
  replaceProductText,
  replaceProductDoc,
  findPathValues,
  findProductForUpdate,
  applyPartialUpdate,
  applyDocumentUpdate,
  updateAtKnownVersion,
  findProductVersion,
  applyPartialUpdateAtVersion,
  deleteProducts,
  registrationIdsWithPrefix,
  readProductsOfRun,
  readProductsUnderReview,
  existingProductIds,
  readRegistrationParts,
  readUntranslatedPhrases,
  readCompanyBarcodes,
  readPricedProductIds,
  lockProductRow,
  countTaskStatuses,
  listProducts,
  findDocumentUpdateBase,
  lockProductForReimport,
  writeReimportedDoc,
  insertImportHistory,
  findImportHistory,
  /** The company's default settings, read on this handle (inside the caller's transaction). */
  readDefaultSettings,
};

type Queries = typeof QUERIES;
type Bound<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

export type ProductRepository = { readonly [K in keyof Queries]: Bound<Queries[K]> } & {
  /** True when this object is bound to a transaction (the caches' fast paths are skipped then). */
  readonly isTransaction: boolean;
  /** Runs `work` in one transaction, with this repository bound to it. */
  transaction<T>(work: (tx: ProductRepository) => Promise<T>): Promise<T>;
  /** One transaction holding the company's lock on this 1688 offer (import-repository.ts). */
  inOfferTransaction<T>(
    companyId: string,
    offerId: string,
    work: (tx: ProductRepository) => Promise<T>,
  ): Promise<T>;
};

export function createProductRepository(db: Db): ProductRepository {
  const bound: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(QUERIES)) {
    bound[name] = (...args: unknown[]) => (query as (db: Db, ...rest: unknown[]) => unknown)(db, ...args);
  }
  const own: Pick<ProductRepository, 'isTransaction' | 'transaction' | 'inOfferTransaction'> = {
    isTransaction: db.isTransaction,
    transaction: (work) => db.transaction().execute((trx) => work(createProductRepository(trx))),
    inOfferTransaction: (companyId, offerId, work) =>
      inOfferTransaction(db, companyId, offerId, (trx) => work(createProductRepository(trx))),
  };
  return Object.assign(bound, own) as ProductRepository;
}
