import type { AiProvider } from '@rr/contracts';

export type SettingsForm = {
  aiProvider: AiProvider;
  geminiAPIKey: string;
  geminiModel: string;
  openaiBaseUrl: string;
  openaiAPIKey: string;
  openaiModel: string;
  hasGeminiAPIKey: boolean;
  hasOpenaiAPIKey: boolean;
  asInfo: string;
  origin: string;
  manufacturer: string;
  importer: string;
  brand: string;
  importStatus: string;
  transactionType: string;
  useTopImage: boolean;
  topImageUrl: string;
  useBottomImage: boolean;
  bottomImageUrl: string;
  exchangeRate: string;
  marginRate: string;
  coupangMarginRate: string;
  roundUnit: string;
  msrpMultiplier: string;
  enableBundling: boolean;
  minMarginAmount: string;
  minCoupangMarginAmount: string;
  enableMinSupplyMargin: boolean;
  minSupplyMarginAmount: string;
  /** Issue 41: price for a target margin after Coupang's fees and the landed cost (else the markup). */
  landedPricing: boolean;
  targetMarginPercent: string;
};

/** Error keys (settings.v.*) per field; empty when the form can be saved. */
export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;

const isUrl = (s: string) => /^https?:\/\/\S+$/.test(s.trim());

function number(s: string): number | null {
  const t = s.replaceAll(',', '').trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function validateSettings(f: SettingsForm): SettingsErrors {
  const e: SettingsErrors = {};
  const need = (k: keyof SettingsForm, check: (n: number) => string | null) => {
    const n = number(String(f[k]));
    if (n === null) e[k] = 'required';
    else if (Number.isNaN(n)) e[k] = 'number';
    else {
      const r = check(n);
      if (r) e[k] = r;
    }
  };
  need('exchangeRate', (n) => (n > 0 ? null : 'positive'));
  need('marginRate', (n) => (n >= 0 && n < 100 ? null : 'percent'));
  need('coupangMarginRate', (n) => (n >= 0 && n < 100 ? null : 'percent'));
  need('roundUnit', (n) => (!Number.isInteger(n) ? 'integer' : n > 0 ? null : 'positive'));
  need('msrpMultiplier', (n) => (n > 0 ? null : 'positive'));
  need('minMarginAmount', (n) => (n >= 0 ? null : 'nonNegative'));
  need('minCoupangMarginAmount', (n) => (n >= 0 ? null : 'nonNegative'));
  need('minSupplyMarginAmount', (n) => (n >= 0 ? null : 'nonNegative'));
  need('targetMarginPercent', (n) => (n >= 0 && n < 90 ? null : 'targetMargin'));

  if (f.aiProvider === 'gemini') {
    if (!f.geminiModel.trim()) e.geminiModel = 'required';
    if (!f.hasGeminiAPIKey && !f.geminiAPIKey.trim()) e.geminiAPIKey = 'keyNeeded';
  }
  if (f.aiProvider === 'openai') {
    if (!f.openaiBaseUrl.trim()) e.openaiBaseUrl = 'required';
    else if (!isUrl(f.openaiBaseUrl)) e.openaiBaseUrl = 'url';
    if (!f.openaiModel.trim()) e.openaiModel = 'required';
    if (!f.hasOpenaiAPIKey && !f.openaiAPIKey.trim()) e.openaiAPIKey = 'keyNeeded';
  }
  if (f.useTopImage && !f.topImageUrl.trim()) e.topImageUrl = 'imageUrlNeeded';
  else if (f.topImageUrl.trim() && !isUrl(f.topImageUrl)) e.topImageUrl = 'url';
  if (f.useBottomImage && !f.bottomImageUrl.trim()) e.bottomImageUrl = 'imageUrlNeeded';
  else if (f.bottomImageUrl.trim() && !isUrl(f.bottomImageUrl)) e.bottomImageUrl = 'url';
  return e;
}
