import type { ExportFixRequest, ExportSettingsRequest } from '@rr/contracts';
import { DEFAULT_BANNED_WORDS, DEFAULT_BRAND_WORDS } from '@rr/domain';
import type { CategorySchemas } from '../categories/category-schemas.ts';
import type { FileStorage } from '../images/storage.ts';
import type { ImageEngine } from '../images/translate/engine.ts';
import type { WorkPool } from '../limits/work-pool.ts';
import type { ProductStore } from '../products/product-store.ts';
import {
  type ExportDeps,
  exportRocketGrowth,
  exportSupplierHub,
  exportXlsx,
  importXlsx,
  preflightForCoupang,
} from './export-service.ts';
import {
  type ExportSettings,
  readCoupangKeysView,
  readExportSettings,
  saveExportSettings,
} from './export-settings.ts';
import type { ExportSettingsRepository } from './export-settings-repository.ts';
import { squareMainImage } from './fix-service.ts';
import { createImageFactsReader } from './image-facts.ts';
import type { ValidateDocuments } from './preflight-service.ts';

export type ExportServiceDeps = {
  /** The export settings table (container: `createExportSettingsRepository(db)`). */
  exportSettings: ExportSettingsRepository;
  /** Reads (and the review sheet's and the fix's writes) through the products module's store. */
  products: Pick<ProductStore, 'find' | 'barcodes' | 'findByOfferIds' | 'editLocked' | 'write'>;
  storage: FileStorage;
  images: () => ImageEngine;
  /** The category schemas (container: `container.categories.schemas`). */
  categories: Pick<CategorySchemas, 'find'>;
  work: WorkPool;
  /** Seals the seller's Coupang Open API keys (issue 23), like the AI keys. */
  appSecret: string;
  validateDocuments?: ValidateDocuments | undefined;
  now?: () => Date;
  /** Issue 37: as the register task: relative image addresses made absolute, a local gateway's ports allowed. */
  imageBase?: string | undefined;
  localGateway?: boolean | undefined;
};

/**
 * The export calls (issue 15) over the container's export settings repository, product store, category
 * schemas, storage, image engine and work pool:
 * pre-flight, the three exports, the review sheet's import, the export settings and the one-click fix.
 * Built once by the container (its image facts are remembered across requests).
 */
export function createExportService(deps: ExportServiceDeps) {
  const ctx: ExportDeps = {
    exportSettings: deps.exportSettings,
    products: deps.products,
    categories: deps.categories,
    facts: createImageFactsReader({ storage: deps.storage, images: deps.images }),
    now: deps.now ?? (() => new Date()),
    validateDocuments: deps.validateDocuments,
    imageBase: deps.imageBase,
    localGateway: deps.localGateway,
  };
  // The seller's Coupang keys are answered masked beside the other seller details.
  const withDefaults = async (
    companyId: string,
    { accountCodes, rocketGrowthCategories, ...settings }: ExportSettings,
  ) => ({
    ...settings,
    seller: {
      ...settings.seller,
      ...(await readCoupangKeysView(deps.exportSettings, companyId, deps.appSecret)),
    },
    accountCodesFetchedAt: accountCodes?.fetchedAt ?? null,
    rocketGrowthCategoryCount: rocketGrowthCategories?.codes.length ?? null,
    rocketGrowthCategoryCodes: rocketGrowthCategories?.codes ?? null,
    defaultBannedWords: [...DEFAULT_BANNED_WORDS],
    defaultBrandWords: [...DEFAULT_BRAND_WORDS],
  });
  return {
    /** Every product's findings; a product with an error finding does not stop this call. */
    async preflight(companyId: string, productIds: string[]) {
      return { products: (await preflightForCoupang(ctx, companyId, productIds)).preflight };
    },
    supplierHub: (companyId: string, productIds: string[]) => exportSupplierHub(ctx, companyId, productIds),
    rocketGrowth: (companyId: string, productIds: string[]) => exportRocketGrowth(ctx, companyId, productIds),
    /** The review sheet's bytes and the date its file name carries. */
    async sheet(companyId: string, productIds: string[]) {
      const { buffer } = await exportXlsx(ctx, companyId, productIds);
      return { buffer, stamp: ctx.now().toISOString().slice(0, 10) };
    },
    /** An edited review sheet, read in the work pool (memory and time bound, archive checked first). */
    importSheet: (companyId: string, data: Buffer) =>
      importXlsx(ctx, companyId, data, (bytes, sheetName) =>
        deps.work.run(companyId, 'xlsx', { data: bytes, sheetName }),
      ),
    settings: async (companyId: string) =>
      withDefaults(companyId, await readExportSettings(deps.exportSettings, companyId)),
    saveSettings: async (companyId: string, input: ExportSettingsRequest) =>
      withDefaults(
        companyId,
        await saveExportSettings(deps.exportSettings, companyId, input, deps.appSecret),
      ),
    squareMainImage: (companyId: string, input: ExportFixRequest) =>
      squareMainImage({ products: deps.products, storage: deps.storage }, companyId, input),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
