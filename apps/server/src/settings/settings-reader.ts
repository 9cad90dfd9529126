import type { AiProvider, SettingsView } from '@rr/contracts';
import { type CoupangCredentials, type ExportSettings, ImageSettings } from '@rr/domain';
import type { CompanyRepository } from '../companies/company-repository.ts';
import type { Db } from '../db/database.ts';
import {
  type AiProviderConfig,
  getAiProviderConfig,
  readAiProviderName,
  readDefaultSettings,
  readPricingDefaults,
} from './settings-service.ts';

/**
 * What the workflow, its tasks and the exports read of a company's settings, bound to the database
 * and the app secret once by the container. They reach settings only through this (TaskDeps.settings),
 * never by importing settings-service functions with the database: a task test passes a fake.
 */
export type SettingsReader = {
  /** The company's AI provider with its (decrypted) key; offline until one is chosen. */
  aiProvider(companyId: string): Promise<AiProviderConfig>;
  /** The provider's name only (no key is opened). */
  aiProviderName(companyId: string): Promise<AiProvider>;
  /** The default settings of §3 (registration defaults, image settings, exchange rate). */
  defaults(companyId: string): Promise<SettingsView['defaultSettings']>;
  /** W §9 pricing info: the company's saved values over the defaults. */
  pricing(companyId: string): Promise<SettingsView['pricingDefaults']>;
  /** The image tasks' top/bottom image settings, parsed. */
  imageSettings(companyId: string): Promise<ImageSettings>;
  /** The company's supplier code (file names, option numbers); AppError company_not_found when gone. */
  supplierCode(companyId: string): Promise<string>;
  /** Banned and brand words the company added, and its Coupang seller details. */
  exportSettings(companyId: string): Promise<ExportSettings>;
  /** Issue 23: the vendor id and opened Open API keys; null unless all three are saved. */
  coupangCredentials(companyId: string): Promise<CoupangCredentials | null>;
};

/**
 * The export settings are the exports module's (exports/export-settings.ts): the container hands in
 * their two reads, so settings/ does not import exports/ (which imports settings' secret box).
 */
export type ExportSettingsReads = Pick<SettingsReader, 'exportSettings' | 'coupangCredentials'>;

export function createSettingsReader(
  db: Db,
  appSecret: string,
  exports: ExportSettingsReads,
  companies: Pick<CompanyRepository, 'supplierCodeOf'>,
): SettingsReader {
  return {
    aiProvider: (companyId) => getAiProviderConfig(db, companyId, appSecret),
    aiProviderName: (companyId) => readAiProviderName(db, companyId),
    defaults: (companyId) => readDefaultSettings(db, companyId),
    pricing: (companyId) => readPricingDefaults(db, companyId),
    async imageSettings(companyId) {
      const defaults = await readDefaultSettings(db, companyId);
      return ImageSettings.parse(defaults.imageSettings ?? {});
    },
    supplierCode: (companyId) => companies.supplierCodeOf(companyId),
    exportSettings: (companyId) => exports.exportSettings(companyId),
    coupangCredentials: (companyId) => exports.coupangCredentials(companyId),
  };
}
