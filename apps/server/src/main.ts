import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { isLocalHost } from './coupang/image-reach.ts';
import { createDb } from './db/database.ts';
import { embeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccount } from './db/seed-demo.ts';
import { settingsShortOfAdvice } from './db/write-settings.ts';
import { readWriteSettings } from './db/write-settings-repository.ts';
import { seedDemoCoupangKeys } from './demo/demo-coupang.ts';
import { seedDemoSalesLinks } from './demo/demo-sales-links.ts';
import { seedDemoProducts } from './demo/seed-demo-products.ts';
import { buildApp } from './http/app.ts';
import { claimDataDir, DATA_DIR_BUSY_EXIT, DataDirBusyError } from './lifecycle/data-dir-owner.ts';
import { watchParent } from './lifecycle/parent-watch.ts';
import { installLoopStatsIpc } from './limits/loop-stats.ts';
import { quotaConnectionSettings } from './products/product-quotas.ts';
import { createSettingsRepository } from './settings/settings-repository.ts';
import { rebindLegacyKeys } from './settings/settings-service.ts';

/**
 * config → database → migrate → demo data → HTTP and/or workflow worker (ROLE = web | worker | all).
 * Ctrl-C stops everything cleanly; a killed process's jobs are taken over by another worker (or by
 * this one when it starts again).
 */
async function main() {
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  // What a shutdown closes, last opened first (the embedded PostgreSQL last): installed before the
  // first thing is opened, so a signal during the start does not leave PostgreSQL running.
  const closers: Array<() => Promise<void> | void> = [];
  let stopping = false;
  let exitCode = 0;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWatching?.();
    console.log(`${signal}: stopping`);
    // Nobody may be left to SIGKILL a shutdown that hangs (the parent is gone): PostgreSQL is
    // stopped and the process ends after 20 s, whatever still waits.
    setTimeout(() => {
      console.error('shutdown took longer than 20 s: stopping PostgreSQL and exiting');
      void (stopEmbedded?.() ?? Promise.resolve()).finally(() => process.exit(1));
    }, 20_000).unref();
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => {});
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by a supervisor (npm start: an IPC channel, RR_SUPERVISED=1): when it is gone, whatever
  // killed it, this process stops as on SIGTERM and takes the embedded PostgreSQL with it (issue 39).
  const stopWatching =
    process.channel || process.env.RR_SUPERVISED === '1'
      ? watchParent((why) => {
          console.error(`[server] ${why}: 서버를 종료합니다. / stopping.`);
          exitCode = 1;
          // Nobody will restart this process or SIGKILL it: PostgreSQL's fast shutdown is asked for
          // first, so it ends even if closing the rest fails or the process dies on the way (a
          // native crash of a task's worker thread while it is stopped). The run's jobs in flight
          // are taken over by the next start, as after a kill -9.
          void stopEmbedded?.();
          void shutdown('parent gone');
        })
      : undefined;
  const pgDir = path.join(config.dataDir, 'postgres');
  if (!databaseUrl && config.role === 'worker') {
    // A worker beside `npm start` shares its embedded PostgreSQL.
    const portFile = path.join(pgDir, 'port');
    if (!existsSync(portFile))
      throw new Error('DATABASE_URL가 없습니다: 먼저 npm start를 실행하거나 DATABASE_URL을 설정하세요.');
    databaseUrl = embeddedUrl(Number(readFileSync(portFile, 'utf8')));
  }
  if (!databaseUrl) {
    // One server runs a data folder's PostgreSQL: an orphan left by a killed `npm start` is named and
    // stopped first; a running one makes this start refuse (lifecycle/data-dir-owner.ts).
    mkdirSync(pgDir, { recursive: true });
    const owner = await claimDataDir(pgDir);
    closers.push(owner.release);
    const embedded = await startEmbeddedPostgres(pgDir, {
      ...(config.embeddedPgPort ? { port: config.embeddedPgPort } : {}),
      // What this start did with a PostgreSQL left running, and PostgreSQL's own errors; not its chatter.
      log: (line) => {
        if (/^adopting|FATAL|PANIC|ERROR/.test(line)) console.log(`[embedded PostgreSQL] ${line}`);
      },
    });
    databaseUrl = embedded.url;
    let stopped: Promise<void> | undefined;
    stopEmbedded = () => {
      stopped ??= embedded.stop();
      return stopped;
    };
    closers.push(stopEmbedded);
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
  // A database without the advised WAL settings still serves; the operator is told what it lacks.
  const short = settingsShortOfAdvice(await readWriteSettings(migrationDb));
  if (short.length > 0)
    console.warn(
      `PostgreSQL lacks the settings advised for large product documents (README, "Database settings"): ${short
        .map((s) => `${s.name} is ${s.current}, advised ${s.advised}`)
        .join('; ')}`,
    );
  await migrationDb.destroy();
  const db = createDb(databaseUrl, {
    statementTimeoutMs: config.statementTimeoutMs,
    settings: quotaConnectionSettings(config.quotas),
  });
  closers.push(() => db.destroy());
  const rebound = await rebindLegacyKeys(createSettingsRepository(db), config.appSecret);
  if (rebound > 0) console.log(`stored API keys bound to their company: ${rebound}`);
  if (config.production && !process.env.PUBLIC_URL)
    console.warn('PUBLIC_URL is not set: password reset links will point at http://localhost');
  const container = createContainer({ ...config, databaseUrl }, db, {
    workflow: { concurrency: config.workflowConcurrency },
  });
  closers.push(() => container.close());
  if (config.demo && config.role !== 'worker') {
    const demo = await seedDemoAccount(db);
    await seedDemoProducts(container.demoProducts, demo.companyId, container.storage);
    // Registration against a local (fake) Coupang gateway works out of the box with the demo keys.
    if (isLocalHost(new URL(config.coupang.apiBaseUrl).hostname)) {
      await seedDemoCoupangKeys(
        { settings: container.settingsReader, exports: container.exports },
        demo.companyId,
      );
      // Issue 41: the demo's listings linked to the demo products' options (their 1688 cost), then
      // the demo's sales history (the fake's 90 days) in the background, so the sales screens are
      // filled with a margin on every line; the schedule keeps it up to date afterwards.
      await seedDemoSalesLinks({ products: container.productStore, sales: container.sales }, demo.companyId);
      void container.sales
        .sync(demo.companyId)
        .catch((err: Error) => console.warn(`demo sales sync: ${err.message}`));
    }
  }

  const app = config.role === 'worker' ? undefined : await buildApp(container, { closeContainer: false });
  if (app) closers.push(() => app.close());
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
  // The supervisor resets its back-off once a start has served (scripts/supervise.mjs).
  process.send?.({ ready: true });
}

main().catch((err) => {
  console.error(err instanceof DataDirBusyError ? err.message : err);
  process.exit(err instanceof DataDirBusyError ? DATA_DIR_BUSY_EXIT : 1);
});
