import type { AiProvider, SettingsEntryInput, SettingsView } from '@rr/contracts';
import { DEFAULT_GEMINI_MODEL, PRICING_DEFAULTS, REGISTRATION_DEFAULTS } from '@rr/domain';
import { type AiEndpointPolicy, checkAiEndpoint } from '../ai/endpoint-guard.ts';
import type { Db } from '../db/database.ts';
import {
  decryptSecret,
  encryptSecret,
  isLegacySecret,
  isMasked,
  maskSecret,
  openLegacySecret,
} from './secret-box.ts';
import {
  findLegacyKeyRows,
  findSettingsRow,
  replaceKeyIfUnchanged,
  type SettingsRow,
  type StoredSettings,
  updateSettingsRow,
} from './settings-repository.ts';

export type { StoredSettings };

// Company settings (W §3 Settings; W §9 pricing defaults). Keys are stored encrypted, shown masked.

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
function storedExchangeRate(s: StoredSettings): number | undefined {
  return positive(s.defaultSettings?.exchangeRate) ?? positive(s.pricingDefaults?.exchangeRate);
}

function toView(row: SettingsRow | undefined, appSecret: string | null): SettingsView {
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
      exchangeRate,
    },
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

export async function getSettings(db: Db, companyId: string, appSecret: string): Promise<SettingsView> {
  return toView(await findSettingsRow(db, companyId), appSecret);
}

/**
 * Saves the spec's "first entry". A key that is missing or masked leaves the stored key as it is;
 * an empty string clears it. Nested defaults are merged into what is stored.
 */
export async function saveSettings(
  db: Db,
  companyId: string,
  appSecret: string,
  entry: SettingsEntryInput,
  endpoints: AiEndpointPolicy = { allowedOrigins: [], allowHttp: false },
): Promise<SettingsView> {
  // A company's AI endpoint is an address the server will send requests to: refused before anything is saved.
  if (entry.openaiBaseUrl) checkAiEndpoint(entry.openaiBaseUrl, endpoints);
  const updated = await updateSettingsRow(db, companyId, (row) => {
    const s: StoredSettings = { ...row.settings };
    if (entry.geminiModel !== undefined) s.geminiModel = entry.geminiModel;
    if (entry.aiProvider !== undefined) s.aiProvider = entry.aiProvider;
    if (entry.openaiBaseUrl !== undefined) s.openaiBaseUrl = entry.openaiBaseUrl;
    if (entry.openaiModel !== undefined) s.openaiModel = entry.openaiModel;
    if (entry.defaultSettings) {
      const { imageSettings, ...rest } = entry.defaultSettings;
      const prev = s.defaultSettings ?? {};
      s.defaultSettings = {
        ...prev,
        ...rest,
        ...(imageSettings
          ? {
              imageSettings: { ...((prev.imageSettings as Record<string, unknown>) ?? {}), ...imageSettings },
            }
          : {}),
      };
    }
    if (entry.pricingDefaults) s.pricingDefaults = { ...(s.pricingDefaults ?? {}), ...entry.pricingDefaults };
    // One exchange rate, kept in defaultSettings (the spec's): sent there or (as older clients do)
    // in pricingDefaults, or the one already stored; never a second copy under pricingDefaults.
    const rate =
      entry.defaultSettings?.exchangeRate ??
      entry.pricingDefaults?.exchangeRate ??
      storedExchangeRate(row.settings);
    if (s.pricingDefaults && 'exchangeRate' in s.pricingDefaults) {
      const { exchangeRate: _moved, ...pricing } = s.pricingDefaults;
      s.pricingDefaults = pricing;
    }
    if (rate !== undefined) s.defaultSettings = { ...(s.defaultSettings ?? {}), exchangeRate: rate };
    const keyUpdate = (value: string | undefined, current: string | null): string | null => {
      if (value === undefined || isMasked(value)) return current;
      const trimmed = value.trim();
      return trimmed === '' ? null : encryptSecret(trimmed, appSecret, companyId);
    };
    return {
      settings: s,
      gemini_key_enc: keyUpdate(entry.geminiAPIKey, row.gemini_key_enc),
      openai_key_enc: keyUpdate(entry.openaiAPIKey, row.openai_key_enc),
    };
  });
  return toView(updated, appSecret);
}

export type AiProviderConfig = { provider: AiProvider; apiKey?: string; model?: string; baseUrl?: string };

/** For the AI gateway: the company's provider with its (decrypted) key. Offline until chosen. */
export async function getAiProviderConfig(
  db: Db,
  companyId: string,
  appSecret: string,
): Promise<AiProviderConfig> {
  const row = await findSettingsRow(db, companyId);
  const s = row?.settings ?? {};
  const provider = s.aiProvider ?? 'offline';
  if (provider === 'gemini') {
    const apiKey = row?.gemini_key_enc ? decryptSecret(row.gemini_key_enc, appSecret, companyId) : null;
    return { provider, model: s.geminiModel || DEFAULT_GEMINI_MODEL, ...(apiKey ? { apiKey } : {}) };
  }
  if (provider === 'openai') {
    const apiKey = row?.openai_key_enc ? decryptSecret(row.openai_key_enc, appSecret, companyId) : null;
    return {
      provider,
      ...(s.openaiModel ? { model: s.openaiModel } : {}),
      ...(s.openaiBaseUrl ? { baseUrl: s.openaiBaseUrl } : {}),
      ...(apiKey ? { apiKey } : {}),
    };
  }
  return { provider: 'offline' };
}

/** The company's chosen AI provider, without opening any key ('offline' until one is chosen). */
export async function readAiProviderName(db: Db, companyId: string): Promise<AiProvider> {
  return (await findSettingsRow(db, companyId))?.settings.aiProvider ?? 'offline';
}

/** The default settings of §3 as the registration tasks read them (no key is opened). */
export async function readDefaultSettings(
  db: Db,
  companyId: string,
): Promise<SettingsView['defaultSettings']> {
  return toView(await findSettingsRow(db, companyId), null).defaultSettings;
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

/** The pricing info of W §9 as the pricing task reads it: the company's saved values over the defaults. */
export async function readPricingDefaults(
  db: Db,
  companyId: string,
): Promise<SettingsView['pricingDefaults']> {
  return toView(await findSettingsRow(db, companyId), null).pricingDefaults;
}

/**
 * Re-seals keys stored before they were bound to their company (v1) as v2 with the company id as
 * additional authenticated data. Run at start-up after the migrations; idempotent and safe with two
 * processes starting at once (a row is only rewritten while it still holds the value that was read).
 * A value this APP_SECRET cannot open is left as it is (it reads as "no key" either way). Answers the
 * number of keys re-sealed.
 */
export async function rebindLegacyKeys(db: Db, appSecret: string): Promise<number> {
  const rows = await findLegacyKeyRows(db);
  let count = 0;
  for (const row of rows) {
    for (const column of ['gemini_key_enc', 'openai_key_enc'] as const) {
      const stored = row[column];
      if (!stored || !isLegacySecret(stored)) continue;
      const plain = openLegacySecret(stored, appSecret);
      if (plain === null) continue;
      const sealed = encryptSecret(plain, appSecret, row.company_id);
      count += await replaceKeyIfUnchanged(db, row.company_id, column, stored, sealed);
    }
  }
  return count;
}

/** The settings calls bound to the container's database and the app secret (keys are sealed with it). */
export function createSettingsService(db: Db, appSecret: string, endpoints?: AiEndpointPolicy) {
  return {
    get: (companyId: string) => getSettings(db, companyId, appSecret),
    save: (companyId: string, entry: SettingsEntryInput) =>
      saveSettings(db, companyId, appSecret, entry, endpoints),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
