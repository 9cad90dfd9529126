import type { Message } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
import type { CoupangClient } from './coupang-client.ts';
import type { BuiltPayload, RegistrationDeps } from './register-product.ts';

/**
 * What registration and the approval sync get (issue 23), the same for the `register` task (from its
 * TaskDeps) and the sync (from the container): the product store, the settings reader (the opened
 * Open API keys), the Coupang part (client, the checked payload), a clock and a log.
 */
export type CoupangWork = {
  /** The client, and the product's creation payload only when the pre-flight and image check pass. */
  readonly client: CoupangClient;
  buildPayload(companyId: string, productId: string): Promise<BuiltPayload>;
  /** Issue 37: before a run that registers `count` products, inflow-status (throws a 422 the seller reads). */
  checkInflow?(companyId: string, count: number): Promise<void>;
  /**
   * Issue 42: holds a registration slot for the product before its create is sent (null when held,
   * else why not); `releaseSlot` gives it back when Coupang refused the create.
   */
  reserveSlot?(companyId: string, productId: string): Promise<Message | null>;
  releaseSlot?(companyId: string, productId: string): Promise<void>;
};

export type CoupangDepsSource = {
  readonly products: Pick<ProductStore, 'find' | 'writeFields'>;
  readonly settings: Pick<SettingsReader, 'coupangCredentials'>;
  readonly coupang: CoupangWork;
  readonly clock: { now(): number };
  readonly log: Pick<Log, 'warn'>;
  /** How long after a create Coupang's SKU look-up can be trusted (config; tests use less). */
  readonly skuLookupLagMs?: number | undefined;
};

/** The narrow deps of one product's registration or sync. */
export function registrationDepsOf(
  source: CoupangDepsSource,
  companyId: string,
  productId: string,
): RegistrationDeps {
  return {
    readProduct: () => source.products.find(companyId, productId),
    writeRegistration: async (registration) => {
      await source.products.writeFields(
        { companyId, productId },
        { coupangRegistration: registration },
        { source: 'source' },
      );
    },
    credentials: () => source.settings.coupangCredentials(companyId),
    buildPayload: () => source.coupang.buildPayload(companyId, productId),
    client: source.coupang.client,
    ...(source.coupang.reserveSlot
      ? {
          reserveSlot: () => source.coupang.reserveSlot?.(companyId, productId) ?? Promise.resolve(null),
          releaseSlot: () => source.coupang.releaseSlot?.(companyId, productId) ?? Promise.resolve(),
        }
      : {}),
    now: () => new Date(source.clock.now()),
    log: source.log,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    ...(source.skuLookupLagMs !== undefined ? { skuLookupLagMs: source.skuLookupLagMs } : {}),
  };
}
