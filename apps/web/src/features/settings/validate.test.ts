import { describe, expect, it } from 'vitest';
import { type SettingsForm, validateSettings } from './validate';

const base: SettingsForm = {
  aiProvider: 'offline',
  geminiAPIKey: '',
  geminiModel: 'gemini-2.0-flash',
  openaiBaseUrl: '',
  openaiAPIKey: '',
  openaiModel: '',
  hasGeminiAPIKey: false,
  hasOpenaiAPIKey: false,
  asInfo: '제조사 문의',
  origin: '중국',
  manufacturer: '',
  importer: '',
  brand: '',
  importStatus: '수입대상아님',
  transactionType: '기타 도소매업자',
  useTopImage: false,
  topImageUrl: '',
  useBottomImage: false,
  bottomImageUrl: '',
  exchangeRate: '350',
  marginRate: '40',
  coupangMarginRate: '40',
  roundUnit: '100',
  msrpMultiplier: '1.3',
  enableBundling: false,
  minMarginAmount: '3,000',
  minCoupangMarginAmount: '3000',
  enableMinSupplyMargin: false,
  minSupplyMarginAmount: '3000',
  landedPricing: false,
  targetMarginPercent: '20',
};

describe('validateSettings', () => {
  it('accepts the spec defaults (thousands separators allowed)', () => {
    expect(validateSettings(base)).toEqual({});
  });
  it('flags numbers next to their fields', () => {
    expect(
      validateSettings({
        ...base,
        marginRate: '100',
        roundUnit: '10.5',
        exchangeRate: 'abc',
        msrpMultiplier: '',
      }),
    ).toEqual({
      marginRate: 'percent',
      roundUnit: 'integer',
      exchangeRate: 'number',
      msrpMultiplier: 'required',
    });
  });
  it('needs a key only when none is stored', () => {
    expect(validateSettings({ ...base, aiProvider: 'gemini' }).geminiAPIKey).toBe('keyNeeded');
    expect(
      validateSettings({ ...base, aiProvider: 'gemini', hasGeminiAPIKey: true }).geminiAPIKey,
    ).toBeUndefined();
  });
  it('checks the OpenAI-compatible base URL', () => {
    const e = validateSettings({
      ...base,
      aiProvider: 'openai',
      openaiBaseUrl: 'localhost:8080',
      openaiModel: 'm',
      openaiAPIKey: 'k',
    });
    expect(e).toEqual({ openaiBaseUrl: 'url' });
  });
  it('needs an image URL when the top image is on', () => {
    expect(validateSettings({ ...base, useTopImage: true }).topImageUrl).toBe('imageUrlNeeded');
  });
});
