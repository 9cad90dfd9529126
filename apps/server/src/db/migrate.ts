import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Loads `db/migrations/*.ts` by file name order. The import happens here (not inside Kysely) so the
 * TypeScript loader in use (tsx, Vitest) sees it.
 */
const folderProvider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    const files = readdirSync(migrationFolder)
      .filter((f) => /^\d{4}-[\w-]+\.ts$/.test(f))
      .sort();
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = await import(
        pathToFileURL(path.join(migrationFolder, file)).href
      );
    }
    return migrations;
  },
};

/** Applies every migration in `db/migrations` that has not run yet. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider: folderProvider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
