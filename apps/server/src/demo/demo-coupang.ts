import type { ExportService } from '../exports/create-export-service.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';

// Issue 23: the demo registers against the fake Coupang gateway (scripts/start.mjs starts it and
// points COUPANG_API_BASE_URL at it). The fake accepts these keys; they open nothing real.

export const DEMO_COUPANG_KEYS = {
  accessKey: 'demo-access-key',
  secretKey: 'demo-secret-key',
  vendorId: 'A00000000',
} as const;

/** The demo account's WING login and phone (the fake's account holds the places and centres). */
export const DEMO_COUPANG_SELLER = {
  vendorUserId: 'demo-wing',
  companyContactNumber: '02-1234-5678',
} as const;

/** What the demo's keys are seeded through (issue 40: the container's services, no database). */
export type DemoCoupangDeps = {
  /** The company's opened Open API keys, when it has all three (container.settingsReader). */
  settings: Pick<SettingsReader, 'coupangCredentials'>;
  /** The export settings' save, which seals the keys (container.exports). */
  exports: Pick<ExportService, 'saveSettings'>;
};

/**
 * Saves the demo keys for the demo company when it has none (a key the seller saved stays). The
 * channel, outbound place and return centre are the seller's to choose from the lists the (fake)
 * account answers (issue 37).
 */
export async function seedDemoCoupangKeys(deps: DemoCoupangDeps, companyId: string): Promise<void> {
  if (await deps.settings.coupangCredentials(companyId)) return;
  await deps.exports.saveSettings(companyId, { seller: { ...DEMO_COUPANG_KEYS, ...DEMO_COUPANG_SELLER } });
}
