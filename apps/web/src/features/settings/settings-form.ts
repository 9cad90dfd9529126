import type { SettingsEntryInput, SettingsView } from '@rr/contracts';
import type { SettingsForm } from './validate';

/** The settings form's pure parts: the stored settings → the form → what a save sends. */

const NUMBER_FIELDS = [
  'exchangeRate',
  'marginRate',
  'coupangMarginRate',
  'roundUnit',
  'msrpMultiplier',
  'minMarginAmount',
  'minCoupangMarginAmount',
  'minSupplyMarginAmount',
  'targetMarginPercent',
] as const;

/** The form as the stored settings fill it (numbers as the seller edits them: text). */
export function toForm(s: SettingsView): SettingsForm {
  const d = s.defaultSettings;
  const p = s.pricingDefaults;
  return {
    aiProvider: s.aiProvider,
    geminiAPIKey: s.geminiAPIKey,
    geminiModel: s.geminiModel,
    openaiBaseUrl: s.openaiBaseUrl,
    openaiAPIKey: s.openaiAPIKey,
    openaiModel: s.openaiModel,
    hasGeminiAPIKey: s.hasGeminiAPIKey,
    hasOpenaiAPIKey: s.hasOpenaiAPIKey,
    asInfo: d.asInfo,
    origin: d.origin,
    manufacturer: d.manufacturer,
    importer: d.importer,
    brand: d.brand,
    importStatus: d.importStatus,
    transactionType: d.transactionType,
    useTopImage: d.imageSettings.useTopImage,
    topImageUrl: d.imageSettings.topImageUrl,
    useBottomImage: d.imageSettings.useBottomImage,
    bottomImageUrl: d.imageSettings.bottomImageUrl,
    exchangeRate: String(p.exchangeRate ?? d.exchangeRate),
    marginRate: String(p.marginRate),
    coupangMarginRate: String(p.coupangMarginRate),
    roundUnit: String(p.roundUnit),
    msrpMultiplier: String(p.msrpMultiplier),
    enableBundling: p.enableBundling,
    minMarginAmount: String(p.minMarginAmount),
    minCoupangMarginAmount: String(p.minCoupangMarginAmount),
    enableMinSupplyMargin: p.enableMinSupplyMargin,
    minSupplyMarginAmount: String(p.minSupplyMarginAmount),
    landedPricing: p.pricingMethod === 'landed',
    targetMarginPercent: String(p.targetMarginPercent ?? 20),
  };
}

/** A masked key (as read back) or an empty field keeps the stored key: the key is then left out. */
export function keyToSend(typed: string, stored: string): string | undefined {
  if (typed === '' || typed === stored || typed.includes('•') || typed.includes('*')) return undefined;
  return typed.trim();
}

/** Settings whose change makes already computed prices stale (§9 pricing inputs). */
export function pricingChanged(before: SettingsView, after: SettingsView): boolean {
  const a = before.pricingDefaults;
  const b = after.pricingDefaults;
  const am = new Map(Object.entries(a));
  const bm = new Map(Object.entries(b));
  const keys = new Set([...am.keys(), ...bm.keys()]);
  return (
    before.defaultSettings.exchangeRate !== after.defaultSettings.exchangeRate ||
    [...keys].some((k) => JSON.stringify(am.get(k)) !== JSON.stringify(bm.get(k)))
  );
}

/** What a save sends: numbers parsed, keys left out unless the seller typed a new one. */
export function toEntry(f: SettingsForm, stored: SettingsView): SettingsEntryInput {
  const n = (k: (typeof NUMBER_FIELDS)[number]) => Number(f[k].replaceAll(',', ''));
  const entry: SettingsEntryInput = {
    aiProvider: f.aiProvider,
    geminiModel: f.geminiModel.trim(),
    openaiBaseUrl: f.openaiBaseUrl.trim(),
    openaiModel: f.openaiModel.trim(),
    defaultSettings: {
      asInfo: f.asInfo,
      origin: f.origin,
      manufacturer: f.manufacturer,
      importer: f.importer,
      brand: f.brand,
      importStatus: f.importStatus,
      transactionType: f.transactionType,
      exchangeRate: n('exchangeRate'),
      imageSettings: {
        useTopImage: f.useTopImage,
        topImageUrl: f.topImageUrl,
        useBottomImage: f.useBottomImage,
        bottomImageUrl: f.bottomImageUrl,
      },
    },
    pricingDefaults: {
      exchangeRate: n('exchangeRate'),
      marginRate: n('marginRate'),
      coupangMarginRate: n('coupangMarginRate'),
      roundUnit: n('roundUnit'),
      msrpMultiplier: n('msrpMultiplier'),
      enableBundling: f.enableBundling,
      bundlingType: stored.pricingDefaults.bundlingType,
      minMarginAmount: n('minMarginAmount'),
      minCoupangMarginAmount: n('minCoupangMarginAmount'),
      enableMinSupplyMargin: f.enableMinSupplyMargin,
      minSupplyMarginAmount: n('minSupplyMarginAmount'),
      pricingMethod: f.landedPricing ? 'landed' : 'markup',
      targetMarginPercent: n('targetMarginPercent'),
    },
  };
  const gk = keyToSend(f.geminiAPIKey, stored.geminiAPIKey);
  if (gk !== undefined) entry.geminiAPIKey = gk;
  const ok = keyToSend(f.openaiAPIKey, stored.openaiAPIKey);
  if (ok !== undefined) entry.openaiAPIKey = ok;
  return entry;
}
