import { z } from 'zod';

// Company settings (W §3 Settings, §7 /api/savesetting; pricing defaults of W §9).

export const AI_PROVIDERS = ['gemini', 'openai', 'offline'] as const;
export const AiProvider = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof AiProvider>;

export const ImageSettingsInput = z.looseObject({
  useTopImage: z.boolean().optional(),
  topImageUrl: z.string().max(2000).optional(),
  useBottomImage: z.boolean().optional(),
  bottomImageUrl: z.string().max(2000).optional(),
});

export const DefaultSettingsInput = z.looseObject({
  asInfo: z.string().max(200).optional(),
  origin: z.string().max(100).optional(),
  manufacturer: z.string().max(200).optional(),
  importer: z.string().max(200).optional(),
  brand: z.string().max(200).optional(),
  importStatus: z.string().max(100).optional(),
  transactionType: z.string().max(100).optional(),
  exchangeRate: z.number().positive().max(100_000).optional(),
  imageSettings: ImageSettingsInput.optional(),
});

export const PricingDefaultsInput = z.looseObject({
  exchangeRate: z.number().positive().max(100_000).optional(),
  marginRate: z.number().min(0).lt(100).optional(),
  coupangMarginRate: z.number().min(0).lt(100).optional(),
  roundUnit: z.number().int().positive().optional(),
  msrpMultiplier: z.number().positive().max(100).optional(),
  enableBundling: z.boolean().optional(),
  bundlingType: z.string().optional(),
  minMarginAmount: z.number().min(0).optional(),
  minCoupangMarginAmount: z.number().min(0).optional(),
  enableMinSupplyMargin: z.boolean().optional(),
  minSupplyMarginAmount: z.number().min(0).optional(),
  /** Issue 41: 'landed' prices for a target margin after fees and landed cost; 'markup' (default) as W §9. */
  pricingMethod: z.enum(['markup', 'landed']).optional(),
  targetMarginPercent: z.number().min(0).lt(90).optional(),
});

/**
 * One settings entry as sent. Keys: a missing, empty-on-purpose (`''` clears) or masked value
 * (containing `•`) leaves the stored key as it is — except `''`, which clears it.
 */
export const SettingsEntryInput = z
  .object({
    geminiAPIKey: z.string().max(500).optional(),
    geminiModel: z.string().min(1).max(100).optional(),
    aiProvider: AiProvider.optional(),
    openaiBaseUrl: z.union([z.literal(''), z.url().max(500)]).optional(),
    openaiAPIKey: z.string().max(500).optional(),
    openaiModel: z.string().max(100).optional(),
    defaultSettings: DefaultSettingsInput.optional(),
    pricingDefaults: PricingDefaultsInput.optional(),
  })
  .strict();
export type SettingsEntryInput = z.infer<typeof SettingsEntryInput>;

/** POST /api/savesetting — the spec's "first entry" form `{ settings: [ {...} ] }`. */
export const SaveSettingRequest = z.object({ settings: z.array(SettingsEntryInput).min(1).max(10) });
export type SaveSettingRequest = z.infer<typeof SaveSettingRequest>;

/** Settings as read back: keys are masked (`AIza••••••••1234`), never whole. */
export const SettingsView = z.object({
  geminiAPIKey: z.string(),
  hasGeminiAPIKey: z.boolean(),
  geminiModel: z.string(),
  aiProvider: AiProvider,
  openaiBaseUrl: z.string(),
  openaiAPIKey: z.string(),
  hasOpenaiAPIKey: z.boolean(),
  openaiModel: z.string(),
  defaultSettings: z.object({
    asInfo: z.string(),
    origin: z.string(),
    manufacturer: z.string(),
    importer: z.string(),
    brand: z.string(),
    importStatus: z.string(),
    transactionType: z.string(),
    exchangeRate: z.number(),
    imageSettings: z.object({
      useTopImage: z.boolean(),
      topImageUrl: z.string(),
      useBottomImage: z.boolean(),
      bottomImageUrl: z.string(),
    }),
  }),
  pricingDefaults: z.object({
    exchangeRate: z.number(),
    marginRate: z.number(),
    coupangMarginRate: z.number(),
    roundUnit: z.number(),
    msrpMultiplier: z.number(),
    enableBundling: z.boolean(),
    bundlingType: z.string(),
    minMarginAmount: z.number(),
    minCoupangMarginAmount: z.number(),
    enableMinSupplyMargin: z.boolean(),
    minSupplyMarginAmount: z.number(),
    /** Issue 41 (always answered; optional for older clients' fixtures). */
    pricingMethod: z.enum(['markup', 'landed']).optional(),
    targetMarginPercent: z.number().optional(),
  }),
  updatedAt: z.string().nullable(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const SaveSettingResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  settings: z.array(SettingsView),
});
export type SaveSettingResponse = z.infer<typeof SaveSettingResponse>;

/** GET /api/settings */
export const GetSettingsResponse = z.object({ settings: z.array(SettingsView) });
export type GetSettingsResponse = z.infer<typeof GetSettingsResponse>;

/** GET /api/settings/exchange-rate (issue 41): the daily source's rate against the company's rate in use. */
export const ExchangeRateStatusResponse = z.object({
  /** The operator configured a source (EXCHANGE_RATE_URL). */
  configured: z.boolean(),
  inUse: z.number(),
  /** The source's won per yuan and the day it is for; null when none could be read. */
  source: z.object({ rate: z.number(), date: z.string() }).nullable(),
  /** Signed percent of the rate in use, to one decimal. */
  movedPercent: z.number().nullable(),
  beyondThreshold: z.boolean(),
  thresholdPercent: z.number(),
});
export type ExchangeRateStatusResponse = z.infer<typeof ExchangeRateStatusResponse>;
