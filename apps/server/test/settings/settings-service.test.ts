import { DEFAULT_GEMINI_MODEL, PRICING_DEFAULTS, REGISTRATION_DEFAULTS } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import { createSettingsReader } from '../../src/settings/settings-reader.ts';
import type { SettingsRepository, SettingsRow } from '../../src/settings/settings-repository.ts';
import { createSettingsService } from '../../src/settings/settings-service.ts';

// The settings service and reader on a fake settings repository (no database): what a save stores,
// what is answered (keys sealed, masked, opened only for the AI gateway), the defaults. The SQL (the
// row made on first save and locked while it changes) is tested on PostgreSQL in
// products/categories-settings.pg.test.ts and hardening/stored-keys.pg.test.ts.

const SECRET = 'unit-test-app-secret-0123456789abcdef';
const GEMINI_KEY = 'AIzaSy-unit-test-key-1234567890';

function fakeSettings() {
  const rows = new Map<string, SettingsRow>();
  let writes = 0;
  const repository: Pick<SettingsRepository, 'find' | 'update'> = {
    async find(companyId) {
      const row = rows.get(companyId);
      return row && structuredClone(row);
    },
    async update(companyId, change) {
      const current = rows.get(companyId) ?? {
        company_id: companyId,
        settings: {},
        gemini_key_enc: null,
        openai_key_enc: null,
        updated_at: new Date(0),
      };
      const next = change(structuredClone(current));
      const row = {
        company_id: companyId,
        ...structuredClone(next),
        updated_at: new Date(Date.UTC(2025, 5, 1)),
      };
      rows.set(companyId, row);
      writes++;
      return structuredClone(row);
    },
  };
  return { repository, rows, writes: () => writes };
}

const noExports = {
  exportSettings: async () => {
    throw new Error('not used');
  },
  coupangCredentials: async () => null,
};
const companies = { supplierCodeOf: async (companyId: string) => `SUP-${companyId}` };

describe('settings service (fake repository)', () => {
  it('the pricing method (issue 41): markup by default, landed with its target margin once saved', async () => {
    const fake = fakeSettings();
    const service = createSettingsService(fake.repository, SECRET);
    const reader = createSettingsReader(fake.repository, SECRET, noExports, companies);
    expect(await reader.pricing('c1')).toMatchObject({ pricingMethod: 'markup', targetMarginPercent: 20 });
    await service.save('c1', { pricingDefaults: { pricingMethod: 'landed', targetMarginPercent: 25 } });
    expect(await reader.pricing('c1')).toMatchObject({
      pricingMethod: 'landed',
      targetMarginPercent: 25,
      marginRate: PRICING_DEFAULTS.marginRate,
    });
    // A stored method the app does not know (written by hand) reads as the default.
    fake.rows.get('c1')!.settings = { pricingDefaults: { pricingMethod: 'cheapest' } };
    expect((await reader.pricing('c1')).pricingMethod).toBe('markup');
  });

  it('seals a saved key: stored encrypted, answered masked, opened only for the AI gateway', async () => {
    const fake = fakeSettings();
    const service = createSettingsService(fake.repository, SECRET);
    const view = await service.save('c1', { aiProvider: 'gemini', geminiAPIKey: ` ${GEMINI_KEY} ` });
    const stored = fake.rows.get('c1')!;
    expect(stored.gemini_key_enc).toMatch(/^v2:/);
    expect(JSON.stringify(stored)).not.toContain(GEMINI_KEY);
    expect(view.hasGeminiAPIKey).toBe(true);
    expect(view.geminiAPIKey).not.toContain(GEMINI_KEY);
    expect(view.geminiAPIKey).toContain('•');
    expect(JSON.stringify(await service.get('c1'))).not.toContain(GEMINI_KEY);
    const reader = createSettingsReader(fake.repository, SECRET, noExports, companies);
    expect(await reader.aiProvider('c1')).toEqual({
      provider: 'gemini',
      model: DEFAULT_GEMINI_MODEL,
      apiKey: GEMINI_KEY,
    });
    // Another app secret cannot open it: the company then has no key.
    const other = createSettingsReader(
      fake.repository,
      'another-secret-0123456789abcdef',
      noExports,
      companies,
    );
    expect(await other.aiProvider('c1')).toEqual({ provider: 'gemini', model: DEFAULT_GEMINI_MODEL });
  });

  it('keeps the stored key when the masked value comes back, and clears it on an empty string', async () => {
    const fake = fakeSettings();
    const service = createSettingsService(fake.repository, SECRET);
    const first = await service.save('c1', { aiProvider: 'gemini', geminiAPIKey: GEMINI_KEY });
    const sealed = fake.rows.get('c1')!.gemini_key_enc;
    await service.save('c1', { geminiAPIKey: first.geminiAPIKey, geminiModel: 'gemini-x' });
    expect(fake.rows.get('c1')!.gemini_key_enc).toBe(sealed);
    expect((await service.get('c1')).geminiModel).toBe('gemini-x');
    const cleared = await service.save('c1', { geminiAPIKey: '' });
    expect(cleared.hasGeminiAPIKey).toBe(false);
    expect(fake.rows.get('c1')!.gemini_key_enc).toBeNull();
  });

  it('refuses an AI endpoint that is not https or is private with a Korean message, and stores nothing', async () => {
    const fake = fakeSettings();
    const service = createSettingsService(fake.repository, SECRET);
    for (const url of ['http://ai.example.com/v1', 'https://127.0.0.1/v1', 'https://10.1.2.3/v1']) {
      const error = await service.save('c1', { aiProvider: 'openai', openaiBaseUrl: url }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe('invalid');
      expect((error as AppError).userMessage.ko).toMatch(/AI 서버 주소/);
    }
    expect(fake.writes()).toBe(0);
    const saved = await service.save('c1', {
      aiProvider: 'openai',
      openaiBaseUrl: 'https://ai.example.com/v1',
      openaiModel: 'gpt-x',
      openaiAPIKey: 'sk-unit',
    });
    expect(saved).toMatchObject({ aiProvider: 'openai', openaiBaseUrl: 'https://ai.example.com/v1' });
    const reader = createSettingsReader(fake.repository, SECRET, noExports, companies);
    expect(await reader.aiProvider('c1')).toEqual({
      provider: 'openai',
      model: 'gpt-x',
      baseUrl: 'https://ai.example.com/v1',
      apiKey: 'sk-unit',
    });
  });

  it('merges nested defaults into what is stored (image settings field by field)', async () => {
    const fake = fakeSettings();
    const service = createSettingsService(fake.repository, SECRET);
    await service.save('c1', {
      defaultSettings: {
        brand: '우리브랜드',
        imageSettings: { useTopImage: true, topImageUrl: 'https://x/top.jpg' },
      },
    });
    const view = await service.save('c1', { defaultSettings: { imageSettings: { useBottomImage: true } } });
    expect(view.defaultSettings.brand).toBe('우리브랜드');
    expect(view.defaultSettings.imageSettings).toEqual({
      useTopImage: true,
      topImageUrl: 'https://x/top.jpg',
      useBottomImage: true,
      bottomImageUrl: '',
    });
  });
});

describe('settings reader (fake repository)', () => {
  it('answers the shipped defaults for a company that never saved, offline AI, no key', async () => {
    const fake = fakeSettings();
    const reader = createSettingsReader(fake.repository, SECRET, noExports, companies);
    expect(await reader.aiProvider('new')).toEqual({ provider: 'offline' });
    expect(await reader.aiProviderName('new')).toBe('offline');
    const defaults = await reader.defaults('new');
    expect(defaults).toMatchObject({
      asInfo: REGISTRATION_DEFAULTS.afterService,
      origin: REGISTRATION_DEFAULTS.origin,
      importStatus: REGISTRATION_DEFAULTS.importStatus,
      transactionType: REGISTRATION_DEFAULTS.transactionType,
      exchangeRate: PRICING_DEFAULTS.exchangeRate,
      brand: '',
    });
    expect(await reader.pricing('new')).toMatchObject({ exchangeRate: PRICING_DEFAULTS.exchangeRate });
    expect(await reader.imageSettings('new')).toMatchObject({ useTopImage: false, useBottomImage: false });
    expect(await reader.supplierCode('new')).toBe('SUP-new');
    expect(fake.writes()).toBe(0);
  });

  it('reads what was saved over the defaults; a stored value of the wrong type falls back to its default', async () => {
    const fake = fakeSettings();
    fake.rows.set('c1', {
      company_id: 'c1',
      settings: {
        aiProvider: 'openai',
        defaultSettings: {
          brand: '브랜드',
          origin: 42,
          imageSettings: { useTopImage: true, topImageUrl: 'https://x/t.jpg' },
        },
      },
      gemini_key_enc: null,
      openai_key_enc: null,
      updated_at: new Date(),
    });
    const reader = createSettingsReader(fake.repository, SECRET, noExports, companies);
    expect(await reader.aiProviderName('c1')).toBe('openai');
    const defaults = await reader.defaults('c1');
    expect(defaults.brand).toBe('브랜드');
    expect(defaults.origin).toBe(REGISTRATION_DEFAULTS.origin);
    expect(await reader.imageSettings('c1')).toMatchObject({
      useTopImage: true,
      topImageUrl: 'https://x/t.jpg',
    });
  });
});
