import { sql } from 'kysely';
import type { Db } from './database.ts';
import { type SettingRow, WRITE_SETTINGS } from './write-settings.ts';

/** The advised WAL settings (db/write-settings.ts) as the connected server has them. */
export async function readWriteSettings(db: Db): Promise<SettingRow[]> {
  const names = WRITE_SETTINGS.map((s) => s.name);
  const result = await sql<SettingRow>`select name, setting, unit from pg_settings
    where name in (${sql.join(names)})`.execute(db);
  return result.rows;
}
