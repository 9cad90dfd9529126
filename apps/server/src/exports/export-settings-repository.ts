import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// The company's export settings row (`export_settings`): its word lists and its seller record
// (with the sealed Open API keys). What they mean: export-settings.ts.

export type ExportSettingsRow = { banned_words: unknown; brand_words: unknown; seller: unknown };

/** The export settings table, built once by the container (`createExportSettingsRepository(db)`). */
export type ExportSettingsRepository = {
  find(companyId: string): Promise<ExportSettingsRow | undefined>;
  /** Inserts or replaces the company's row. */
  upsert(
    companyId: string,
    values: { bannedWords: string[]; brandWords: string[]; seller: Record<string, unknown> },
  ): Promise<void>;
};

export function createExportSettingsRepository(db: Db): ExportSettingsRepository {
  return {
    find(companyId) {
      return db
        .selectFrom('export_settings')
        .select(['banned_words', 'brand_words', 'seller'])
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },
    async upsert(companyId, values) {
      const set = {
        banned_words: JSON.stringify(values.bannedWords),
        brand_words: JSON.stringify(values.brandWords),
        seller: JSON.stringify(values.seller),
      };
      await db
        .insertInto('export_settings')
        .values({ company_id: companyId, ...set })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...set, updated_at: sql`now()` }))
        .execute();
    },
  };
}
