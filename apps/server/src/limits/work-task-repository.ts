import { createDb, type Db } from '../db/database.ts';
import type { DefaultSettingsView } from '../products/document-rules.ts';
import { createProductCaches } from '../products/product-caches.ts';
import { createProductRepository } from '../products/product-data-repository.ts';
import { createProductStore, type ProductDoor, type StoredSaveItems } from '../products/product-store.ts';

// The database part of the work pool's threads (limits/work-tasks.ts): a thread's own connection and
// what its tasks write with it. This module is loaded by a thread only when it takes its first task
// that writes (saveItems of a large body), so a thread that only parses never opens a connection.

/** How a pool thread connects (db/database.ts `createDb` options: the same limits as the app's pool). */
export type WorkPoolDatabase = {
  url: string;
  statementTimeoutMs?: number;
  settings?: Record<string, string>;
  /** Nice value of the threads' PostgreSQL backends when the server is on this machine (db/database.ts). */
  backendNiceness?: number;
};

/** What a pool thread's tasks write on the thread's own connection. */
export type ThreadWriter = {
  /** saveItems of a large body, whole (products/save-items-store.ts), in one transaction. */
  saveItems(companyId: string, text: string, settings: DefaultSettingsView): Promise<StoredSaveItems>;
};

/** This thread's connection to the database (one, opened by its first task that writes). */
let threadDb: Db | undefined;
/** The thread's product store over that connection (its writes go through the store as the app's). */
let threadStore: ProductDoor | undefined;

/**
 * The thread's writer over its one connection, made on first use with the pool's `database` (the
 * same limits as the app's own connections: statement timeout, session settings, backend niceness).
 */
export function threadWriter(database: WorkPoolDatabase | undefined): ThreadWriter {
  if (!threadDb) {
    if (!database) throw new Error('work pool: this task writes to the database, but the pool has none');
    threadDb = createDb(database.url, {
      max: 1,
      // the backend that parses and stores the thread's large documents yields the cores as the thread does
      ...(database.backendNiceness !== undefined ? { backendNiceness: database.backendNiceness } : {}),
      ...(database.statementTimeoutMs !== undefined
        ? { statementTimeoutMs: database.statementTimeoutMs }
        : {}),
      ...(database.settings ? { settings: database.settings } : {}),
    });
  }
  threadStore ??= createProductStore(createProductRepository(threadDb), createProductCaches());
  const store = threadStore;
  return {
    saveItems: (companyId, text, settings) => store.saveItems(companyId, text, settings),
  };
}
