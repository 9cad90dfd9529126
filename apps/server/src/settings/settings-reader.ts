import type { AiProvider, SettingsView } from '@rr/contracts';
import { type CoupangCredentials, type ExportSettings, ImageSettings } from '@rr/domain';
import type { CompanyRepository } from '../companies/company-repository.ts';
import type { SettingsRepository } from './settings-repository.ts';
import { type AiProviderConfig, getAiProviderConfig, readAiProviderName } from './settings-service.ts';
import { toView } from './settings-view.ts';

/**
 * What the workflow, its tasks and the exports read of a company's settings, bound to the settings
 * repository and the app secret once by the container. They reach settings only through this (TaskDeps.settings),
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
  settings: Pick<SettingsRepository, 'find'>,
  appSecret: string,
  exports: ExportSettingsReads,
  companies: Pick<CompanyRepository, 'supplierCodeOf'>,
): SettingsReader {
  /** The stored settings with the defaults filled in; no key is opened. */
  const viewOf = async (companyId: string) => toView(await settings.find(companyId), null);
  return {
    aiProvider: (companyId) => getAiProviderConfig(settings, companyId, appSecret),
    aiProviderName: (companyId) => readAiProviderName(settings, companyId),
    defaults: async (companyId) => (await viewOf(companyId)).defaultSettings,
    pricing: async (companyId) => (await viewOf(companyId)).pricingDefaults,
    async imageSettings(companyId) {
      const defaults = (await viewOf(companyId)).defaultSettings;
      return ImageSettings.parse(defaults.imageSettings ?? {});
    },
    supplierCode: (companyId) => companies.supplierCodeOf(companyId),
    exportSettings: (companyId) => exports.exportSettings(companyId),
    coupangCredentials: (companyId) => exports.coupangCredentials(companyId),
  };
}
