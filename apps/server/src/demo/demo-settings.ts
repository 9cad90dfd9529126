import type { SettingsRepository, StoredSettings } from '../settings/settings-repository.ts';

/** What the demo company sells under (W §3 defaultSettings): a run needs a brand (issue 20). */
export const DEMO_DEFAULT_SETTINGS = {
  brand: '데모브랜드',
  manufacturer: '데모 제조 협력사(중국)',
  importer: '데모 상점',
} as const;

/**
 * Gives the demo company its brand, manufacturer and importer where its default settings have none
 * (a new database, or one seeded before these existed); a value the seller saved stays. Written
 * through the settings repository (its update locks the row while the change is made).
 */
export async function seedDemoSettings(
  repository: Pick<SettingsRepository, 'find' | 'update'>,
  companyId: string,
): Promise<void> {
  const missingIn = (settings: StoredSettings | undefined) => {
    const current = settings?.defaultSettings ?? {};
    return Object.entries(DEMO_DEFAULT_SETTINGS).filter(([k]) => {
      const v = current[k];
      return typeof v !== 'string' || v.trim() === '';
    });
  };
  // Nothing missing (every start after the first): nothing written.
  if (missingIn((await repository.find(companyId))?.settings).length === 0) return;
  await repository.update(companyId, (row) => {
    const settings = row.settings ?? {};
    const defaultSettings = { ...settings.defaultSettings, ...Object.fromEntries(missingIn(settings)) };
    return {
      settings: { ...settings, defaultSettings },
      gemini_key_enc: row.gemini_key_enc,
      openai_key_enc: row.openai_key_enc,
    };
  });
}
