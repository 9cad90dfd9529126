import { SettingsView } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { toEntry, toForm } from './settings-form';
import { validateSettings } from './validate';

// Issue 41: the pricing method in the settings form: markup by default; the seller's check sends
// 'landed' with the target margin, which is bounded like the server's (0 ≤ target < 90).

const stored = (pricing: Record<string, unknown> = {}): SettingsView =>
  SettingsView.parse({
    aiProvider: 'offline',
    geminiAPIKey: '',
    hasGeminiAPIKey: false,
    geminiModel: 'gemini-2.0-flash',
    openaiBaseUrl: '',
    openaiAPIKey: '',
    hasOpenaiAPIKey: false,
    openaiModel: '',
    defaultSettings: {
      asInfo: 'a',
      origin: '중국',
      manufacturer: '',
      importer: '',
      brand: '',
      importStatus: '수입대상아님',
      transactionType: '기타 도소매업자',
      exchangeRate: 190,
      imageSettings: { useTopImage: false, topImageUrl: '', useBottomImage: false, bottomImageUrl: '' },
    },
    pricingDefaults: {
      exchangeRate: 190,
      marginRate: 40,
      coupangMarginRate: 40,
      roundUnit: 100,
      msrpMultiplier: 1.3,
      enableBundling: false,
      bundlingType: 'marginAmount',
      minMarginAmount: 3000,
      minCoupangMarginAmount: 3000,
      enableMinSupplyMargin: false,
      minSupplyMarginAmount: 3000,
      ...pricing,
    },
    updatedAt: null,
  });

describe('the pricing method in the settings form', () => {
  it('markup by default; the check sends landed with its target margin', () => {
    const s = stored({ pricingMethod: 'markup', targetMarginPercent: 20 });
    const form = toForm(s);
    expect(form).toMatchObject({ landedPricing: false, targetMarginPercent: '20' });
    expect(toEntry(form, s).pricingDefaults).toMatchObject({
      pricingMethod: 'markup',
      targetMarginPercent: 20,
    });
    const chosen = { ...form, landedPricing: true, targetMarginPercent: '25.5' };
    expect(validateSettings(chosen)).toEqual({});
    expect(toEntry(chosen, s).pricingDefaults).toMatchObject({
      pricingMethod: 'landed',
      targetMarginPercent: 25.5,
    });
  });

  it('reads a saved landed method back checked; a target of 90 or more is refused next to its field', () => {
    const form = toForm(stored({ pricingMethod: 'landed', targetMarginPercent: 30 }));
    expect(form).toMatchObject({ landedPricing: true, targetMarginPercent: '30' });
    expect(validateSettings({ ...form, targetMarginPercent: '90' })).toEqual({
      targetMarginPercent: 'targetMargin',
    });
  });
});
