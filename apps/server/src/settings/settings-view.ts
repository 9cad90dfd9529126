import type { AiProvider, SettingsView } from '@rr/contracts';
import {
  DEFAULT_GEMINI_MODEL,
  LANDED_PRICING_DEFAULTS,
  PRICING_DEFAULTS,
  PRICING_METHODS,
  REGISTRATION_DEFAULTS,
} from '@rr/domain';
import { decryptSecret, maskSecret } from './secret-box.ts';

// Company settings (W §3 Settings; W §9 pricing defaults) as stored (settings-repository.ts) and as
// answered: defaults filled in, keys opened only to be masked. Pure: no database, no clock.

/** The settings document of a company as stored (keys are in their own columns, sealed). */
export type StoredSettings = {
  geminiModel?: string;
  aiProvider?: AiProvider;
  openaiBaseUrl?: string;
  openaiModel?: string;
  defaultSettings?: Record<string, unknown>;
  pricingDefaults?: Record<string, unknown>;
};

export type SettingsRow = {
  company_id: string;
  settings: StoredSettings;
  gemini_key_enc: string | null;
  openai_key_enc: string | null;
  updated_at: Date;
};

/** What a save writes: the whole settings document and both sealed keys. */
export type SettingsWrite = Pick<SettingsRow, 'settings' | 'gemini_key_enc' | 'openai_key_enc'>;

export type KeyColumn = 'gemini_key_enc' | 'openai_key_enc';

const DEFAULT_SETTINGS = {
  asInfo: REGISTRATION_DEFAULTS.afterService,
  origin: REGISTRATION_DEFAULTS.origin,
  manufacturer: '',
  importer: '',
  brand: '',
  importStatus: REGISTRATION_DEFAULTS.importStatus,
  transactionType: REGISTRATION_DEFAULTS.transactionType,
  exchangeRate: PRICING_DEFAULTS.exchangeRate,
  imageSettings: { useTopImage: false, topImageUrl: '', useBottomImage: false, bottomImageUrl: '' },
};

function pick<T extends Record<string, unknown>>(
  defaults: T,
  stored: Record<string, unknown> | undefined,
): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const k of Object.keys(defaults)) {
    const v = stored?.[k];
    if (v !== undefined && v !== null && typeof v === typeof defaults[k]) out[k] = v;
  }
  return out as T;
}

const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;

/**
 * The one exchange rate (W §3 defaultSettings.exchangeRate, issue 42): the stored defaultSettings
 * rate, else one an older save kept under pricingDefaults, else undefined (the default applies).
 */
export function storedExchangeRate(s: StoredSettings): number | undefined {
  return positive(s.defaultSettings?.exchangeRate) ?? positive(s.pricingDefaults?.exchangeRate);
}

export function toView(row: SettingsRow | undefined, appSecret: string | null): SettingsView {
  const s = row?.settings ?? {};
  const opened = (enc: string | null | undefined) =>
    row && enc && appSecret ? (decryptSecret(enc, appSecret, row.company_id) ?? '') : '';
  const gemini = opened(row?.gemini_key_enc);
  const openai = opened(row?.openai_key_enc);
  const ds = pick(DEFAULT_SETTINGS, s.defaultSettings);
  const exchangeRate = storedExchangeRate(s) ?? PRICING_DEFAULTS.exchangeRate;
  ds.imageSettings = pick(
    DEFAULT_SETTINGS.imageSettings,
    s.defaultSettings?.imageSettings as Record<string, unknown>,
  );
  return {
    geminiAPIKey: maskSecret(gemini),
    hasGeminiAPIKey: gemini !== '',
    geminiModel: s.geminiModel || DEFAULT_GEMINI_MODEL,
    aiProvider: s.aiProvider ?? 'offline',
    openaiBaseUrl: s.openaiBaseUrl ?? '',
    openaiAPIKey: maskSecret(openai),
    hasOpenaiAPIKey: openai !== '',
    openaiModel: s.openaiModel ?? '',
    defaultSettings: { ...ds, exchangeRate },
    // The pricing defaults read the one rate (W §3 defaultSettings.exchangeRate).
    pricingDefaults: {
      ...pick({ ...PRICING_DEFAULTS } as SettingsView['pricingDefaults'], s.pricingDefaults),
      // Issue 41: the pricing method and its target margin (a stored method outside the list: the default).
      ...pick({ ...LANDED_PRICING_DEFAULTS }, s.pricingDefaults),
      ...(PRICING_METHODS.some((m) => m === s.pricingDefaults?.pricingMethod)
        ? {}
        : { pricingMethod: LANDED_PRICING_DEFAULTS.pricingMethod }),
      exchangeRate,
    },
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/**
 * The same as readDefaultSettings from a `settings` column read by another statement (undefined: the
 * company has no row), so a caller that reads the product anyway saves a round trip.
 */
export function defaultSettingsOf(
  companyId: string,
  settings: StoredSettings | null | undefined,
): SettingsView['defaultSettings'] {
  const row =
    settings === null || settings === undefined
      ? undefined
      : {
          company_id: companyId,
          settings,
          gemini_key_enc: null,
          openai_key_enc: null,
          updated_at: new Date(0),
        };
  return toView(row, null).defaultSettings;
}
