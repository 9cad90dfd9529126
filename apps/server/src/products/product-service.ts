import type { GetListRequest as GetListRequestSchema } from '@rr/contracts';
import {
  buildCoupangDoc,
  isRecord,
  isSizeChartRequired,
  MESSAGES,
  makeOptionNumber,
  OPTION_PRICE_FIELDS,
  type ProductFields,
  productDisplayName,
  productPath,
  type TaskName,
  TaskStatus,
  taskOfFeature,
} from '@rr/domain';
import type { z } from 'zod';
import type { CategorySchemas, StoredCategorySchema } from '../categories/category-schemas.ts';
import { isLeafCategory } from '../categories/category-tree.ts';
import type { DocumentValidator } from '../categories/validate-document.ts';
import type { CompanyRepository } from '../companies/company-repository.ts';
import { AppError, badRequest, notFound } from '../errors/app-error.ts';
import type { FileStorage } from '../images/storage.ts';
import { chunksForPool, WORK_POOL_JSON_BYTES, type WorkPool } from '../limits/work-pool.ts';
import { createWriteLanes, type WriteLane, type WriteLanes } from '../limits/write-lanes.ts';
import { type DefaultSettingsView, reportChanges } from './document-rules.ts';
import { importHistory, importOffers } from './import-service.ts';
import type { ProductCaches } from './product-caches.ts';
import type { ProductQueries } from './product-data-repository.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import {
  isUuid,
  type ProductDoor,
  type ProductRow,
  type StoredSaveItems,
  storedDocument,
  toProduct,
} from './product-store.ts';
import { uploadImage } from './upload-image.ts';
import { productNotFound, readVersionOf, versionConflict } from './whole-document.ts';

// The spec's product calls (W §5, §7; Q §5). Every function takes the signed-in company. Reads go
// to the products' queries (`ProductQueries`: no write among them); every write is a ProductStore
// method, which applies the same rules wherever it is called from (issue 40: one door for writes).

export { changedPaths, withDocumentNames } from './product-store.ts';
export { productNotFound, versionConflict } from './whole-document.ts';

const COMMA = Buffer.from(',');

export async function getProductList(
  repo: ProductQueries,
  caches: ProductCaches,
  companyId: string,
  criteria: z.output<typeof GetListRequestSchema>,
) {
  const page = await repo.listProducts(caches, companyId, criteria);
  // Sent as bytes: a full page's cached schema texts are not decoded and encoded again.
  const parts: Buffer[] = [Buffer.from('{"products":[')];
  page.jsonRows.forEach((row, i) => {
    if (i > 0) parts.push(COMMA);
    for (const chunk of typeof row === 'string' ? [row] : row)
      parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  });
  parts.push(Buffer.from(`],"total":${page.total},"page":${criteria.page},"pageSize":${criteria.pageSize}}`));
  return Buffer.concat(parts);
}

export async function getProduct(repo: ProductQueries, companyId: string, id: string) {
  const row = await repo.findProduct(companyId, id);
  if (!row) throw productNotFound();
  return toProduct(row);
}

/** A whole product document as JSON: as a client sent it, or as stored (`storedDocument`). */

/**
 * update: the whole product, by `_id` (W §5 'invalid product information' without one), made from
 * the version the client read (409 when the product changed since). The server's own fields
 * (source, rocketRegInfo) are kept as stored.
 */
export async function updateProduct(
  store: Pick<ProductDoor, 'replaceWhole'>,
  companyId: string,
  body: unknown,
  lane: WriteLane = 'light',
) {
  const product = isRecord(body) && isRecord(body.product) && body._id === undefined ? body.product : body;
  if (!isRecord(product) || typeof product._id !== 'string' || product._id === '') {
    throw badRequest(MESSAGES.invalidProductInformation, 'invalid_product');
  }
  const id = product._id;
  // The version is read once the product is found: a product that is not the company's is 404 first.
  const readVersion = () => readVersionOf(isRecord(body) ? body : {}, product);
  const { row, changes } = await store.replaceWhole(companyId, { ...product, _id: id }, readVersion, lane);
  return { ...toProduct(row), ...(changes.length ? { normalized: reportChanges(changes) } : {}) };
}

/**
 * The option fields each feature owns (what its task writes per option: tasks/seo, tasks/pricing).
 * updateFeature writes these of each option and nothing else of `options`.
 */
type OptionField = 'korName' | (typeof OPTION_PRICE_FIELDS)[number];
const FEATURE_OPTION_FIELDS: Readonly<Record<string, readonly OptionField[]>> = {
  seo: ['korName'],
  pricing: OPTION_PRICE_FIELDS,
};

/**
 * updateFeature: registrationId plus the feature's data (W §5), made from the version the client read
 * (`version`, else the product's `updatedAt` as answered; 409 when the product changed since). Only
 * the feature's own fields change, path by path: the feature, its status, and for SEO and pricing the
 * option fields that feature owns — never the whole options array (image task statuses stay).
 */
/**
 * Where the seller's explicit actions set their task's status: the ProductStore's one status method
 * (`ProductStore.setTaskStatus`; its type written here, the store imports this module).
 */
export type TaskStatusWriter = {
  setTaskStatus(
    scope: { companyId: string; productId: string },
    task: TaskName,
    status: TaskStatus,
  ): Promise<boolean>;
};

export async function updateFeature(
  repo: ProductQueries,
  store: TaskStatusWriter & Pick<ProductDoor, 'changeUnderLock'>,
  companyId: string,
  body: unknown,
  lane: WriteLane = 'light',
) {
  const feature = isRecord(body) ? body.feature : undefined;
  const product = isRecord(body) ? body.product : undefined;
  if (typeof feature !== 'string' || !isRecord(product) || typeof product.registrationId !== 'string') {
    throw badRequest(MESSAGES.featureDataMissing, 'feature_data_missing');
  }
  const task = taskOfFeature(feature);
  if (!task) throw badRequest(PRODUCT_MESSAGES.unknownFeature(feature), 'unknown_feature');
  const data = product[feature];
  if (data === undefined || data === null)
    throw badRequest(MESSAGES.featureDataMissing, 'feature_data_missing');
  const found = await repo.findProductByRegistrationId(companyId, product.registrationId);
  if (!found) throw productNotFound();
  const readVersion = readVersionOf(isRecord(body) ? body : {}, product);
  const fields: Record<string, unknown> = { [feature]: data };
  // The feature's status comes along (set through the store's status method once the data is
  // written); detail images also keep their per-image status object.
  const sentStatus = product[task.statusField];
  const status = sentStatus === undefined ? undefined : TaskStatus.safeParse(sentStatus);
  if (status && !status.success) throw badRequest(MESSAGES.invalidData, 'invalid_task_status');
  if (feature === 'detailImages' && typeof product.detailImageStatusObj === 'string')
    fields.detailImageStatusObj = product.detailImageStatusObj;
  const optionFields = FEATURE_OPTION_FIELDS[feature] ?? [];
  const sentOptions = Array.isArray(product.options) ? product.options : undefined;
  // Read, compare and write under the row lock: a write in between is a conflict, never lost. The
  // store checks the fields as a seller's explicit action's (detailImageStatusObj, the detail images'
  // status record, allowed: W §7), moves the documents' names with a new SEO name (issue 20, not as
  // the seller's edits) and marks the seller's changes.
  const updated = await store.changeUnderLock(
    { companyId, productId: found.id },
    {
      by: 'seller',
      version: readVersion,
      lane,
      invalid: () => badRequest(MESSAGES.featureDataMissing, 'feature_data_missing'),
    },
    (row) => {
      if (optionFields.length > 0 && sentOptions) {
        const stored = row.doc.options ?? [];
        // Options added or removed since the client read them: its indexes no longer match.
        if (sentOptions.length !== stored.length) throw versionConflict();
        sentOptions.forEach((option, i) => {
          if (!isRecord(option)) return;
          for (const f of optionFields) if (f in option) fields[productPath('options', i, f)] = option[f];
        });
      }
      return { fields, result: row.id };
    },
  );
  // updateFeature (W §7) sets its feature's status: a seller's explicit action.
  if (status?.data && !(await store.setTaskStatus({ companyId, productId: updated }, task.name, status.data)))
    throw productNotFound();
  const written = await repo.findProduct(companyId, updated);
  if (!written) throw productNotFound();
  return { label: task.label, product: toProduct(written) };
}

/**
 * saveItems: new products (a split's groups, Q §4) or replacements of existing ones. A product whose
 * registrationId already exists in the company is replaced; `{base}_{n}` inherits the base's source data.
 *
 * The body arrives as the chunks it was received in. From WORK_POOL_JSON_BYTES the whole save runs in
 * a work-pool thread, which writes to the database on its own connection (products/save-items-store.ts):
 * the request loop only reads the body and answers the stored texts as they come back (issue 21: a
 * 9 MB document cost the loop 130–180 ms a save, then 30–60 ms while the loop still sent it to
 * PostgreSQL). All items are written in one transaction, or none.
 */
export async function saveItems(
  repo: ProductQueries,
  store: Pick<ProductDoor, 'saveItems'>,
  work: WorkPool | undefined,
  companyId: string,
  body: readonly Buffer[],
): Promise<StoredSaveItems> {
  const length = body.reduce((n, c) => n + c.byteLength, 0);
  const settings = await repo.readDefaultSettings(companyId);
  if (work?.writesToDatabase && length >= WORK_POOL_JSON_BYTES) {
    const moved = chunksForPool(body);
    return work.run(companyId, 'saveItems', { companyId, chunks: moved.chunks, settings }, moved.transfer);
  }
  return store.saveItems(companyId, Buffer.concat(body, length).toString('utf8'), settings);
}

const OPEN_ITEMS = Buffer.from('"savedItems":[');

/**
 * saveItems' answer (`res`, `message`, `savedItems`), assembled from the stored texts: each saved
 * product is its document with the server's fields laid over it, as `toProduct` answers one. The
 * parts are sent one after another, not copied into one buffer (a 9 MB document would be copied
 * once more on the request loop, and each such buffer hastens a full garbage collection there).
 */
export function saveItemsAnswer(message: string, saved: StoredSaveItems): Buffer[] {
  const parts: Buffer[] = [Buffer.from(`{"res":"success","message":${JSON.stringify(message)},`), OPEN_ITEMS];
  const bytes = Buffer.from(saved.bytes.buffer, saved.bytes.byteOffset, saved.bytes.byteLength);
  saved.items.forEach(({ row, start, end }, i) => {
    if (i > 0) parts.push(COMMA);
    const body = bytes.subarray(start, end - 1); // the document without its closing brace
    const fields = JSON.stringify({
      _id: row.id,
      registrationId: row.registration_id,
      completeness: row.completeness,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    });
    parts.push(body, Buffer.from(`${body.byteLength > 1 ? ',' : ''}${fields.slice(1)}`));
  });
  parts.push(Buffer.from(']}'));
  return parts;
}

export async function deleteItems(
  repo: ProductQueries,
  store: Pick<ProductDoor, 'deleteProducts'>,
  companyId: string,
  body: { _id?: string; ids?: string[]; registrationId?: string },
) {
  const ids = [...(body.ids ?? []), ...(body._id ? [body._id] : [])];
  if (body.registrationId) {
    const row = await repo.findProductByRegistrationId(companyId, body.registrationId);
    if (!row) throw productNotFound();
    ids.push(row.id);
  }
  const count = await store.deleteProducts(companyId, ids);
  if (count === null) throw productNotFound();
  return count;
}

/** getProductInfo: the stored 1688 source data of a product (by `_id` or by offer id). */
export async function getProductInfo(repo: ProductQueries, companyId: string, productIds: string[]) {
  const result = [];
  for (const productId of productIds) {
    const row = isUuid(productId)
      ? await repo.findProduct(companyId, productId)
      : /^\d{1,30}$/.test(productId)
        ? await repo.findProductByOfferId(companyId, productId)
        : undefined;
    const source = row?.doc.source;
    result.push({
      productId,
      result: row
        ? {
            success: true,
            result: {
              productId: row.id,
              registrationId: row.registration_id,
              offerId: typeof source?.offerId === 'string' ? source.offerId : null,
              offer: source?.offer ?? null,
            },
          }
        : { success: false, result: null, message: PRODUCT_MESSAGES.productInfoMissing.ko },
    });
  }
  return { result };
}

/** regproduct: category → rocketRegInfo, option numbers, coupangDoc skeleton (one document per option). */
export async function registerProduct(
  repo: ProductQueries,
  store: TaskStatusWriter & Pick<ProductDoor, 'changeUnderLock'>,
  categories: CategorySchemas,
  companyId: string,
  input: { productId: string; displayCategoryCode: number; force: boolean; version?: string | undefined },
) {
  const code = input.displayCategoryCode;
  const stored = await categories.find(code, companyId);
  if (!stored) throw notFound(PRODUCT_MESSAGES.categoryNotFound(code), 'category_not_found');
  if (!stored.isCompany && !isLeafCategory(categories.tree(), code))
    throw badRequest(PRODUCT_MESSAGES.categoryNotLeaf(code), 'category_not_leaf');
  const defaults = await repo.readDefaultSettings(companyId);
  // Read, build and write under the row lock: nothing written in between is lost (an unreadable
  // version is a conflict).
  const registered = await store.changeUnderLock(
    { companyId, productId: input.productId },
    {
      by: 'server',
      version: input.version === undefined ? undefined : new Date(input.version),
      invalid: (problems) => new AppError('server_error', 'internal', MESSAGES.productUpdateFailed, problems),
    },
    (row) => {
      const planned = registrationFields(row, stored, defaults, input.force);
      return { fields: planned.fields, result: { id: row.id, sizeChartStatus: planned.sizeChartStatus } };
    },
  );
  // regproduct sets the size chart task's status (pending or disabled): a seller's explicit action.
  const scope = { companyId, productId: registered.id };
  if (!(await store.setTaskStatus(scope, 'sizeChart', registered.sizeChartStatus))) throw productNotFound();
  const updated = await repo.findProduct(companyId, registered.id);
  if (!updated) throw productNotFound();
  return {
    message: PRODUCT_MESSAGES.registered(updated.doc.options?.length ?? 0, stored.categoryPath),
    product: toProduct(updated),
  };
}

/**
 * What regproduct writes on a product as read (pure): rocketRegInfo from the category's schema,
 * numbered options and, unless kept, the option documents' skeleton; and the size chart task's
 * status (pending when the category asks for a size chart, else disabled).
 */
export function registrationFields(
  row: ProductRow,
  stored: StoredCategorySchema,
  defaults: DefaultSettingsView,
  force: boolean,
): { fields: ProductFields; sizeChartStatus: TaskStatus } {
  const code = stored.displayCategoryCode;
  const doc = row.doc;
  // The options are written back whole: from the stored document, with any set-aside values.
  const whole = storedDocument(row);
  const options = (Array.isArray(whole.options) ? whole.options : []).filter(isRecord);
  if (options.length === 0) throw badRequest(MESSAGES.noOptionsToProcess, 'no_options');
  const typedOptions = doc.options ?? [];
  const numbered = options.map((o, i) => ({
    ...o,
    optionNumber: makeOptionNumber(row.registration_id, i + 1),
  }));
  const productName = productDisplayName(doc);
  const sameCategory = doc.rocketRegInfo?.displayCategoryCode === code;
  const keepDoc = !force && sameCategory && doc.coupangDoc?.jsonDocument?.length === numbered.length;
  const offerId = doc.source?.offerId ?? null;
  const fields: ProductFields = {
    rocketRegInfo: {
      categoryPath: stored.categoryPath,
      categoryId: code,
      displayCategoryCode: code,
      schemaString: JSON.stringify(stored.jsonSchema),
      schemaInfo: stored.schema,
      isGenericSchema: stored.isGeneric,
    },
    categoryPath: stored.categoryPath,
    options: numbered,
  };
  if (!keepDoc) {
    // The skeleton is built by the rules' own defaults (origin from the settings); its blanks are
    // left for the quotation and the seller, so it is not normalised (blanks would read as filled).
    const built = buildCoupangDoc(stored.schema, {
      ...defaults,
      productName,
      categoryPath: stored.categoryPath,
      options: numbered.map((o, i) => ({
        optionNumber: o.optionNumber,
        weightG: typedOptions[i]?.weightG ?? null,
        sizeCm: typedOptions[i]?.sizeCm ?? null,
      })),
      offerId,
    });
    fields.coupangDoc = built;
  }
  return { fields, sizeChartStatus: isSizeChartRequired(stored.schema) ? 'pending' : 'disabled' };
}

/**
 * Checks every option document against the stored schema of the product's category (Ajv), never
 * against the schema text inside the product. Q §5 messages without registration info.
 */
export async function validateProductDocuments(
  repo: ProductQueries,
  validator: DocumentValidator,
  categories: CategorySchemas,
  companyId: string,
  productId: string,
  work?: WorkPool,
) {
  const row = await repo.findProduct(companyId, productId);
  if (!row) throw productNotFound();
  const doc = row.doc;
  if (typeof doc.rocketRegInfo?.schemaString !== 'string') {
    throw badRequest(MESSAGES.registrationInfoMissing, 'registration_info_missing');
  }
  // Validated as stored (with any values the parse set aside: Ajv judges them).
  const stored = storedDocument(row);
  const coupangDoc = isRecord(stored.coupangDoc) ? stored.coupangDoc : {};
  const jsonDocument = Array.isArray(coupangDoc.jsonDocument) ? coupangDoc.jsonDocument : [];
  if (jsonDocument.length === 0) throw badRequest(MESSAGES.coupangDocMissing, 'coupang_doc_missing');
  const options = doc.options ?? [];
  const code = Number(doc.rocketRegInfo.displayCategoryCode);
  const category = Number.isInteger(code) ? await categories.find(code, companyId) : undefined;
  if (!category) throw notFound(PRODUCT_MESSAGES.categoryNotFound(code), 'category_not_found');
  const schemaString = JSON.stringify(category.jsonSchema);
  // Compiling a schema takes seconds for a large category: in the work pool (time and memory bound).
  const results = work
    ? await work.run(companyId, 'validate', { schemaString, documents: jsonDocument })
    : jsonDocument.map((d) => validator.validate(schemaString, d));
  const documents = results.map((r, index) => {
    const option = options[index];
    return {
      index,
      optionNumber: option?.optionNumber ?? null,
      valid: r.valid,
      errors: r.errors,
    };
  });
  return { valid: documents.every((d) => d.valid), documents };
}

/**
 * The product calls over the container's product queries and store (built once per container):
 * what the routes call, so a route never holds the database itself. Reads go to `repo` (no write
 * among its queries); every write goes through `store`.
 */
export function createProductService(deps: {
  repo: ProductQueries;
  store: ProductDoor;
  storage: FileStorage;
  caches: ProductCaches;
  validator: DocumentValidator;
  categories: CategorySchemas;
  work?: WorkPool | undefined;
  /**
   * Which connections a seller's write takes, company by company (issue 39): a company that wrote
   * little lately writes on the app's pool at once; the others share the low-priority one fairly
   * (limits/write-lanes.ts); the store holds both.
   */
  lanes?: WriteLanes;
  /** The container's company repository (the upload's file name carries the supplier code). */
  companies: Pick<CompanyRepository, 'supplierCodeOf'>;
}) {
  const { repo, store, storage, caches, validator, categories, work, companies } = deps;
  const lanes = deps.lanes ?? createWriteLanes();
  const sizes = createDocumentSizes(repo);
  return {
    list: (companyId: string, criteria: z.output<typeof GetListRequestSchema>) =>
      getProductList(repo, caches, companyId, criteria),
    get: (companyId: string, id: string) => getProduct(repo, companyId, id),
    updatePartial: async (companyId: string, body: unknown) => {
      const productId = isRecord(body) && typeof body.productId === 'string' ? body.productId : undefined;
      return lanes.run(
        companyId,
        async (lane) => {
          const answer = await store.updatePartial(companyId, body, lane);
          lanes.charge(companyId, answer.docBytes);
          if (productId) sizes.wrote(companyId, productId, answer.docBytes);
          return answer;
        },
        productId ? await sizes.of(companyId, productId) : undefined,
      );
    },
    update: async (companyId: string, body: unknown) => {
      const productId = wholeProductIdOf(body);
      const stored = productId ? await sizes.of(companyId, productId) : undefined;
      try {
        return await lanes.run(companyId, (lane) => updateProduct(store, companyId, body, lane), stored);
      } finally {
        // The whole document was replaced: its size is read again before the next write.
        if (productId) sizes.forget(companyId, productId);
      }
    },
    updateFeature: (companyId: string, body: unknown) =>
      lanes.run(companyId, (lane) => updateFeature(repo, store, companyId, body, lane)),
    /** The answer is assembled from the stored texts, with the caller's message (its language). */
    saveItems: async (companyId: string, body: readonly Buffer[]) => {
      const saved = await saveItems(repo, store, work, companyId, body);
      // What a company saved counts toward its lane like what its updates rewrote.
      lanes.charge(
        companyId,
        body.reduce((n, b) => n + b.byteLength, 0),
      );
      return { count: saved.items.length, answer: (message: string) => saveItemsAnswer(message, saved) };
    },
    deleteItems: (companyId: string, body: Parameters<typeof deleteItems>[3]) =>
      deleteItems(repo, store, companyId, body),
    info: (companyId: string, productIds: string[]) => getProductInfo(repo, companyId, productIds),
    register: (companyId: string, body: Parameters<typeof registerProduct>[4]) =>
      registerProduct(repo, store, categories, companyId, body),
    validateDocuments: (companyId: string, productId: string) =>
      validateProductDocuments(repo, validator, categories, companyId, productId, work),
    importOffers: (companyId: string, body: Parameters<typeof importOffers>[3]) =>
      importOffers(repo, store, companyId, body, work),
    importHistory: (companyId: string, limit: number) => importHistory(repo, companyId, limit),
    uploadImage: (companyId: string, input: Parameters<typeof uploadImage>[3]) =>
      uploadImage(companies, storage, companyId, input),
  };
}
export type ProductService = ReturnType<typeof createProductService>;

/** The product id of an update's body (`{ product: {...} }` or the product itself), as updateProduct reads it. */
function wholeProductIdOf(body: unknown): string | undefined {
  const product = isRecord(body) && isRecord(body.product) && body._id === undefined ? body.product : body;
  return isRecord(product) && typeof product._id === 'string' && product._id !== '' ? product._id : undefined;
}

/**
 * The stored size of the documents sellers write (`doc_bytes`), so the write lanes know before a write
 * what it will rewrite (issue 39): read once per product, then kept from each partial update's
 * answer. At most `max` products are remembered (the oldest dropped first); a size read before
 * another process's write is only a lane's guess, never data.
 */
function createDocumentSizes(repo: Pick<ProductQueries, 'findDocumentBytes'>, max = 20_000) {
  const known = new Map<string, number>();
  const keyOf = (companyId: string, productId: string) => `${companyId}/${productId}`;
  const remember = (key: string, bytes: number) => {
    known.delete(key);
    known.set(key, bytes);
    if (known.size > max) known.delete(known.keys().next().value as string);
  };
  return {
    async of(companyId: string, productId: string): Promise<number | undefined> {
      const key = keyOf(companyId, productId);
      const cached = known.get(key);
      if (cached !== undefined) return cached;
      const bytes = await repo.findDocumentBytes(companyId, productId);
      if (bytes !== undefined) remember(key, bytes);
      return bytes;
    },
    wrote(companyId: string, productId: string, bytes: number) {
      if (Number.isFinite(bytes) && bytes > 0) remember(keyOf(companyId, productId), bytes);
    },
    forget(companyId: string, productId: string) {
      known.delete(keyOf(companyId, productId));
    },
  };
}
