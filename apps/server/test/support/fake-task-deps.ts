import { randomUUID } from 'node:crypto';
import type { SettingsView, WorkflowEvent } from '@rr/contracts';
import {
  DEFAULT_RETURN_FEES,
  ImageSettings,
  PRICING_DEFAULTS,
  parseStoredProduct,
  REGISTRATION_DEFAULTS,
  readFieldSources,
  TASK_ORDER,
  TASK_STATUS_FIELDS,
  type TaskName,
} from '@rr/domain';
import { aiErrors } from '../../src/ai/ai-error.ts';
import { type Clock, systemClock } from '../../src/ai/clock.ts';
import type { TaskAi } from '../../src/ai/providers/demo-offline-provider.ts';
import type { RequestLog } from '../../src/ai/request-log-repository.ts';
import type { FileStorage, StoredFile } from '../../src/images/storage.ts';
import type { ImageEngine } from '../../src/images/translate/engine.ts';
import {
  createImageTranslationService,
  type ImageTranslationService,
} from '../../src/images/translation/image-translation-service.ts';
import { completenessOf } from '../../src/products/completeness.ts';
import { normalizeContextOf, normalizeProductDocuments } from '../../src/products/document-rules.ts';
import {
  type FieldWriteOptions,
  isStatusField,
  type PlanOf,
  type ProductChange,
  ProductGoneError,
  type ProductRow,
  type ProductStore,
  planFieldWrite,
} from '../../src/products/product-store.ts';
import type { SettingsReader } from '../../src/settings/settings-reader.ts';
import type { AiProviderConfig } from '../../src/settings/settings-service.ts';
import type { TaskContext, TaskDeps } from '../../src/workflow/task.ts';
import { createMemoryImageRequests } from './fake-image-engine.ts';

// Fakes of TaskDeps for task tests without PostgreSQL: products in memory (planned writes go through
// the store's own pure plan, planFieldWrite), settings from plain values, storage in memory, an AI
// gateway that answers what the test scripts. Only what a task reaches is here; anything else throws.

/** A stored document in memory, as the database would hold it (JSON, no prototypes shared). */
type Stored = { id: string; registrationId: string; doc: Record<string, unknown>; createdAt: Date };

export type FakeProducts = ProductStore & {
  /** Adds a product (the document as stored) and answers its id. */
  add(doc: Record<string, unknown>, registrationId?: string): string;
  /** The document as stored now (a copy). */
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, as a client would.
  docOf(id: string): Record<string, any>;
  /** A seller's edit: the values are written and marked as the seller's (as updatePartial does). */
  editAsSeller(id: string, set: Record<string, unknown>): void;
};

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** rr_jsonb_set_path's rules: objects made as needed, an array index at most one past the end. */
function setPath(doc: Record<string, unknown>, segments: readonly string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = doc;
  segments.forEach((segment, k) => {
    const last = k === segments.length - 1;
    if (Array.isArray(node)) {
      const i = Number(segment);
      if (!Number.isInteger(i) || i > node.length) throw new Error(`index ${segment} past the end`);
      if (last) node[i] = json(value);
      else {
        if (node[i] === null || typeof node[i] !== 'object') node[i] = {};
        node = node[i] as Record<string, unknown>;
      }
      return;
    }
    if (last) node[segment] = json(value);
    else {
      if (node[segment] === null || typeof node[segment] !== 'object') node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    }
  });
}

/**
 * Products in memory. `settings` (the company's default settings) feed the document rules a new
 * product goes through in `create`, as the real store reads them; the shipped defaults without it.
 */
export function createFakeProducts(opts: { settings?: SettingsReader } = {}): FakeProducts {
  const rows = new Map<string, Stored>();
  let counter = 0;
  const settings = opts.settings ?? createFakeSettings();

  const rowOf = (s: Stored): ProductRow => {
    const parsed = parseStoredProduct(json(s.doc));
    const doc = s.doc as {
      coupangDoc?: { jsonDocument?: unknown };
      rocketRegInfo?: { schemaInfo?: unknown };
    };
    return {
      id: s.id,
      registration_id: s.registrationId,
      doc: parsed.product,
      setAside: parsed.setAside,
      // As the repository writes it with every document (the registration table's rate).
      completeness: completenessOf(doc.coupangDoc?.jsonDocument, doc.rocketRegInfo?.schemaInfo),
      created_at: s.createdAt,
      updated_at: s.createdAt,
    };
  };
  const apply = (s: Stored, change: ProductChange) => {
    // As the real store: a task status is setTaskStatus's, never a product write's.
    const statuses = [...Object.keys(change.set ?? {}), ...Object.keys(change.serverFields ?? {})].filter(
      isStatusField,
    );
    if (statuses.length > 0)
      throw new Error(`a task status is written by setTaskStatus: ${statuses.join(', ')}`);
    for (const [path, value] of Object.entries(change.set ?? {})) setPath(s.doc, path.split('.'), value);
    for (const [field, value] of Object.entries(change.serverFields ?? {})) s.doc[field] = json(value);
  };

  function write(scope: { productId: string }, change: ProductChange): Promise<boolean>;
  function write<T>(scope: { productId: string }, plan: PlanOf<T>): Promise<T>;
  async function write<T>(
    scope: { productId: string },
    change: ProductChange | PlanOf<T>,
  ): Promise<boolean | T> {
    const s = rows.get(scope.productId);
    if (typeof change !== 'function') {
      if (!s) return false;
      apply(s, change);
      return true;
    }
    if (!s) throw new ProductGoneError(scope.productId);
    const planned = await change(rowOf(s));
    apply(s, planned);
    return planned.result;
  }

  const store: FakeProducts = {
    add(doc, registrationId = `FAKE-${String(++counter).padStart(6, '0')}`) {
      const id = randomUUID();
      rows.set(id, { id, registrationId, doc: json({ ...doc, registrationId }), createdAt: new Date() });
      return id;
    },
    docOf(id) {
      const s = rows.get(id);
      if (!s) throw new Error(`no product ${id}`);
      return json(s.doc);
    },
    editAsSeller(id, set) {
      const s = rows.get(id);
      if (!s) throw new Error(`no product ${id}`);
      apply(s, { set });
      const sources = readFieldSources(s.doc.fieldSources);
      for (const path of Object.keys(set)) sources[path] = 'seller';
      s.doc.fieldSources = sources;
    },
    async find(_companyId, id) {
      const s = rows.get(id);
      return s ? rowOf(s) : undefined;
    },
    async findByOfferId(_companyId, offerId) {
      const s = [...rows.values()].find((r) => (r.doc.source as { offerId?: string })?.offerId === offerId);
      return s ? rowOf(s) : undefined;
    },
    async findByOfferIds(_companyId, offerIds) {
      return [...rows.values()]
        .filter((r) => offerIds.includes(String((r.doc.source as { offerId?: string })?.offerId)))
        .map((r) => ({ ...rowOf(r), offer_id: String((r.doc.source as { offerId?: string }).offerId) }));
    },
    async registrationIdsWithPrefix(_companyId, prefix) {
      return [...rows.values()].map((r) => r.registrationId).filter((r) => r.startsWith(`${prefix}_`));
    },
    async existingIds(_companyId, ids) {
      return new Set(ids.filter((id) => rows.has(id)));
    },
    async statusViews(_companyId, ids) {
      return new Map(
        ids.flatMap((id) => {
          const s = rows.get(id);
          return s ? [[id, { registrationId: s.registrationId, doc: json(s.doc) }] as const] : [];
        }),
      );
    },
    async registrationParts(_companyId, ids) {
      return new Map(ids.flatMap((id) => (rows.has(id) ? [[id, json(rows.get(id)!.doc)] as const] : [])));
    },
    async untranslatedPhrases(_companyId, id) {
      const notes = rows.get(id)?.doc.untranslatedPhrases;
      return notes && typeof notes === 'object'
        ? (json(notes) as Record<string, string[] | null>)
        : undefined;
    },
    async barcodes() {
      return [];
    },
    async taskStatusCounts() {
      const counts = new Map<string, { task: TaskName; status: string; n: number }>();
      for (const r of rows.values())
        for (const task of TASK_ORDER) {
          const value = r.doc[TASK_STATUS_FIELDS[task]];
          const status = typeof value === 'string' ? value : 'pending';
          const c = counts.get(`${task}/${status}`) ?? { task, status, n: 0 };
          c.n++;
          counts.set(`${task}/${status}`, c);
        }
      return { total: rows.size, statuses: [...counts.values()] };
    },
    async updatePartial() {
      throw new Error("updatePartial: the seller's route, not a task's");
    },
    async underReview() {
      throw new Error("underReview: the approval sync's read across companies, not a task's");
    },
    async pricedProductIds() {
      return [...rows.values()].filter((r) => typeof r.doc.pricing === 'object').map((r) => r.id);
    },
    write,
    async setTaskStatus(scope, task, status) {
      const s = rows.get(scope.productId);
      if (!s) return false;
      s.doc[TASK_STATUS_FIELDS[task]] = status;
      return true;
    },
    async writeAsSeller(scope, updates, sellerPaths) {
      const s = rows.get(scope.productId);
      if (!s) return false;
      apply(s, { set: Object.fromEntries(updates.map((u) => [u.segments.join('.'), u.value])) });
      const sources = readFieldSources(s.doc.fieldSources);
      for (const path of sellerPaths) sources[path] = 'seller';
      s.doc.fieldSources = sources;
      return true;
    },
    writeFields(scope, updates, opts: FieldWriteOptions = {}) {
      const statuses = Object.keys(updates).filter(isStatusField);
      if (statuses.length > 0)
        return Promise.reject(new Error(`a task status is written by setTaskStatus: ${statuses.join(', ')}`));
      return write(scope, (row) => planFieldWrite(row, updates, opts));
    },
    /**
     * As the real store: every new product through the document rules with the company's default
     * settings, and the original's change, all or nothing (a registration id already taken refuses
     * the whole call, as the unique index does).
     */
    async create(companyId, products, from) {
      if (from && !rows.has(from.productId)) throw new ProductGoneError(from.productId);
      const defaults = await settings.defaults(companyId);
      const taken = new Set([...rows.values()].map((r) => r.registrationId));
      const docs = products.map((p) => {
        if (taken.has(p.registrationId)) throw new Error(`registration id ${p.registrationId} taken`);
        taken.add(p.registrationId);
        const doc = json(p.doc) as Record<string, unknown>;
        return normalizeProductDocuments(doc, normalizeContextOf(doc, defaults)).doc;
      });
      const made = products.map((p, i) => rowOf(rows.get(store.add(docs[i]!, p.registrationId))!));
      if (from) apply(rows.get(from.productId)!, from.change);
      return made;
    },
    async nextRegistrationId() {
      return `FAKE-${String(++counter).padStart(6, '0')}`;
    },
    async editLocked(_companyId, ids, fn) {
      const found = new Map(ids.flatMap((id) => (rows.has(id) ? [[id, rowOf(rows.get(id)!)] as const] : [])));
      return fn(found, async (id, set) => store.editAsSeller(id, set));
    },
  };
  return store;
}

export type FakeSettings = {
  ai?: AiProviderConfig;
  defaults?: Partial<SettingsView['defaultSettings']>;
  pricing?: Partial<SettingsView['pricingDefaults']>;
  supplierCode?: string;
};

/** A company's settings as plain values over the shipped defaults (what settings-service answers without a row). */
export function createFakeSettings(values: FakeSettings = {}): SettingsReader {
  const defaults = {
    asInfo: REGISTRATION_DEFAULTS.afterService,
    origin: REGISTRATION_DEFAULTS.origin,
    manufacturer: '',
    importer: '',
    brand: '',
    importStatus: REGISTRATION_DEFAULTS.importStatus,
    transactionType: REGISTRATION_DEFAULTS.transactionType,
    exchangeRate: PRICING_DEFAULTS.exchangeRate,
    imageSettings: { useTopImage: false, topImageUrl: '', useBottomImage: false, bottomImageUrl: '' },
    ...values.defaults,
  } as SettingsView['defaultSettings'];
  const ai = values.ai ?? { provider: 'offline' };
  return {
    aiProvider: async () => ai,
    aiProviderName: async () => ai.provider,
    defaults: async () => defaults,
    pricing: async () =>
      ({ ...PRICING_DEFAULTS, ...values.pricing }) as unknown as SettingsView['pricingDefaults'],
    imageSettings: async () => ImageSettings.parse(defaults.imageSettings ?? {}),
    supplierCode: async () => values.supplierCode ?? 'FAKE',
    // No Open API keys: a register task run on fakes stops at "keys missing".
    coupangCredentials: async () => null,
    exportSettings: async () => ({
      bannedWords: [],
      brandWords: [],
      seller: {
        vendorId: '',
        vendorUserId: '',
        channel: 'rocket_growth',
        returnCenterCode: '',
        outboundShippingPlaceCode: '',
        returnChargeName: '',
        returnZipCode: '',
        returnAddress: '',
        returnAddressDetail: '',
        companyContactNumber: '',
        deliveryChargeOnReturn: DEFAULT_RETURN_FEES.deliveryChargeOnReturn,
        returnCharge: DEFAULT_RETURN_FEES.returnCharge,
      },
      accountCodes: null,
      rocketGrowthCategories: null,
    }),
  };
}

const MEMORY = 'memory://';

/** Files kept in memory under `memory://company/name` (the key: `company/name`). */
export function createFakeStorage(): FileStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const types = new Map<string, string>();
  const unused = (what: string) => () => {
    throw new Error(`fake storage: ${what} is not faked`);
  };
  return {
    files,
    async put(companyId: string, name: string, data: Buffer, contentType: string): Promise<StoredFile> {
      const url = `${MEMORY}${companyId}/${name}`;
      files.set(url, data);
      types.set(url, contentType);
      return { key: `${companyId}/${name}`, url, size: data.length, contentType } as unknown as StoredFile;
    },
    isOwnUrl: (url: string) => url.startsWith(MEMORY),
    keyOf: (url: string) => (url.startsWith(MEMORY) ? url.slice(MEMORY.length) : undefined),
    async read(keyOrUrl: string) {
      const url = keyOrUrl.startsWith(MEMORY) ? keyOrUrl : `${MEMORY}${keyOrUrl}`;
      const data = files.get(url);
      return data ? { data, contentType: types.get(url) ?? 'application/octet-stream', key: url } : undefined;
    },
    async stat(key: string) {
      const url = key.startsWith(MEMORY) ? key : `${MEMORY}${key}`;
      const data = files.get(url);
      return data
        ? { size: data.length, contentType: types.get(url) ?? 'application/octet-stream' }
        : undefined;
    },
    get: unused('get'),
  } as unknown as FileStorage & { files: Map<string, Buffer> };
}

/**
 * One scripted AI answer per call: `answer(work type, input, work)` decides (throw an AiError for a
 * failed request; `work.offline(input)` is the offline provider's answer); every call is recorded.
 * An answer is read with the work's answer shape, as the gateway reads one.
 */
export type FakeAi = TaskAi & { calls: FakeAiCall[] };
/** One AI call: the work, its input, the images sent with it. */
export type FakeAiCall = { work: string; input: unknown; images: readonly unknown[] };

type FakeWork = {
  workType?: string;
  task?: string;
  name?: string;
  type?: string;
  answer?: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: unknown } } };
  offline?: (input: unknown) => unknown;
};

export function createFakeAi(
  answer: (work: string, input: unknown, def: FakeWork) => unknown,
  clock: Clock = systemClock,
): FakeAi {
  const calls: FakeAiCall[] = [];
  const untranslated = new Map<string, string[]>();
  const fake = {
    calls,
    clock,
    async run(
      _provider: unknown,
      work: FakeWork,
      input: unknown,
      context?: { signal?: AbortSignal; images?: readonly unknown[] },
    ) {
      if (context?.signal?.aborted) throw aiErrors.aborted();
      const type = String(work.workType ?? work.type ?? work.name ?? 'work');
      const name = work.task ? `${type}/${work.task}` : type;
      calls.push({ work: name, input, images: context?.images ?? [] });
      const value = await answer(name, input, work);
      if (!work.answer) return value;
      const parsed = work.answer.safeParse(value);
      if (!parsed.success) throw aiErrors.parse(parsed.error?.issues);
      return parsed.data;
    },
    takeUntranslated(companyId: string, productId: string) {
      const key = `${companyId}:${productId}`;
      const out = untranslated.get(key) ?? [];
      untranslated.delete(key);
      return out;
    },
  };
  return fake as unknown as FakeAi;
}

export type FakeDeps = TaskDeps & {
  products: FakeProducts;
  storage: ReturnType<typeof createFakeStorage>;
  events: TaskDeps['events'] & { published: WorkflowEvent[] };
  /** The image service's request log (in memory), when an engine was given. */
  imageRequests: ReturnType<typeof createMemoryImageRequests>;
};

/**
 * TaskDeps of fakes; pass the parts a test scripts. With `engine`, `images` is the real image
 * translation service over that engine, the fake storage, the fake AI and a request log in memory.
 */
export function createFakeDeps(
  over: {
    settings?: FakeSettings;
    ai?: FakeAi;
    products?: FakeProducts;
    engine?: ImageEngine;
    /** What image fetches may reach beyond global addresses (a local stand-in host), as the container passes it. */
    imageFetch?: TaskDeps['imageFetch'];
  } = {},
): FakeDeps {
  const published: WorkflowEvent[] = [];
  const settings = createFakeSettings(over.settings);
  const ai =
    over.ai ??
    createFakeAi((work) => {
      throw new Error(`no AI answer scripted for ${work}`);
    });
  const storage = createFakeStorage();
  const imageRequests = createMemoryImageRequests();
  const engine = over.engine;
  const images = engine
    ? createImageTranslationService({
        requests: imageRequests,
        storage,
        ai: { gateway: ai },
        settings,
        images: () => engine,
        fetchRules: over.imageFetch,
      })
    : new Proxy({} as ImageTranslationService, {
        get: (_t, key) => () => {
          throw new Error(`fake image service: ${String(key)} is not faked`);
        },
      });
  return {
    products: over.products ?? createFakeProducts({ settings }),
    ai,
    images,
    imageRequests,
    coupang: {
      get client(): never {
        throw new Error('fake deps: the Coupang client is not faked');
      },
      buildPayload: async () => {
        throw new Error('fake deps: the Coupang payload is not faked');
      },
    },
    settings,
    storage,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    clock: systemClock,
    ...(over.imageFetch ? { imageFetch: over.imageFetch } : {}),
    events: {
      published,
      async publish(_companyId: string, event: WorkflowEvent) {
        published.push(event);
      },
    },
  };
}

/** The context the runner would build for one product (waits scaled to 0), with the events it emitted. */
export function fakeContext(
  deps: TaskDeps,
  productId: string,
  opts: { companyId?: string; signal?: AbortSignal } = {},
): TaskContext & { events: WorkflowEvent[] } {
  const events: WorkflowEvent[] = [];
  return {
    deps,
    companyId: opts.companyId ?? 'company-fake',
    productId,
    runId: null,
    signal: opts.signal ?? new AbortController().signal,
    pauseScale: 0,
    events,
    async emit(event) {
      events.push(event);
    },
  };
}

/**
 * The AI gateway's request log in memory (a real gateway without PostgreSQL: task tests over the
 * providers' wire): ids in order, the entries and outcomes kept for a test to read.
 */
export function createMemoryRequestLog(): RequestLog & {
  entries: { id: number; workType: string; status: string }[];
} {
  const entries: { id: number; workType: string; status: string }[] = [];
  const find = (id: number) => entries.find((e) => e.id === id);
  return {
    entries,
    async start(entry) {
      const id = entries.length + 1;
      entries.push({ id, workType: entry.workType, status: 'pending' });
      return id;
    },
    async startReserving() {
      throw new Error('memory request log: slots are reserved by the slot store');
    },
    async scheduled() {},
    async attempt(id) {
      const e = find(id);
      if (e) e.status = 'processing';
    },
    async retrying(id) {
      const e = find(id);
      if (e) e.status = 'pending';
    },
    async finish(id, outcome) {
      const e = find(id);
      if (e) e.status = outcome.status;
    },
  };
}
