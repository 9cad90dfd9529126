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
import {
  type DefaultSettingsView,
  loadNormalizeContext,
  normalizeChangedDocuments,
  reportChanges,
} from './document-rules.ts';
import { importHistory, importOffers } from './import-service.ts';
import type { ProductCaches } from './product-caches.ts';
import type { ProductRepository } from './product-data-repository.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import { isUuid, type ProductRow, storedDocument, toProduct } from './product-repository.ts';
import { changedPaths, type ProductStore, withDocumentNames } from './product-store.ts';
import { type StoredSaveItems, storeSaveItems } from './save-items-store.ts';
import { parseUpdateFields, sanitizeDocument } from './update-paths.ts';
import { uploadImage } from './upload-image.ts';
import {
  productNotFound,
  readVersionOf,
  versionConflict,
  withSellerMarks,
  withServerFields,
} from './whole-document.ts';
import { guardWrite } from './write-errors.ts';

// The spec's product calls (W §5, §7; Q §5). Every function takes the signed-in company.

// The seller's partial update (updatePartial's rules: document rules, seller marks, the caches) is
// the ProductStore's: the store applies the same rules to every write (issue 40).
export { changedPaths, updateProductPartial, withDocumentNames } from './product-store.ts';
export { productNotFound, versionConflict } from './whole-document.ts';

const COMMA = Buffer.from(',');

export async function getProductList(
  repo: ProductRepository,
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

export async function getProduct(repo: ProductRepository, companyId: string, id: string) {
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
export async function updateProduct(repo: ProductRepository, companyId: string, body: unknown) {
  const product = isRecord(body) && isRecord(body.product) && body._id === undefined ? body.product : body;
  if (!isRecord(product) || typeof product._id !== 'string' || product._id === '') {
    throw badRequest(MESSAGES.invalidProductInformation, 'invalid_product');
  }
  const existing = await repo.findProduct(companyId, product._id);
  if (!existing) throw productNotFound();
  const readVersion = readVersionOf(isRecord(body) ? body : {}, product);
  const stored = storedDocument(existing);
  const sent = withServerFields(sanitizeDocument(product), stored);
  const context = await loadNormalizeContext(repo, companyId, sent);
  const { doc, changes } = normalizeChangedDocuments(stored, sent, context);
  const row = await guardWrite(
    repo.replaceProductDoc(companyId, product._id, withSellerMarks(stored, doc), readVersion),
  );
  if (!row) throw (await repo.findProduct(companyId, product._id)) ? versionConflict() : productNotFound();
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
  repo: ProductRepository,
  statuses: TaskStatusWriter,
  companyId: string,
  body: unknown,
  caches?: ProductCaches,
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
  // Read, compare and write under the row lock: a write in between is a conflict, never lost.
  const updated = await guardWrite(
    repo.transaction(async (tx) => {
      const row = await tx.findProductForUpdate(companyId, found.id);
      if (!row) throw productNotFound();
      if (row.updated_at.getTime() !== readVersion.getTime()) throw versionConflict();
      if (optionFields.length > 0 && sentOptions) {
        const stored = row.doc.options ?? [];
        // Options added or removed since the client read them: its indexes no longer match.
        if (sentOptions.length !== stored.length) throw versionConflict();
        sentOptions.forEach((option, i) => {
          if (!isRecord(option)) return;
          for (const f of optionFields) if (f in option) fields[productPath('options', i, f)] = option[f];
        });
      }
      // detailImageStatusObj: the detail images' status record, a seller's explicit action's (W §7).
      const parsed = parseUpdateFields(fields, { withStatus: true });
      if (!parsed.ok) throw badRequest(MESSAGES.featureDataMissing, 'feature_data_missing');
      // A new SEO name moves the documents' names too (issue 20), not as the seller's edits.
      await tx.applyPartialUpdate(companyId, row.id, withDocumentNames(row.doc, fields, parsed.updates), {
        sellerPaths: changedPaths(storedDocument(row), fields),
        caches,
      });
      return row.id;
    }),
  );
  // updateFeature (W §7) sets its feature's status: a seller's explicit action.
  if (
    status?.data &&
    !(await statuses.setTaskStatus({ companyId, productId: updated }, task.name, status.data))
  )
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
  repo: ProductRepository,
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
  return storeSaveItems(repo, companyId, Buffer.concat(body, length).toString('utf8'), settings);
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
  repo: ProductRepository,
  companyId: string,
  body: { _id?: string; ids?: string[]; registrationId?: string },
) {
  const ids = [...(body.ids ?? []), ...(body._id ? [body._id] : [])];
  if (body.registrationId) {
    const row = await repo.findProductByRegistrationId(companyId, body.registrationId);
    if (!row) throw productNotFound();
    ids.push(row.id);
  }
  const count = await repo.deleteProducts(companyId, ids);
  if (count === null) throw productNotFound();
  return count;
}

/** getProductInfo: the stored 1688 source data of a product (by `_id` or by offer id). */
export async function getProductInfo(repo: ProductRepository, companyId: string, productIds: string[]) {
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
  repo: ProductRepository,
  statuses: TaskStatusWriter,
  categories: CategorySchemas,
  companyId: string,
  input: { productId: string; displayCategoryCode: number; force: boolean; version?: string | undefined },
  caches?: ProductCaches,
) {
  const code = input.displayCategoryCode;
  const stored = await categories.find(code, companyId);
  if (!stored) throw notFound(PRODUCT_MESSAGES.categoryNotFound(code), 'category_not_found');
  if (!stored.isCompany && !isLeafCategory(categories.tree(), code))
    throw badRequest(PRODUCT_MESSAGES.categoryNotLeaf(code), 'category_not_leaf');
  const defaults = await repo.readDefaultSettings(companyId);
  // Read, build and write under the row lock: nothing written in between is lost.
  const registered = await guardWrite(
    repo.transaction(async (tx) => {
      const row = await tx.findProductForUpdate(companyId, input.productId);
      if (!row) throw productNotFound();
      if (input.version !== undefined) {
        const read = new Date(input.version);
        if (Number.isNaN(read.getTime()) || read.getTime() !== row.updated_at.getTime())
          throw versionConflict();
      }
      const planned = registrationFields(row, stored, defaults, input.force);
      const parsed = parseUpdateFields(planned.fields, { byServer: true });
      if (!parsed.ok)
        throw new AppError('server_error', 'internal', MESSAGES.productUpdateFailed, parsed.problems);
      await tx.applyPartialUpdate(companyId, row.id, parsed.updates, { caches });
      return { id: row.id, sizeChartStatus: planned.sizeChartStatus };
    }),
  );
  // regproduct sets the size chart task's status (pending or disabled): a seller's explicit action.
  const scope = { companyId, productId: registered.id };
  if (!(await statuses.setTaskStatus(scope, 'sizeChart', registered.sizeChartStatus)))
    throw productNotFound();
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
  repo: ProductRepository,
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
 * The product calls bound to the container's database and storage (built once per container): what
 * the routes call, so a route never holds the database itself.
 */
export function createProductService(
  repo: ProductRepository,
  storage: FileStorage,
  caches: ProductCaches,
  validator: DocumentValidator,
  categories: CategorySchemas,
  work?: WorkPool,
  /** Where update, updatePartial and updateFeature write (the container's low-priority connections). */
  heavyRepo: ProductRepository = repo,
  /**
   * Which of the two those writes take, company by company (issue 39): a company that wrote little
   * lately writes on `repo` at once; the others share `heavyRepo` fairly (limits/write-lanes.ts).
   */
  lanes: WriteLanes = createWriteLanes(),
  /**
   * The ProductStore: updatePartial goes through it, and updateFeature and regproduct set their
   * task's status through its status method.
   */
  store: TaskStatusWriter & Pick<ProductStore, 'updatePartial'> = {
    setTaskStatus: () => Promise.reject(new Error('no product store given')),
    updatePartial: () => Promise.reject(new Error('no product store given')),
  },
  /** The container's company repository (the upload's file name carries the supplier code). */
  companies: Pick<CompanyRepository, 'supplierCodeOf'> = {
    supplierCodeOf: () => Promise.reject(new Error('no company repository given')),
  },
) {
  const statuses: TaskStatusWriter = store;
  const on = (lane: WriteLane) => (lane === 'light' ? repo : heavyRepo);
  return {
    list: (companyId: string, criteria: z.output<typeof GetListRequestSchema>) =>
      getProductList(repo, caches, companyId, criteria),
    get: (companyId: string, id: string) => getProduct(repo, companyId, id),
    updatePartial: (companyId: string, body: unknown) =>
      lanes.run(companyId, async (lane) => {
        const answer = await store.updatePartial(companyId, body, lane);
        lanes.charge(companyId, answer.docBytes);
        return answer;
      }),
    update: (companyId: string, body: unknown) =>
      lanes.run(companyId, (lane) => updateProduct(on(lane), companyId, body)),
    updateFeature: (companyId: string, body: unknown) =>
      lanes.run(companyId, (lane) => updateFeature(on(lane), statuses, companyId, body, caches)),
    /** The answer is assembled from the stored texts, with the caller's message (its language). */
    saveItems: async (companyId: string, body: readonly Buffer[]) => {
      const saved = await saveItems(repo, work, companyId, body);
      // What a company saved counts toward its lane like what its updates rewrote.
      lanes.charge(
        companyId,
        body.reduce((n, b) => n + b.byteLength, 0),
      );
      return { count: saved.items.length, answer: (message: string) => saveItemsAnswer(message, saved) };
    },
    deleteItems: (companyId: string, body: Parameters<typeof deleteItems>[2]) =>
      deleteItems(repo, companyId, body),
    info: (companyId: string, productIds: string[]) => getProductInfo(repo, companyId, productIds),
    register: (companyId: string, body: Parameters<typeof registerProduct>[4]) =>
      registerProduct(repo, statuses, categories, companyId, body, caches),
    validateDocuments: (companyId: string, productId: string) =>
      validateProductDocuments(repo, validator, categories, companyId, productId, work),
    importOffers: (companyId: string, body: Parameters<typeof importOffers>[2]) =>
      importOffers(repo, companyId, body, work),
    importHistory: (companyId: string, limit: number) => importHistory(repo, companyId, limit),
    uploadImage: (companyId: string, input: Parameters<typeof uploadImage>[3]) =>
      uploadImage(companies, storage, companyId, input),
  };
}
export type ProductService = ReturnType<typeof createProductService>;
