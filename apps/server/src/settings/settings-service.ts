import type { AiProvider, SettingsEntryInput, SettingsView } from '@rr/contracts';
import { DEFAULT_GEMINI_MODEL } from '@rr/domain';
import { type AiEndpointPolicy, checkAiEndpoint } from '../ai/endpoint-guard.ts';
import { decryptSecret, encryptSecret, isLegacySecret, isMasked, openLegacySecret } from './secret-box.ts';
import type { SettingsRepository, StoredSettings } from './settings-repository.ts';
import { storedExchangeRate, toView } from './settings-view.ts';

/** products/ reads the default settings inside its own transactions (it still holds the database). */
export { readDefaultSettings } from './settings-repository.ts';
export { defaultSettingsOf } from './settings-view.ts';
export type { StoredSettings };

// Company settings (W §3 Settings; W §9 pricing defaults). Keys are stored encrypted, shown masked;
// the view of a stored row (defaults filled in) is settings-view.ts.

export async function getSettings(
  settings: Pick<SettingsRepository, 'find'>,
  companyId: string,
  appSecret: string,
): Promise<SettingsView> {
  return toView(await settings.find(companyId), appSecret);
}

/**
 * Saves the spec's "first entry". A key that is missing or masked leaves the stored key as it is;
 * an empty string clears it. Nested defaults are merged into what is stored.
 */
export async function saveSettings(
  settings: Pick<SettingsRepository, 'update'>,
  companyId: string,
  appSecret: string,
  entry: SettingsEntryInput,
  endpoints: AiEndpointPolicy = { allowedOrigins: [], allowHttp: false },
): Promise<SettingsView> {
  // A company's AI endpoint is an address the server will send requests to: refused before anything is saved.
  if (entry.openaiBaseUrl) checkAiEndpoint(entry.openaiBaseUrl, endpoints);
  const updated = await settings.update(companyId, (row) => {
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
  settings: Pick<SettingsRepository, 'find'>,
  companyId: string,
  appSecret: string,
): Promise<AiProviderConfig> {
  const row = await settings.find(companyId);
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
export async function readAiProviderName(
  settings: Pick<SettingsRepository, 'find'>,
  companyId: string,
): Promise<AiProvider> {
  return (await settings.find(companyId))?.settings.aiProvider ?? 'offline';
}

/**
 * Re-seals keys stored before they were bound to their company (v1) as v2 with the company id as
 * additional authenticated data. Run at start-up after the migrations; idempotent and safe with two
 * processes starting at once (a row is only rewritten while it still holds the value that was read).
 * A value this APP_SECRET cannot open is left as it is (it reads as "no key" either way). Answers the
 * number of keys re-sealed.
 */
export async function rebindLegacyKeys(
  settings: Pick<SettingsRepository, 'findLegacyKeyRows' | 'replaceKeyIfUnchanged'>,
  appSecret: string,
): Promise<number> {
  const rows = await settings.findLegacyKeyRows();
  let count = 0;
  for (const row of rows) {
    for (const column of ['gemini_key_enc', 'openai_key_enc'] as const) {
      const stored = row[column];
      if (!stored || !isLegacySecret(stored)) continue;
      const plain = openLegacySecret(stored, appSecret);
      if (plain === null) continue;
      const sealed = encryptSecret(plain, appSecret, row.company_id);
      count += await settings.replaceKeyIfUnchanged(row.company_id, column, stored, sealed);
    }
  }
  return count;
}

/**
 * The settings routes' calls over the settings repository (`createSettingsRepository(db)`, built by
 * the container; a test passes a fake) and the app secret (keys are sealed with it).
 */
export function createSettingsService(
  settings: Pick<SettingsRepository, 'find' | 'update'>,
  appSecret: string,
  endpoints?: AiEndpointPolicy,
) {
  return {
    get: (companyId: string) => getSettings(settings, companyId, appSecret),
    save: (companyId: string, entry: SettingsEntryInput) =>
      saveSettings(settings, companyId, appSecret, entry, endpoints),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
