import type { SettingsView } from '@rr/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import {
  defaultSettingsOf,
  type KeyColumn,
  type SettingsRow,
  type SettingsWrite,
  type StoredSettings,
} from './settings-view.ts';

export type { KeyColumn, SettingsRow, SettingsWrite, StoredSettings };

const COLUMNS = ['company_id', 'settings', 'gemini_key_enc', 'openai_key_enc', 'updated_at'] as const;

/**
 * SQL of `company_settings`: one row per company, made on its first save. Built once by the
 * container and handed to the settings service and reader (a test passes a fake).
 */
export function createSettingsRepository(db: Db) {
  return {
    async find(companyId: string): Promise<SettingsRow | undefined> {
      return db
        .selectFrom('company_settings')
        .select(COLUMNS)
        .where('company_id', '=', companyId)
        .executeTakeFirst() as Promise<SettingsRow | undefined>;
    },

    /**
     * Saves the company's settings from what is stored now: the row is made if missing and locked while
     * `change` (pure) turns it into what is written, so two saves at once apply one after the other.
     * Answers the row as written.
     */
    async update(companyId: string, change: (row: SettingsRow) => SettingsWrite): Promise<SettingsRow> {
      return db.transaction().execute(async (trx) => {
        await sql`insert into company_settings (company_id) values (${companyId}) on conflict do nothing`.execute(
          trx,
        );
        const row = (await trx
          .selectFrom('company_settings')
          .select(COLUMNS)
          .where('company_id', '=', companyId)
          .forUpdate()
          .executeTakeFirstOrThrow()) as SettingsRow;
        const next = change(row);
        return (await trx
          .updateTable('company_settings')
          .set({
            settings: JSON.stringify(next.settings),
            gemini_key_enc: next.gemini_key_enc,
            openai_key_enc: next.openai_key_enc,
            updated_at: sql`now()`,
          })
          .where('company_id', '=', companyId)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()) as SettingsRow;
      });
    },

    /** Rows with a key still sealed the first way (v1, not bound to its company). */
    async findLegacyKeyRows(): Promise<Pick<SettingsRow, 'company_id' | KeyColumn>[]> {
      return db
        .selectFrom('company_settings')
        .select(['company_id', 'gemini_key_enc', 'openai_key_enc'])
        .where((eb) => eb.or([eb('gemini_key_enc', 'like', 'v1:%'), eb('openai_key_enc', 'like', 'v1:%')]))
        .execute();
    },

    /** Replaces a sealed key only while it still holds `stored`; answers the rows changed (0 or 1). */
    async replaceKeyIfUnchanged(
      companyId: string,
      column: KeyColumn,
      stored: string,
      next: string,
    ): Promise<number> {
      const result = await db
        .updateTable('company_settings')
        .set({ [column]: next })
        .where('company_id', '=', companyId)
        .where(column, '=', stored)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/**
 * The default settings of §3 read on `db` (or a transaction of it), as the settings reader answers
 * them. For products/, which reads them inside its own transactions (regproduct, saves, the sheet
 * import) and still holds the database (DATABASE_IMPORT_ALLOW); the reader is the way for the rest.
 */
export async function readDefaultSettings(
  db: Db,
  companyId: string,
): Promise<SettingsView['defaultSettings']> {
  return defaultSettingsOf(companyId, (await createSettingsRepository(db).find(companyId))?.settings);
}
