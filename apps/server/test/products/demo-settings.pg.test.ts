import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoAccount } from '../../src/db/seed-demo.ts';
import { DEMO_DEFAULT_SETTINGS, seedDemoSettings } from '../../src/demo/demo-settings.ts';
import { createSettingsRepository } from '../../src/settings/settings-repository.ts';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, signUp } from './helpers.ts';

const { db } = await createTestDb();
const { app } = await buildTestApp(db);
const settings = createSettingsRepository(db);
afterAll(() => app.close());

describe('the demo company has a brand, manufacturer and importer (issue 20)', () => {
  it('sets them on a demo company seeded before they existed, and on every start keeps them', async () => {
    const { companyId } = await seedDemoAccount(db);
    // an existing database: the demo company has settings, without these
    await db
      .insertInto('company_settings')
      .values({ company_id: companyId, settings: JSON.stringify({ defaultSettings: { origin: '중국' } }) })
      .execute();
    await seedDemoSettings(settings, companyId);
    await seedDemoSettings(settings, companyId);
    const row = await db
      .selectFrom('company_settings')
      .select('settings')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect((row.settings as { defaultSettings: Record<string, unknown> }).defaultSettings).toEqual({
      origin: '중국',
      ...DEMO_DEFAULT_SETTINGS,
    });
  });

  it('leaves a value the seller saved, fills only what is empty; the settings screen shows them', async () => {
    const client = await signUp(app, db);
    const saved = await client.post('/api/savesetting', {
      settings: [{ defaultSettings: { brand: '셀러브랜드', manufacturer: ' ' } }],
    });
    expect(saved.status).toBe(200);
    await seedDemoSettings(settings, client.companyId);
    const view = await client.get('/api/settings');
    expect(view.status).toBe(200);
    const defaults = JSON.stringify(view.body);
    expect(defaults).toContain('셀러브랜드');
    expect(defaults).toContain(DEMO_DEFAULT_SETTINGS.manufacturer);
    expect(defaults).toContain(DEMO_DEFAULT_SETTINGS.importer);
    expect(defaults).not.toContain(DEMO_DEFAULT_SETTINGS.brand);
  });
});
