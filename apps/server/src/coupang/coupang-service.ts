import type { CategoryNode } from '@rr/contracts';
import { type CoupangRegistration, productDisplayName } from '@rr/domain';
import pRetry from 'p-retry';
import type { CategoryService } from '../categories/category-service.ts';
import type { RegistrationSlotRepository } from '../companies/registration-slot-repository.ts';
import type { Config } from '../config.ts';
import { AppError, badRequest, type Message, RetryLaterError } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
import {
  CoupangApiError,
  type CoupangClient,
  type CoupangCredentials,
  createCoupangClient,
  type ShippingPlaces,
} from './coupang-client.ts';
import { inflowOverMessage, COUPANG_MESSAGES as M, slotsUsedUpMessage } from './coupang-messages.ts';
import type { CoupangRepository } from './coupang-repository.ts';
import { payloadImageUrls, unreachableImages } from './image-reach.ts';
import { type BuiltPayload, syncRegistration } from './register-product.ts';
import { type CoupangWork, registrationDepsOf } from './registration-deps.ts';
import type { VendorLimiter } from './vendor-limiter.ts';

// Issue 23's calls: the connection check, category data fetched with the company's keys, the
// Coupang part of the tasks' deps (client, checked payload), the approval sync (on demand and on a
// timer). Products are read and written through the product store, keys read through the settings
// reader.

export type CoupangServiceDeps = {
  /** The approval sync's reads (container: `createCoupangRepository(db)`). */
  repository: CoupangRepository;
  config: Pick<Config, 'coupang'>;
  categories: Pick<CategoryService, 'storeList' | 'saveMeta' | 'cachedPath'>;
  products: Pick<ProductStore, 'find' | 'writeFields'>;
  settings: Pick<SettingsReader, 'coupangCredentials'>;
  /** The Rocket Growth payload of the product's registration document; only when the pre-flight passes. */
  buildPayload(companyId: string, productId: string): Promise<BuiltPayload>;
  log: Pick<Log, 'warn'>;
  /** Issue 42: a review Coupang decided (approved or denied, with its reasons), for the notifications. */
  onDecision?(
    companyId: string,
    productId: string,
    productName: string,
    registration: CoupangRegistration,
  ): Promise<void>;
  client?: CoupangClient;
  clock?: { now(): number };
  /** Issue 37: the per-vendor limiter every process shares (container: PostgreSQL). */
  limiter?: VendorLimiter | undefined;
  /** Issue 37: keeps what the account answered (its codes, the Rocket Growth categories) in the export settings. */
  saveAccountData?(
    companyId: string,
    data: {
      accountCodes: {
        outbound: ShippingPlaces['outbound'];
        returnCenters: ShippingPlaces['returnCenters'];
        fetchedAt: string;
      };
      rocketGrowthCategories: { codes: number[]; fetchedAt: string };
    },
  ): Promise<void>;
  /** How long after a create Coupang's SKU look-up can be trusted (COUPANG_SKU_LOOKUP_LAG_SECONDS). */
  skuLookupLagMs?: number | undefined;
  /** Issue 42: the subscription's registration slots (container: `createRegistrationSlotRepository(db)`). */
  slots?: Pick<RegistrationSlotRepository, 'reserve' | 'release'> | undefined;
};

export function createCoupangService(deps: CoupangServiceDeps) {
  const client =
    deps.client ?? createCoupangClient({ baseUrl: deps.config.coupang.apiBaseUrl, limiter: deps.limiter });
  const clock = deps.clock ?? { now: () => Date.now() };
  let timer: NodeJS.Timeout | undefined;

  const credentials = (companyId: string) => deps.settings.coupangCredentials(companyId);
  async function requireCredentials(companyId: string): Promise<CoupangCredentials> {
    const creds = await credentials(companyId);
    if (!creds) throw new AppError('coupang_keys_missing', 'unprocessable', M.keysMissing);
    return creds;
  }

  /**
   * The payload, refused when Coupang could not fetch its images. The pre-flight's schema check runs
   * in the work pool, which holds a company to two tasks at a time and answers "later" beyond: a run
   * registering many products waits its turn instead of failing them (issue 37's demo drive).
   */
  async function buildChecked(companyId: string, productId: string): Promise<BuiltPayload> {
    const built = await pRetry(() => deps.buildPayload(companyId, productId), {
      retries: 20,
      minTimeout: 500,
      maxTimeout: 5_000,
      factor: 1.5,
      randomize: true,
      shouldRetry: ({ error }) => error instanceof RetryLaterError,
    });
    if (!built.ok) return built;
    const bad = unreachableImages(payloadImageUrls(built.payload), deps.config.coupang.apiBaseUrl);
    if (bad.length > 0)
      return {
        ok: false,
        message: { ko: `${M.imagesNotPublic.ko} (${bad[0]})`, en: `${M.imagesNotPublic.en} (${bad[0]})` },
      };
    return built;
  }

  /** Before a run that registers `count` products: may the account register them (inflow-status)? */
  async function checkInflow(companyId: string, count: number): Promise<void> {
    // Without keys there is nothing to ask: each product's register task records why it was not sent.
    const creds = await credentials(companyId);
    if (!creds) return;
    const status = await client.inflowStatus(creds);
    if (status.restricted) throw new AppError('coupang_restricted', 'unprocessable', M.inflowRestricted);
    const left = status.permittedCount - status.registeredCount;
    if (left < count)
      throw new AppError('coupang_inflow_over', 'unprocessable', inflowOverMessage(count, Math.max(0, left)));
  }

  const slots = deps.slots;
  const work: CoupangWork = {
    client,
    buildPayload: buildChecked,
    checkInflow,
    ...(slots
      ? {
          async reserveSlot(companyId: string, productId: string) {
            const held = await slots.reserve(companyId, productId);
            return held.ok ? null : slotsUsedUpMessage(held.slots, held.used);
          },
          releaseSlot: (companyId: string, productId: string) => slots.release(companyId, productId),
        }
      : {}),
  };
  const source = {
    products: deps.products,
    settings: deps.settings,
    coupang: work,
    clock,
    log: deps.log,
    skuLookupLagMs: deps.skuLookupLagMs,
  };

  async function syncOne(companyId: string, productId: string, force: boolean) {
    const base = registrationDepsOf(source, companyId, productId);
    let before: { status: string | undefined; name: string } | undefined;
    const next = await syncRegistration(
      {
        ...base,
        readProduct: async () => {
          const row = await base.readProduct();
          before = row && { status: row.doc.coupangRegistration?.status, name: productDisplayName(row.doc) };
          return row;
        },
      },
      force,
    );
    // Issue 42: a review decided since the last look is told to the users who opted in.
    if (
      next &&
      before &&
      next.status !== before.status &&
      (next.status === 'approved' || next.status === 'denied')
    )
      await deps.onDecision?.(companyId, productId, before.name || productId, next);
    return next;
  }

  return {
    /** The Coupang part of the tasks' deps (TaskDeps.coupang). */
    work,
    /**
     * 연결 확인: a harmless read with the saved keys. Coupang refusing it (wrong keys, its own
     * refusal, busy, unreachable) is the check's result for the seller, not a failure of ours.
     */
    async check(
      companyId: string,
    ): Promise<{ ok: true; message: Message } | { ok: false; code: string; message: Message }> {
      const creds = await requireCredentials(companyId);
      try {
        await client.checkConnection(creds);
      } catch (err) {
        if (err instanceof CoupangApiError) return { ok: false, code: err.code, message: err.userMessage };
        throw err;
      }
      return { ok: true, message: M.connected };
    },
    /** The display-category tree from Coupang, cached as the company's list. */
    async refreshCategoryTree(companyId: string) {
      const data = (await client.displayCategories(await requireCredentials(companyId))) as
        | { child?: CategoryNode[] }
        | undefined;
      const roots = Array.isArray(data?.child) ? data.child : [];
      if (roots.length === 0) throw new AppError('coupang_tree_empty', 'upstream', M.unreachable);
      return deps.categories.storeList(companyId, roots, 'coupang');
    },
    /** A category's metadata from Coupang, stored as the company's schema of that category. */
    async fetchCategoryMeta(companyId: string, code: number, categoryPath?: string) {
      if (!Number.isInteger(code) || code <= 0)
        throw badRequest({ ko: '카테고리 코드가 올바르지 않습니다.', en: 'The category code is not valid.' });
      const meta = await client.categoryMeta(await requireCredentials(companyId), code);
      const path = categoryPath?.trim() || (await deps.categories.cachedPath(companyId, code));
      return deps.categories.saveMeta(companyId, { displayCategoryCode: code, categoryPath: path, meta });
    },
    /**
     * GET /api/coupang/shipping-places: the account's outbound places and return centres, fetched
     * with the seller's keys, and the Rocket Growth categories with them; kept in the export settings
     * so the pre-flight checks the chosen codes against what the account holds.
     */
    async shippingPlaces(companyId: string) {
      const creds = await requireCredentials(companyId);
      const [places, rfm] = await Promise.all([
        client.shippingPlaces(creds),
        client.rocketGrowthCategories(creds),
      ]);
      const fetchedAt = new Date(clock.now()).toISOString();
      await deps.saveAccountData?.(companyId, {
        accountCodes: { ...places, fetchedAt },
        rocketGrowthCategories: { codes: rfm, fetchedAt },
      });
      return {
        outbound: places.outbound,
        returnCenters: places.returnCenters.map(({ addressDetail, ...c }) => ({
          ...c,
          address: [c.address, addressDetail].filter(Boolean).join(' '),
        })),
        rocketGrowthCategoryCount: rfm.length,
      };
    },
    checkInflow,
    /** POST /api/coupang/sync: the products' statuses asked now (closed reviews too). */
    async sync(companyId: string, productIds: readonly string[]) {
      await requireCredentials(companyId);
      const out: { productId: string; registration: CoupangRegistration | null }[] = [];
      for (const productId of productIds)
        out.push({ productId, registration: await syncOne(companyId, productId, true) });
      return out;
    },
    /** One round of the scheduled sync: the products still under review, oldest check first. */
    async syncOpenReviews(limit = 100): Promise<number> {
      let n = 0;
      for (const { companyId, productId } of await deps.repository.findProductsUnderReview(limit)) {
        try {
          if (await syncOne(companyId, productId, false)) n++;
        } catch (err) {
          // Coupang said "too many" (or the vendor is held back): the round ends here instead of
          // moving on and calling again (issue 37: errors are not retried in bursts).
          if (err instanceof CoupangApiError && err.kind === 'too_many') {
            deps.log.warn({ companyId, code: err.code }, 'Coupang approval sync stopped: rate limited');
            break;
          }
          deps.log.warn(
            { companyId, productId, err: (err as Error).message },
            'Coupang approval sync failed',
          );
        }
      }
      return n;
    },
    /** Starts the approval sync's timer (COUPANG_SYNC_MINUTES; 0: off). */
    start() {
      const minutes = deps.config.coupang.syncMinutes;
      if (timer || minutes <= 0) return;
      timer = setInterval(() => {
        void this.syncOpenReviews().catch(() => {});
      }, minutes * 60_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type CoupangService = ReturnType<typeof createCoupangService>;
