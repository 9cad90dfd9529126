import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What the demo company sells under (W §3 defaultSettings): a run needs a brand (issue 20). */
export const DEMO_DEFAULT_SETTINGS = {
  brand: '데모브랜드',
  manufacturer: '데모 제조 협력사(중국)',
  importer: '데모 상점',
} as const;

/**
 * Gives the demo company its brand, manufacturer and importer where its default settings have none
 * (a new database, or one seeded before these existed); a value the seller saved stays.
 */
export async function seedDemoSettings(db: Db, companyId: string): Promise<void> {
  await sql`insert into company_settings (company_id) values (${companyId}) on conflict do nothing`.execute(
    db,
  );
  const row = await db
    .selectFrom('company_settings')
    .select('settings')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const settings = (row.settings ?? {}) as { defaultSettings?: Record<string, unknown> };
  const current = settings.defaultSettings ?? {};
  const missing = Object.entries(DEMO_DEFAULT_SETTINGS).filter(([k]) => {
    const v = current[k];
    return typeof v !== 'string' || v.trim() === '';
  });
  if (missing.length === 0) return;
  const defaultSettings = { ...current, ...Object.fromEntries(missing) };
  await db
    .updateTable('company_settings')
    .set({ settings: JSON.stringify({ ...settings, defaultSettings }), updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .execute();
}
