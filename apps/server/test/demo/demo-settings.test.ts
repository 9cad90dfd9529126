import { describe, expect, it } from 'vitest';
import { DEMO_DEFAULT_SETTINGS, seedDemoSettings } from '../../src/demo/demo-settings.ts';
import type { SettingsRepository, SettingsRow } from '../../src/settings/settings-repository.ts';

// The demo company's brand, manufacturer and importer, seeded through a fake settings repository
// (no database). The same on PostgreSQL, with the settings screen: test/products/demo-settings.pg.test.ts.

function fakeSettings(initial?: Partial<SettingsRow>) {
  const rows = new Map<string, SettingsRow>();
  if (initial)
    rows.set('demo', {
      company_id: 'demo',
      settings: {},
      gemini_key_enc: null,
      openai_key_enc: null,
      updated_at: new Date(0),
      ...initial,
    });
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
      const row = { ...current, ...structuredClone(change(structuredClone(current))) };
      rows.set(companyId, row);
      writes++;
      return structuredClone(row);
    },
  };
  return { repository, rows, writes: () => writes };
}

describe('the demo settings seed (fake settings repository)', () => {
  it('gives a company without settings the demo brand, manufacturer and importer, once', async () => {
    const fake = fakeSettings();
    await seedDemoSettings(fake.repository, 'demo');
    await seedDemoSettings(fake.repository, 'demo');
    expect(fake.rows.get('demo')?.settings.defaultSettings).toEqual(DEMO_DEFAULT_SETTINGS);
    // The second start found nothing missing and wrote nothing.
    expect(fake.writes()).toBe(1);
  });

  it("fills only what is empty, keeping the seller's values, other settings and sealed keys", async () => {
    const fake = fakeSettings({
      settings: {
        aiProvider: 'gemini',
        defaultSettings: { brand: '셀러브랜드', manufacturer: ' ', origin: '중국' },
      },
      gemini_key_enc: 'v2:sealed',
    });
    await seedDemoSettings(fake.repository, 'demo');
    const row = fake.rows.get('demo')!;
    expect(row.settings).toEqual({
      aiProvider: 'gemini',
      defaultSettings: {
        brand: '셀러브랜드',
        manufacturer: DEMO_DEFAULT_SETTINGS.manufacturer,
        importer: DEMO_DEFAULT_SETTINGS.importer,
        origin: '중국',
      },
    });
    expect(row.gemini_key_enc).toBe('v2:sealed');
  });
});
