import path from 'node:path';
import { loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { createDb } from './db/database.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccount } from './db/seed-demo.ts';
import { seedDemoProducts } from './demo/seed-demo-products.ts';
import { buildApp } from './http/app.ts';

/** config → database → migrate → demo data → HTTP (+ workers). Ctrl-C stops everything cleanly. */
async function main() {
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
      ...(config.embeddedPgPort ? { port: config.embeddedPgPort } : {}),
    });
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
    console.log(`embedded PostgreSQL: ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}`);
  }
  const db = createDb(databaseUrl);
  await migrateToLatest(db);
  const container = createContainer(config, db);
  if (config.demo) {
    const demo = await seedDemoAccount(db);
    await seedDemoProducts(db, demo.companyId, container.storage);
  }

  const app = await buildApp(container, { closeContainer: false });
  container.start();
  await app.listen({ port: config.port, host: config.host });
  console.log(`ready: http://localhost:${config.port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await app.close().catch(() => {});
    await container.close().catch(() => {});
    await db.destroy().catch(() => {});
    await stopEmbedded?.().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
