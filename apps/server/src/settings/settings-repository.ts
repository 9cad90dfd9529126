import type { AiProvider } from '@rr/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The settings document of a company as stored (keys are in their own columns, sealed). */
export type StoredSettings = {
  geminiModel?: string;
  aiProvider?: AiProvider;
  openaiBaseUrl?: string;
  openaiModel?: string;
  defaultSettings?: Record<string, unknown>;
  pricingDefaults?: Record<string, unknown>;
};

export type SettingsRow = {
  company_id: string;
  settings: StoredSettings;
  gemini_key_enc: string | null;
  openai_key_enc: string | null;
  updated_at: Date;
};

/** What a save writes: the whole settings document and both sealed keys. */
export type SettingsWrite = Pick<SettingsRow, 'settings' | 'gemini_key_enc' | 'openai_key_enc'>;

const COLUMNS = ['company_id', 'settings', 'gemini_key_enc', 'openai_key_enc', 'updated_at'] as const;

export type KeyColumn = 'gemini_key_enc' | 'openai_key_enc';

/** SQL of `company_settings`: one row per company, made on its first save. */
export async function findSettingsRow(db: Db, companyId: string): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('company_settings')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .executeTakeFirst() as Promise<SettingsRow | undefined>;
}

/**
 * Saves the company's settings from what is stored now: the row is made if missing and locked while
 * `change` (pure) turns it into what is written, so two saves at once apply one after the other.
 * Answers the row as written.
 */
export async function updateSettingsRow(
  db: Db,
  companyId: string,
  change: (row: SettingsRow) => SettingsWrite,
): Promise<SettingsRow> {
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
}

/** Rows with a key still sealed the first way (v1, not bound to its company). */
export async function findLegacyKeyRows(db: Db): Promise<Pick<SettingsRow, 'company_id' | KeyColumn>[]> {
  return db
    .selectFrom('company_settings')
    .select(['company_id', 'gemini_key_enc', 'openai_key_enc'])
    .where((eb) => eb.or([eb('gemini_key_enc', 'like', 'v1:%'), eb('openai_key_enc', 'like', 'v1:%')]))
    .execute();
}

/** Replaces a sealed key only while it still holds `stored`; answers the rows changed (0 or 1). */
export async function replaceKeyIfUnchanged(
  db: Db,
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
}
