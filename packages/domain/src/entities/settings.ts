import { z } from 'zod';
import { DEFAULT_GEMINI_MODEL, PRICING_DEFAULTS, REGISTRATION_DEFAULTS } from '../constants.ts';

// Settings (W §3, Q §3).

export const ImageSettings = z.looseObject({
  useTopImage: z.boolean().default(false),
  topImageUrl: z.string().default(''),
  useBottomImage: z.boolean().default(false),
  bottomImageUrl: z.string().default(''),
});
export type ImageSettings = z.infer<typeof ImageSettings>;

export const DefaultSettings = z.looseObject({
  asInfo: z.string().default(REGISTRATION_DEFAULTS.afterService),
  origin: z.string().default(REGISTRATION_DEFAULTS.origin),
  manufacturer: z.string().default(''),
  importer: z.string().default(''),
  brand: z.string().default(''),
  importStatus: z.string().default(REGISTRATION_DEFAULTS.importStatus),
  transactionType: z.string().default(REGISTRATION_DEFAULTS.transactionType),
  exchangeRate: z.number().positive().default(PRICING_DEFAULTS.exchangeRate),
  imageSettings: ImageSettings.default(() => ImageSettings.parse({})),
});
export type DefaultSettings = z.infer<typeof DefaultSettings>;

export const Settings = z.looseObject({
  geminiAPIKey: z.string().default(''),
  geminiModel: z.string().default(DEFAULT_GEMINI_MODEL),
  defaultSettings: DefaultSettings.default(() => DefaultSettings.parse({})),
});
export type Settings = z.infer<typeof Settings>;
