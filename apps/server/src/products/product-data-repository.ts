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
  deleteProducts,
  findDocumentBytes,
  findInheritedText,
  findPathValues,
  findProduct,
  findProductByOfferId,
  findProductByRegistrationId,
  findProductForUpdate,
  findProductsByOfferIds,
  findProductText,
  findProductVersion,
  insertProductText,
  nextRegistrationId,
  readSchemaInfo,
  registrationIdsWithPrefix,
  replaceProductText,
  updatePaths,
  updatePathsAtVersion,
  updatePathsReturningDocuments,
  updatePathsWithRate,
  writeCompleteness,
} from './product-repository.ts';

// The products module's SQL as one object (issue 40): every query of products/' repositories bound
// to one handle, built once by the container (the app's pool, and the heavy-writes pool), so the
// store and the services never hold the database. A transaction hands its callback the same shape
// bound to the transaction (`repo.transaction(async (tx) => …)`).
//
// One door for product writes: the whole object (`ProductRepository`, with the writes and the
// transactions) is the ProductStore's; a service gets `ProductQueries` (`queriesOf(repo)`), the
// same object without them, so it writes through the store. scripts/check-deps.mjs holds it by
// imports: only the store's modules and the builders (container.ts, the work pool's thread
// repository) import anything from this file but the `ProductQueries` type and `queriesOf`.

/** The queries that take the handle first, by the name the repository object gives them. */
const QUERIES = {
  findProduct,
  findProductByRegistrationId,
  findProductByOfferId,
  findProductsByOfferIds,
  nextRegistrationId,
  findProductText,
  findInheritedText,
  insertProductText,
  replaceProductText,
  findPathValues,
  findProductForUpdate,
  updatePaths,
  updatePathsWithRate,
  updatePathsReturningDocuments,
  readSchemaInfo,
  writeCompleteness,
  findProductVersion,
  findDocumentBytes,
  updatePathsAtVersion,
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

/**
 * The statements that change a product row (or lock one, or allocate a registration id), and the
 * transactions: the store's alone. A service's repository (`ProductQueries`) has none of them.
 */
const WRITES = [
  'nextRegistrationId',
  'insertProductText',
  'replaceProductText',
  'findProductForUpdate',
  'updatePaths',
  'updatePathsWithRate',
  'updatePathsReturningDocuments',
  'writeCompleteness',
  'updatePathsAtVersion',
  'deleteProducts',
  'lockProductRow',
  'lockProductForReimport',
  'writeReimportedDoc',
  'transaction',
  'inOfferTransaction',
] as const satisfies readonly (keyof ProductRepository)[];

/** The product queries a service may call: reads (and the import history), no product write. */
export type ProductQueries = Omit<ProductRepository, (typeof WRITES)[number]>;

/** The repository without its writes (a new object: the writes are not reachable from it at run time). */
export function queriesOf(repo: ProductRepository): ProductQueries {
  const out: Record<string, unknown> = { ...repo };
  for (const name of WRITES) delete out[name];
  return out as ProductQueries;
}
