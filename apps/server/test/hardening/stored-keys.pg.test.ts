import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSettingsRepository } from '../../src/settings/settings-repository.ts';
import { getAiProviderConfig, rebindLegacyKeys } from '../../src/settings/settings-service.ts';
import { buildTestApp, signUp } from '../products/helpers.ts';
import { createTestDb } from '../support/test-db.ts';

const SECRET = 'test-secret-0123456789abcdef';
const { db } = await createTestDb();
const { app } = await buildTestApp(db);
afterAll(() => app.close());

/** A key as the code before company binding stored it (v1: AES-256-GCM, no additional data). */
function legacySeal(plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', SECRET, 'rocket-registration', 'settings-api-keys/v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((x) => (typeof x === 'string' ? x : x.toString('base64url')))
    .join(':');
}

async function storedKeys(companyId: string) {
  return db
    .selectFrom('company_settings')
    .select(['gemini_key_enc', 'openai_key_enc'])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
}

async function setKeys(companyId: string, gemini: string | null, openai: string | null = null) {
  await db
    .insertInto('company_settings')
    .values({ company_id: companyId, settings: '{}' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .updateTable('company_settings')
    .set({ gemini_key_enc: gemini, openai_key_enc: openai })
    .where('company_id', '=', companyId)
    .execute();
}

describe('stored API keys are bound to their company', () => {
  it("a key copied into another company's row does not open there", async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    const key = 'AIzaSyD-company-a-only-0123456789';
    await a.post('/api/savesetting', { settings: [{ geminiAPIKey: key, aiProvider: 'gemini' }] });
    await b.post('/api/savesetting', { settings: [{ aiProvider: 'gemini' }] });
    const aRow = await storedKeys(a.companyId);
    // A bug or an injected statement copies A's ciphertext into B's settings.
    await setKeys(b.companyId, aRow.gemini_key_enc);
    expect((await b.get('/api/settings')).body.settings[0]).toMatchObject({
      hasGeminiAPIKey: false,
      geminiAPIKey: '',
    });
    expect(await getAiProviderConfig(createSettingsRepository(db), b.companyId, SECRET)).not.toHaveProperty(
      'apiKey',
    );
    // A still has its key.
    expect(await getAiProviderConfig(createSettingsRepository(db), a.companyId, SECRET)).toMatchObject({
      apiKey: key,
    });
  });

  it('keys stored before the binding are re-sealed to their company at start-up and keep working', async () => {
    const a = await signUp(app, db);
    const b = await signUp(app, db);
    const c = await signUp(app, db);
    await a.post('/api/savesetting', { settings: [{ aiProvider: 'openai', openaiModel: 'gpt-x' }] });
    const legacyGemini = legacySeal('gemini-key-of-a-000000');
    const legacyOpenai = legacySeal('sk-openai-key-of-a-000000');
    await setKeys(a.companyId, legacyGemini, legacyOpenai);
    // A value another APP_SECRET sealed stays as it is (it cannot be opened either way).
    const foreign = 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA';
    await setKeys(c.companyId, foreign);

    expect(await rebindLegacyKeys(createSettingsRepository(db), SECRET)).toBe(2);
    const after = await storedKeys(a.companyId);
    expect(after.gemini_key_enc).toMatch(/^v2:/);
    expect(after.openai_key_enc).toMatch(/^v2:/);
    expect(await getAiProviderConfig(createSettingsRepository(db), a.companyId, SECRET)).toEqual({
      provider: 'openai',
      model: 'gpt-x',
      apiKey: 'sk-openai-key-of-a-000000',
    });
    expect((await a.get('/api/settings')).body.settings[0]).toMatchObject({
      hasGeminiAPIKey: true,
      hasOpenaiAPIKey: true,
    });
    expect((await storedKeys(c.companyId)).gemini_key_enc).toBe(foreign);
    // Run again (a second process starting): nothing left to do.
    expect(await rebindLegacyKeys(createSettingsRepository(db), SECRET)).toBe(0);

    // An old v1 value planted in another company after the re-sealing no longer opens anywhere.
    await b.post('/api/savesetting', { settings: [{ aiProvider: 'gemini' }] });
    await setKeys(b.companyId, legacyGemini);
    expect((await b.get('/api/settings')).body.settings[0].hasGeminiAPIKey).toBe(false);
    expect(await getAiProviderConfig(createSettingsRepository(db), b.companyId, SECRET)).not.toHaveProperty(
      'apiKey',
    );
  });
});
