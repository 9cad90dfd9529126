import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { isLocalHost } from './coupang/image-reach.ts';
import { createDb } from './db/database.ts';
import { embeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccount } from './db/seed-demo.ts';
import { seedDemoCoupangKeys } from './demo/demo-coupang.ts';
import { seedDemoProducts } from './demo/seed-demo-products.ts';
import { buildApp } from './http/app.ts';
import { installLoopStatsIpc } from './limits/loop-stats.ts';
import { quotaConnectionSettings } from './products/product-quotas.ts';
import { rebindLegacyKeys } from './settings/settings-service.ts';

/**
 * config → database → migrate → demo data → HTTP and/or workflow worker (ROLE = web | worker | all).
 * Ctrl-C stops everything cleanly; a killed process's jobs are taken over by another worker (or by
 * this one when it starts again).
 */
async function main() {
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const pgDir = path.join(config.dataDir, 'postgres');
  if (!databaseUrl && config.role === 'worker') {
    // A worker beside `npm start` shares its embedded PostgreSQL.
    const portFile = path.join(pgDir, 'port');
    if (!existsSync(portFile))
      throw new Error('DATABASE_URL가 없습니다: 먼저 npm start를 실행하거나 DATABASE_URL을 설정하세요.');
    databaseUrl = embeddedUrl(Number(readFileSync(portFile, 'utf8')));
  }
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(pgDir, {
      ...(config.embeddedPgPort ? { port: config.embeddedPgPort } : {}),
    });
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
    console.log(`embedded PostgreSQL: ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}`);
  }
  // Migrations may rewrite big tables: they run without the statement timeout the app's pool has.
  const migrationDb = createDb(databaseUrl, {
    max: 1,
    statementTimeoutMs: 0,
    idleInTransactionTimeoutMs: 0,
    lockTimeoutMs: 0,
    connectionWaitMs: 0,
  });
  await migrateToLatest(migrationDb);
  await migrationDb.destroy();
  const db = createDb(databaseUrl, {
    statementTimeoutMs: config.statementTimeoutMs,
    settings: quotaConnectionSettings(config.quotas),
  });
  const rebound = await rebindLegacyKeys(db, config.appSecret);
  if (rebound > 0) console.log(`stored API keys bound to their company: ${rebound}`);
  if (config.production && !process.env.PUBLIC_URL)
    console.warn('PUBLIC_URL is not set: password reset links will point at http://localhost');
  const container = createContainer({ ...config, databaseUrl }, db, {
    workflow: { concurrency: config.workflowConcurrency },
  });
  if (config.demo && config.role !== 'worker') {
    const demo = await seedDemoAccount(db);
    await seedDemoProducts(
      db,
      demo.companyId,
      container.storage,
      container.categories.caches,
      container.productStore,
    );
    // Registration against a local (fake) Coupang gateway works out of the box with the demo keys.
    if (isLocalHost(new URL(config.coupang.apiBaseUrl).hostname))
      await seedDemoCoupangKeys(db, demo.companyId, config.appSecret);
  }

  const app = config.role === 'worker' ? undefined : await buildApp(container, { closeContainer: false });
  if (config.role !== 'web') await container.workflow.startWorker();
  container.start();
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    // `npm run bench abuse` reads the request loop's busy time through its IPC channel (only then).
    installLoopStatsIpc();
    console.log(`ready: http://localhost:${config.port}`);
  } else {
    console.log('workflow worker ready');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await app?.close().catch(() => {});
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
