import { productFeeFacts } from '@rr/domain';
import { Redis } from 'ioredis';
import { createAccessTokenRepository } from './access-tokens/access-token-repository.ts';
import { type AccessTokenService, createAccessTokenService } from './access-tokens/access-token-service.ts';
import { type AiGateway, createAiGateway } from './ai/gateway.ts';
import { createPgSlotStore } from './ai/limiter/pg-slot-repository.ts';
import { createRedisSlotStore } from './ai/limiter/redis-slot-store.ts';
import { type AiMonitor, createAiMonitor } from './ai/monitor.ts';
import { createDemoOfflineProvider, taskAiOf } from './ai/providers/demo-offline-provider.ts';
import { createRequestLog, createRequestLogRepository } from './ai/request-log-repository.ts';
import { AUTH_LIMITS, createLimitCounters } from './auth/account-limits.ts';
import { type AccountService, createAccountService } from './auth/account-service.ts';
import { createAuthRepository } from './auth/auth-repository.ts';
import { type AuthService, createAuthService } from './auth/auth-service.ts';
import { hashPassword, verifyPassword } from './auth/passwords.ts';
import { createCategoryCaches } from './categories/category-caches.ts';
import { createCategoryRepository } from './categories/category-repository.ts';
import { createCategorySchemas } from './categories/category-schemas.ts';
import { type CategoryService, createCategoryService } from './categories/category-service.ts';
import { createDocumentValidator } from './categories/validate-document.ts';
import { createCompanyRepository } from './companies/company-repository.ts';
import { createRegistrationSlotRepository } from './companies/registration-slot-repository.ts';
import type { Config } from './config.ts';
import { createCoupangRepository } from './coupang/coupang-repository.ts';
import { type CoupangService, createCoupangService } from './coupang/coupang-service.ts';
import { isLocalHost } from './coupang/image-reach.ts';
import { createRequiredDocuments, type RequiredDocuments } from './coupang/required-documents.ts';
import { createVendorLimitRepository } from './coupang/vendor-limit-repository.ts';
import { createVendorLimiter } from './coupang/vendor-limiter.ts';
import { createDashboardService, type DashboardService } from './dashboard/dashboard-service.ts';
import { createDb, type Db, isLocalDatabase } from './db/database.ts';
import type { DemoProductDeps } from './demo/seed-demo-products.ts';
import {
  createExchangeRateService,
  type ExchangeRateService,
} from './exchange-rate/exchange-rate-service.ts';
import { createExportService, type ExportService } from './exports/create-export-service.ts';
import { buildRegistrationPayload } from './exports/export-service.ts';
import { readCoupangCredentials, readExportSettings, saveExportSettings } from './exports/export-settings.ts';
import { createExportSettingsRepository } from './exports/export-settings-repository.ts';
import { createImageFactsReader } from './exports/image-facts.ts';
import { createStorage, type FileStorage } from './images/storage.ts';
import { withStorageQuota } from './images/storage-quota.ts';
import { createStorageQuotaRepository } from './images/storage-quota-repository.ts';
import { createImageEngine, type ImageEngine } from './images/translate/engine.ts';
import type { TranslateFn } from './images/translate/types.ts';
import { createImageRequestRepository } from './images/translation/image-request-repository.ts';
import {
  createImageTranslationService,
  type ImageTranslationService,
} from './images/translation/image-translation-service.ts';
import { createKeywordRepository } from './keywords/keyword-repository.ts';
import { createKeywordService, type KeywordService } from './keywords/keyword-service.ts';
import { createNewAccountCheck } from './limits/account-age.ts';
import { createPgCounterStore } from './limits/counter-repository.ts';
import { type CounterStore, createRedisCounterStore } from './limits/counter-store.ts';
import { cleanUpExpired } from './limits/retention-repository.ts';
import { createWorkPool, WORK_POOL_DEFAULTS, type WorkPool } from './limits/work-pool.ts';
import { createWriteLanes, heavyWriteBudget, WRITE_LANE_DEFAULTS } from './limits/write-lanes.ts';
import type { Log } from './log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutboxRepository } from './mail/outbox-repository.ts';
import { createOutboxService, type OutboxService } from './mail/outbox-service.ts';
import { createNotificationRepository } from './notifications/notification-repository.ts';
import { createNotificationService, type NotificationService } from './notifications/notification-service.ts';
import { withRunEndNotices } from './notifications/run-end-notices.ts';
import { type ManualSeoInput, saveManualSeo } from './products/manual-seo.ts';
import { createProductCaches } from './products/product-caches.ts';
import { createProductRepository, queriesOf } from './products/product-data-repository.ts';
import { quotaConnectionSettings } from './products/product-quotas.ts';
import { createProductService, type ProductService } from './products/product-service.ts';
import { createProductStore, type ProductStore } from './products/product-store.ts';
import { createItemLinkRepository } from './sales/item-link-repository.ts';
import { createSalesRepository } from './sales/sales-repository.ts';
import { createSalesService, type SalesService } from './sales/sales-service.ts';
import { createSalesSyncService, type SalesSyncService } from './sales/sales-sync-service.ts';
import { createSettingsReader, type SettingsReader } from './settings/settings-reader.ts';
import { createSettingsRepository } from './settings/settings-repository.ts';
import { createSettingsService, type SettingsService } from './settings/settings-service.ts';
import { createProductImageActions, type ProductImageActions } from './tasks/images/product-image-actions.ts';
import { TASKS } from './tasks/index.ts';
import { repriceAll } from './tasks/pricing/reprice-all.ts';
import { createProfileRepository } from './users/profile-repository.ts';
import { createProfileService, type ProfileService } from './users/profile-service.ts';
import { createUserRepository } from './users/user-repository.ts';
import { createUserService, type UserService } from './users/user-service.ts';
import { createEventBus, type EventBus } from './workflow/event-bus.ts';
import { createEventRepository } from './workflow/event-repository.ts';
import { createJobClaimRepository } from './workflow/job-claims-repository.ts';
import { createJobQueue } from './workflow/job-queue.ts';
import { createRunRepository } from './workflow/run-repository.ts';
import type { TaskDeps } from './workflow/task.ts';
import { createWorkflow, type Workflow, type WorkflowOptions } from './workflow/workflow-service.ts';

/** Connections of the seller writes' pool, which the write lanes share out. */
const WRITES_POOL_CONNECTIONS = WRITE_LANE_DEFAULTS.connections;

export type { Log };

const consoleLog: Log = {
  info: (obj, msg) => console.log(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};
const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Everything the server builds once per process: the database handle, file storage, the AI gateway
 * and its stuck-request monitor, the image engine (its worker pool starts on first use). HTTP
 * (`buildApp`) and background work (`startWorker`) both take a container, so a route and a task use
 * the same objects. Caches live on these objects, never in module scope.
 */
export type Container = {
  readonly config: Config;
  readonly db: Db;
  readonly log: Log;
  readonly storage: FileStorage;
  readonly ai: { gateway: AiGateway; monitor: AiMonitor };
  /** Rate-limit counters shared by every process (Redis when REDIS_URL is set, else PostgreSQL). */
  readonly counters: CounterStore;
  /** The local image engine; created on first use (loading the OCR models takes a while). */
  images(): ImageEngine;
  /** Events for the screens (SSE), shared by every process through PostgreSQL LISTEN/NOTIFY. */
  readonly events: EventBus;
  /** Durable workflow runs; `workflow.startWorker()` makes this process work on them. */
  readonly workflow: Workflow;
  /** The product calls (list, updates, registration, 1688 import, uploads) the routes make. */
  readonly products: ProductService;
  /**
   * The products module's one door for every other module (tasks, the workflow, exports, the demo
   * seed): reads and the one writer. The product repository is private to products/.
   */
  readonly productStore: ProductStore;
  /** What the demo's sample products are seeded through (demo/seed-demo-products.ts): no database. */
  readonly demoProducts: DemoProductDeps;
  /** Company settings as the workflow, tasks and exports read them (no database in their hands). */
  readonly settingsReader: SettingsReader;
  /** What a workflow task gets (workflow/task.ts): never the container itself. */
  readonly taskDeps: TaskDeps;
  readonly categories: CategoryService;
  readonly settings: SettingsService;
  /** Accounts and sessions: sign-up, sign-in, the session of a request, password resets. */
  readonly auth: AuthService;
  /** The account routes' calls with their limits (sign-up, sign-in, unlock, password reset). */
  readonly accounts: AccountService;
  /** Issue 42: the company's users (invitations, flags, activity). */
  readonly users: UserService;
  /** Mail over SMTP (SMTP_URL) or into the outbox; the demo's outbox as the app shows it. */
  readonly mailer: Mailer;
  readonly outbox: OutboxService;
  /** The signed-in user's own account: name, password, sessions, subscription (issue 42). */
  readonly profile: ProfileService;
  /** Notifications the users opted into: a run's end, a Coupang decision (issue 42). */
  readonly notifications: NotificationService;
  /** Pre-flight, the Coupang exports, the review sheet (out and back in), export settings, fixes. */
  readonly exports: ExportService;
  /** Image translation (the spec's /api/aiPage image calls, the text clean-up tool). */
  readonly imageTranslation: ImageTranslationService;
  /** The seller's image actions on one product (edit text, translate again, protect, detail page). */
  readonly productImages: ProductImageActions;
  /** The dashboard's figures (products by task status, the latest runs, AI requests today). */
  readonly dashboard: DashboardService;
  /** Issue 41: sales, returns, Rocket Growth stock and settlements synced from Coupang. */
  readonly sales: SalesService;
  /** Issue 41: the daily exchange-rate source (EXCHANGE_RATE_URL) against each company's rate in use. */
  readonly exchangeRate: ExchangeRateService;
  /** Workflow screen actions beside runs: manual SEO entry, repricing every priced product. */
  readonly taskActions: TaskActions;
  /** Personal access tokens (the browser extension's way in). */
  readonly accessTokens: AccessTokenService;
  /** Issue 42: keywords collected on Coupang's search (the extension's, the keyword screen's, the SEO task's). */
  readonly keywords: KeywordService;
  /** Worker threads with memory and time limits for parsers fed by clients (captures, sheets, schemas). */
  readonly work: WorkPool;
  /** Issue 23: the Coupang Open API (connection check, category data, registration, approval sync). */
  readonly coupang: CoupangService;
  /** Issue 37: the documents a category requires, uploaded per product. */
  readonly requiredDocuments: RequiredDocuments;
  /** Starts the timers this process runs (the AI stuck-request monitor, hourly clean-up of expired rows). */
  start(): void;
  /** Stops timers, the image workers and connections (not the database: its owner closes it). */
  close(): Promise<void>;
};

export type TaskActions = {
  saveManualSeo(companyId: string, input: ManualSeoInput): ReturnType<typeof saveManualSeo>;
  repriceAll(companyId: string): ReturnType<typeof repriceAll>;
};

export type ContainerOptions = {
  log?: Log | false;
  /** Replaces the AI step of image translation (tests, tools). */
  translate?: TranslateFn;
  /** A ready engine (tests share one across files). */
  engine?: ImageEngine;
  workflow?: WorkflowOptions;
};

export function createContainer(config: Config, db: Db, options: ContainerOptions = {}): Container {
  const log = options.log === false ? silentLog : (options.log ?? consoleLog);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true }) : undefined;
  // ioredis reconnects by itself; a reservation made while it is down fails that request.
  redis?.on('error', (err: Error) => log.warn({ err: err.message }, 'AI limiter Redis connection error'));
  // The offline provider the demo runs on, with its untranslated phrases for the runner (TaskDeps.ai).
  const offlineAi = createDemoOfflineProvider();
  const gateway = createAiGateway({
    requestLog: createRequestLog(db),
    slotStore: redis ? createRedisSlotStore(redis) : createPgSlotStore(db),
    offline: offlineAi,
    geminiBaseUrl: config.geminiBaseUrl,
    openaiBaseUrl: config.openaiBaseUrl,
    aiEndpoints: config.aiEndpoints,
    log,
  });
  const requestLog = createRequestLogRepository(db);
  const monitor = createAiMonitor(requestLog, gateway, {
    log,
    // Issue 42: the seller's screens hear of their stuck requests (a toast), not only the monitor.
    announce: (companyId, stuck) => events.publish(companyId, { type: 'ai-stuck', ...stuck }),
  });
  const storage = withStorageQuota(
    createStorage(config),
    createStorageQuotaRepository(db),
    config.storageQuotaBytes,
  );
  let engine = options.engine;
  const ownsEngine = !options.engine;
  let closed = false;
  const events = createEventBus(createEventRepository(db), config.databaseUrl, log);
  let pruneTimer: NodeJS.Timeout | undefined;
  let startTimer: NodeJS.Timeout | undefined;
  let salesTimer: NodeJS.Timeout | undefined;

  const counters = redis ? createRedisCounterStore(redis) : createPgCounterStore(db);
  const categoryCaches = createCategoryCaches();
  const categoryRepository = createCategoryRepository(db);
  // Every reader of category schemas (categories, products, exports, required documents) uses this one.
  const categorySchemas = createCategorySchemas(categoryRepository, categoryCaches);
  const exportSettings = createExportSettingsRepository(db);
  // Issue 23: the app's own files are addressed under PUBLIC_URL; a local gateway (the fake) reaches this machine.
  const coupangIsLocal = isLocalHost(new URL(config.coupang.apiBaseUrl).hostname);
  const coupangImageBase =
    config.publicUrl?.replace(/\/+$/, '') ?? (coupangIsLocal ? config.appOrigin : undefined);
  // Its threads write a large saveItems themselves, with the limits of the app's own connections.
  const work = createWorkPool(
    config.databaseUrl
      ? {
          database: {
            url: config.databaseUrl,
            statementTimeoutMs: config.statementTimeoutMs,
            settings: quotaConnectionSettings(config.quotas),
            backendNiceness: WORK_POOL_DEFAULTS.niceness,
          },
        }
      : {},
  );
  // The seller-facing writes of whole documents and many paths (update, updatePartial,
  // updateFeature) go through connections whose backends yield the cores as the pool's threads do,
  // when PostgreSQL is on this machine: one company's 500-path update of a 9 MB document then no
  // longer holds a core at normal priority while other companies' reads wait (issue 21).
  const heavyDb =
    config.databaseUrl && isLocalDatabase(config.databaseUrl)
      ? createDb(config.databaseUrl, {
          max: WRITES_POOL_CONNECTIONS,
          statementTimeoutMs: config.statementTimeoutMs,
          settings: quotaConnectionSettings(config.quotas),
          backendNiceness: WORK_POOL_DEFAULTS.niceness,
        })
      : undefined;
  const companies = createCompanyRepository(db);
  const productCaches = createProductCaches();
  // The products module's SQL as repositories: the app's pool, and the heavy writes' pool when there is one.
  const productRepository = createProductRepository(db);
  const heavyProductRepository = heavyDb ? createProductRepository(heavyDb) : productRepository;
  const productStore = createProductStore(productRepository, productCaches, heavyProductRepository);
  const settingsRepository = createSettingsRepository(db);
  const settingsReader = createSettingsReader(
    settingsRepository,
    config.appSecret,
    {
      exportSettings: (companyId) => readExportSettings(exportSettings, companyId),
      coupangCredentials: (companyId) => readCoupangCredentials(exportSettings, companyId, config.appSecret),
    },
    companies,
  );
  // The service reads through the queries alone (no product write among them) and writes through
  // the store: one door for product writes (issue 40).
  const products = createProductService({
    repo: queriesOf(productRepository),
    store: productStore,
    storage,
    caches: productCaches,
    validator: createDocumentValidator(),
    categories: categorySchemas,
    work,
    // One per process: seller writes take turns company by company, heavy ones within a budget of
    // bytes rewritten at once (8 MB per core but one: one 9 MB rewrite at once on 2 cores) and at
    // half a budget a second (issue 39; docs/decisions.md).
    lanes: createWriteLanes({
      connections: WRITES_POOL_CONNECTIONS,
      budgetBytes: heavyWriteBudget(),
      paceBytesPerSecond: heavyWriteBudget() / 2,
    }),
    companies,
  });
  const images = () => {
    engine ??= createImageEngine({
      ...(options.translate ? { translate: options.translate } : {}),
      pool: {
        maxQueuePerOwner: config.imageQueue.perCompany,
        maxQueue: config.imageQueue.total,
        maxQueuePerNewOwner: config.imageQueue.perNewCompany,
        maxQueueNewOwners: config.imageQueue.newCompanies,
        isNewOwner: createNewAccountCheck(companies, config.newAccountHours),
      },
    });
    return engine;
  };

  const outboxRepository = createOutboxRepository(db);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outbox: outboxRepository,
    log,
  });
  const auth = createAuthService(createAuthRepository(db), log, {
    demo: config.demo,
    mail: (mail) => mailer.send(mail),
  });
  const notifications = createNotificationService({
    repository: createNotificationRepository(db),
    mailer,
    clock: { now: () => Date.now() },
    log,
    appOrigin: config.appOrigin,
  });
  const users = createUserService({
    repository: createUserRepository(db),
    mailer,
    sessions: auth,
    signIn: (input, client) => auth.login(input, client),
    userInfo: (userId) => auth.userInfo(userId),
    hashPassword,
    clock: { now: () => Date.now() },
    log,
    appOrigin: config.appOrigin,
  });
  const container: Container = {
    config,
    db,
    log,
    storage,
    ai: { gateway, monitor },
    events,
    get workflow() {
      return workflow;
    },
    counters,
    products,
    productStore,
    demoProducts: { settings: settingsRepository, products: productStore, register: products.register },
    settingsReader,
    get taskDeps() {
      return taskDeps;
    },
    work,
    categories: createCategoryService({ repository: categoryRepository, schemas: categorySchemas }),
    settings: createSettingsService(settingsRepository, config.appSecret, config.aiEndpoints),
    accessTokens: createAccessTokenService({
      repository: createAccessTokenRepository(db),
      counters,
      demo: config.demo,
    }),
    auth,
    accounts: createAccountService(auth, counters, { appOrigin: config.appOrigin }),
    users,
    mailer,
    outbox: createOutboxService({ repository: outboxRepository, demo: config.demo }),
    notifications,
    profile: createProfileService({
      repository: createProfileRepository(db),
      sessions: auth,
      hashPassword,
      verifyPassword,
      clock: { now: () => Date.now() },
      attempts: passwordChangeAttempts(counters),
    }),
    exports: createExportService({
      exportSettings,
      products: productStore,
      storage,
      images,
      categories: categorySchemas,
      work,
      appSecret: config.appSecret,
      validateDocuments: products.validateDocuments,
      imageBase: coupangImageBase,
      localGateway: coupangIsLocal,
    }),
    get imageTranslation() {
      return imageTranslation;
    },
    get productImages() {
      return productImages;
    },
    get dashboard() {
      return dashboard;
    },
    get sales() {
      return sales;
    },
    get exchangeRate() {
      return exchangeRate;
    },
    taskActions: {
      saveManualSeo: (companyId, input) => saveManualSeo(productStore, companyId, input),
      repriceAll: (companyId) => repriceAll(taskDeps, companyId, { pauseScale: config.workflowPauseScale }),
    },
    images,
    get coupang() {
      return coupang;
    },
    get requiredDocuments() {
      return requiredDocuments;
    },
    get keywords() {
      return keywords;
    },
    start() {
      monitor.start();
      coupang.start();
      // Issue 41: every company that synced its sales once, again every SALES_SYNC_MINUTES (30).
      const salesMinutes = config.coupang.salesSyncMinutes ?? 0;
      if (!salesTimer && salesMinutes > 0) {
        salesTimer = setInterval(() => void salesSync.syncAll(), salesMinutes * 60_000);
        salesTimer.unref();
      }
      const hourly = () => {
        void events.prune().catch(() => {});
        void cleanUpExpired(db)
          .then((counts) => {
            if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'clean-up of expired rows');
          })
          .catch((err: Error) => log.warn({ err: err.message }, 'clean-up of expired rows failed'));
      };
      if (!pruneTimer) {
        pruneTimer = setInterval(hourly, 3600_000);
        pruneTimer.unref();
        // Once soon after start too (a process restarted more often than hourly still cleans up).
        startTimer = setTimeout(hourly, 30_000);
        startTimer.unref();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      monitor.stop();
      coupang.stop();
      if (pruneTimer) clearInterval(pruneTimer);
      if (startTimer) clearTimeout(startTimer);
      if (salesTimer) clearInterval(salesTimer);
      await workflow.close();
      await events.close();
      if (ownsEngine) await engine?.close();
      await work.close();
      await heavyDb?.destroy();
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
  // Tests only: hosts a local test server stands in for (TEST_IMAGE_HOSTS; empty, and refused, in production).
  const imageFetch = { hosts: config.testImageHosts };
  // Storage, the AI gateway, the settings reader, and the image engine on first use.
  const imageTranslation = createImageTranslationService({
    requests: createImageRequestRepository(db),
    storage,
    ai: container.ai,
    settings: settingsReader,
    images: () => container.images(),
    fetchRules: imageFetch,
  });
  const facts = createImageFactsReader({ storage, images: () => container.images() });
  const coupang = createCoupangService({
    repository: createCoupangRepository(productStore),
    slots: createRegistrationSlotRepository(db),
    config,
    onDecision: (companyId, productId, name, registration) =>
      notifications
        .coupangDecision(companyId, productId, name, registration)
        .catch((err: Error) =>
          log.warn({ companyId, productId, err: err.message }, 'decision notice failed'),
        ),
    limiter: createVendorLimiter({
      store: createVendorLimitRepository(db),
      callsPerSecond: config.coupang.callsPerSecond,
      backoffMs: config.coupang.backoffMs,
    }),
    skuLookupLagMs: config.coupang.skuLookupLagMs,
    saveAccountData: async (companyId, data) => {
      await saveExportSettings(exportSettings, companyId, data);
    },
    categories: container.categories,
    products: productStore,
    settings: settingsReader,
    log,
    clock: gateway.clock,
    buildPayload: (companyId, productId) =>
      buildRegistrationPayload(
        {
          exportSettings,
          products: productStore,
          categories: categorySchemas,
          facts,
          now: () => new Date(gateway.clock.now()),
          validateDocuments: container.products.validateDocuments,
          imageBase: coupangImageBase,
          localGateway: coupangIsLocal,
        },
        companyId,
        productId,
      ),
  });
  const requiredDocuments = createRequiredDocuments({
    products: productStore,
    storage,
    schemaOf: async (companyId, code) => (await categorySchemas.find(code, companyId))?.schema ?? null,
    now: () => new Date(gateway.clock.now()),
  });
  const keywords = createKeywordService({
    repository: createKeywordRepository(db),
    products: { exists: async (companyId, id) => (await productStore.find(companyId, id)) !== undefined },
  });
  const taskDeps: TaskDeps = {
    keywords,
    products: productStore,
    coupang: coupang.work,
    ai: taskAiOf(gateway, offlineAi),
    images: imageTranslation,
    settings: settingsReader,
    storage,
    log,
    clock: gateway.clock,
    events,
    imageFetch,
    // Issue 41: the sales module's landed-cost settings, for pricing for a margin after fees.
    landedCost: { settings: async (companyId) => (await sales.costSettings(companyId)).settings },
    // Issue 41: after a split, the sales links of the moved options follow them.
    salesLinks: { follow: async (companyId) => void (await sales.followLinks(companyId)) },
  };
  const productImages = createProductImageActions(taskDeps);
  const workflow = createWorkflow(
    {
      runs: createRunRepository(db),
      claims: createJobClaimRepository(db, config.databaseUrl ?? ''),
      queue: createJobQueue({
        databaseUrl: config.databaseUrl,
        log,
        heartbeatSeconds: options.workflow?.heartbeatSeconds,
        superviseIntervalSeconds: options.workflow?.superviseIntervalSeconds,
      }),
      config,
      log,
      taskDeps,
    },
    // Issue 42: a run's end is told to the users who opted in (after the event, never failing it).
    withRunEndNotices(events, {
      runs: createRunRepository(db),
      products: productStore,
      runFinished: (companyId, run) => notifications.runFinished(companyId, run),
      log,
    }),
    {
      ...options.workflow,
      tasks: options.workflow?.tasks ?? TASKS,
    },
  );
  const salesRepository = createSalesRepository(db);
  const salesSync: SalesSyncService = createSalesSyncService({
    store: salesRepository,
    client: coupang.work.client,
    credentials: (companyId) => settingsReader.coupangCredentials(companyId),
    clock: gateway.clock,
    log,
  });
  const sales = createSalesService({
    repository: salesRepository,
    sync: salesSync,
    // Issue 41: a link follows its option by the option's identity (offer, source key) into a split
    // product; the offer's MOQ and tiers come with it (the reorder list).
    links: createItemLinkRepository(db),
    optionHolders: async (companyId, query) => {
      const rows = [...(await productStore.findByOfferIds(companyId, query.offerIds))];
      const seen = new Set(rows.map((r) => r.id));
      for (const id of query.productIds) {
        if (seen.has(id)) continue;
        const row = await productStore.find(companyId, id).catch(() => undefined);
        if (row) rows.push({ ...row, offer_id: row.doc.source?.offerId ?? null });
      }
      return rows.flatMap((row) =>
        (row.doc.options ?? []).map((o) => ({
          productId: row.id,
          offerId: row.doc.source?.offerId ?? row.offer_id,
          optionNumber: o.optionNumber ?? null,
          sourceKey: o.sourceKey ?? null,
          yuan: o.price ?? null,
          weightG: o.weightG ?? null,
          moq: row.doc.minOrderQuantity ?? null,
          priceTiers:
            row.doc.priceTiers?.map((t) => ({ minQuantity: t.minQuantity, price: t.price })) ?? null,
        })),
      );
    },
    clock: gateway.clock,
    productOption: async (companyId, productId, index) => {
      const row = await productStore.find(companyId, productId).catch(() => undefined);
      const o = row?.doc.options?.[index];
      return o && row
        ? {
            optionNumber: o.optionNumber ?? null,
            yuan: o.price ?? null,
            weightG: o.weightG ?? null,
            ...productFeeFacts(row.doc, index),
          }
        : null;
    },
    // The registered products and their options' 1688 costs (read through the store, a bounded number).
    catalogue: async (companyId) => {
      const ids = (await productStore.pricedProductIds(companyId)).slice(0, 2000);
      const out = [];
      for (const id of ids) {
        const row = await productStore.find(companyId, id);
        const sellerProductId = row?.doc.coupangRegistration?.sellerProductId;
        if (!row || !sellerProductId) continue;
        out.push({
          productId: row.id,
          sellerProductId,
          categoryPath: productFeeFacts(row.doc, -1).categoryPath,
          options: (row.doc.options ?? []).map((o, i) => ({
            optionNumber: o.optionNumber ?? null,
            name: [o.option1?.nameTrans ?? o.option1?.name, o.option2?.nameTrans ?? o.option2?.name]
              .filter(Boolean)
              .join(' '),
            yuan: o.price ?? null,
            weightG: o.weightG ?? null,
            box: productFeeFacts(row.doc, i).box,
          })),
        });
      }
      return out;
    },
  });
  const exchangeRate = createExchangeRateService({
    url: config.exchangeRate?.url,
    thresholdPercent: config.exchangeRate?.thresholdPercent ?? 3,
    // The operator's source: 10 s at most, an answer of at most 100 kB.
    readJson: async (url) => {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`exchange rate source: HTTP ${res.status}`);
      const text = await res.text();
      if (text.length > 100_000) throw new Error('exchange rate source: answer too large');
      return JSON.parse(text);
    },
    rateInUse: async (companyId) => (await settingsReader.pricing(companyId)).exchangeRate,
    clock: gateway.clock,
  });
  const dashboard = createDashboardService({
    products: productStore,
    workflow,
    aiRequestsToday: (companyId) => requestLog.countAiRequestsToday(companyId),
  });
  return container;
}

/** Wrong current passwords on the account page, per user: the unlock screen's limit (issue 42). */
function passwordChangeAttempts(counters: CounterStore) {
  const limits = createLimitCounters(counters);
  const key = (userId: string) => `password-change:user:${userId}`;
  return {
    reserve: (userId: string) => limits.reserve([key(userId), AUTH_LIMITS.unlockFailuresPerUser]),
    reset: (userId: string) => limits.reset(key(userId)),
  };
}
