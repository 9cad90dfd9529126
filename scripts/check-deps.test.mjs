import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations } from './check-deps.mjs';

let root;
const write = (rel, text) => {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const fresh = () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rr-deps-'));
  write('apps/server/src/http/error-status.ts', 'export const x = 1;\n');
  write('apps/server/src/db/database.ts', 'export type Db = unknown;\n');
  write('apps/server/src/products/product-service.ts', "import type { Db } from '../db/database.ts';\n");
  write('apps/server/src/http/routes/products.ts', "import { x } from '../error-status.ts';\n");
  write('apps/server/src/main.ts', "import { x } from './http/error-status.ts';\n");
  write('apps/web/src/features/products/product-page.tsx', 'export {};\n');
};
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-deps', () => {
  it('accepts a tree that keeps the rules', () => {
    fresh();
    expect(findViolations(root)).toEqual([]);
  });

  it('refuses an import from http/ outside http/', () => {
    fresh();
    write('apps/server/src/products/product-service.ts', "import { x } from '../http/error-status.ts';\n");
    expect(findViolations(root)).toEqual([
      "apps/server/src/products/product-service.ts: imports '../http/error-status.ts' — imports http/ from outside http/ (throw AppError from errors/app-error.ts instead)",
    ]);
  });

  it('refuses a route that imports db/', () => {
    fresh();
    write('apps/server/src/http/routes/products.ts', "import type { Db } from '../../db/database.ts';\n");
    expect(findViolations(root)).toEqual([
      "apps/server/src/http/routes/products.ts: imports '../../db/database.ts' — a route imports db/ (routes call services; SQL lives in repositories)",
    ]);
  });

  it('refuses an import of the product repository outside products/', () => {
    fresh();
    write('apps/server/src/products/product-repository.ts', 'export const findProduct = 1;\n');
    write(
      'apps/server/src/products/product-store.ts',
      "import { findProduct } from './product-repository.ts';\n",
    );
    write(
      'apps/server/src/tasks/seo/index.ts',
      "import { findProduct } from '../../products/product-repository.ts';\n",
    );
    expect(findViolations(root)).toEqual([
      "apps/server/src/tasks/seo/index.ts: imports '../../products/product-repository.ts' — imports the product repository from outside products/ (read and write through the ProductStore: container.productStore, TaskDeps.products)",
    ]);
  });

  it('refuses container.ts in workflow/ and tasks/, a type import too', () => {
    fresh();
    write('apps/server/src/container.ts', 'export type Container = {};\n');
    write('apps/server/src/workflow/task.ts', "import type { Container } from '../container.ts';\n");
    write('apps/server/src/tasks/pricing/index.ts', "import type { Container } from '../../container.ts';\n");
    write('apps/server/src/main.ts', "import type { Container } from './container.ts';\n");
    expect(findViolations(root).sort()).toEqual([
      "apps/server/src/tasks/pricing/index.ts: imports '../../container.ts' — imports container.ts from workflow/ or tasks/ (a task gets TaskDeps; the workflow its WorkflowDeps)",
      "apps/server/src/workflow/task.ts: imports '../container.ts' — imports container.ts from workflow/ or tasks/ (a task gets TaskDeps; the workflow its WorkflowDeps)",
    ]);
  });

  it('refuses an import cycle in the server, through a type import too', () => {
    fresh();
    write(
      'apps/server/src/container.ts',
      "import { createWorkflow } from './workflow/workflow-service.ts';\n",
    );
    write('apps/server/src/workflow/workflow-service.ts', "import { TASKS } from '../tasks/index.ts';\n");
    write('apps/server/src/tasks/index.ts', "import type { Deps } from '../products/product-store.ts';\n");
    expect(findViolations(root)).toEqual([]);
    // The store answers with a type of the container's: container → workflow → tasks → store → container.
    write('apps/server/src/products/product-store.ts', "import type { Container } from '../container.ts';\n");
    expect(findViolations(root)).toEqual([
      'apps/server/src: import cycle container.ts → workflow/workflow-service.ts → tasks/index.ts → products/product-store.ts → container.ts',
    ]);
  });

  it('refuses a route that holds the database through the container', () => {
    const why = 'reaches the database (.db): a route calls a service the container built';
    fresh();
    write(
      'apps/server/src/http/routes/products.ts',
      'export const r = (container) => async (app) => { app.get("/api/x", () => readAll(container.db, "products")); };\n',
    );
    write(
      'apps/server/src/http/routes/exports.ts',
      'export const r = (deps) => readSettings(deps.db, "c");\n',
    );
    write(
      'apps/server/src/http/routes/dashboard.ts',
      'export const r = (deps) => { const { db, log } = deps; return db; };\n',
    );
    expect(findViolations(root)).toEqual([
      `apps/server/src/http/routes/dashboard.ts: ${why}`,
      `apps/server/src/http/routes/exports.ts: ${why}`,
      `apps/server/src/http/routes/products.ts: ${why}`,
    ]);
  });

  it('lets a route call a service, and name the database in a comment', () => {
    fresh();
    write(
      'apps/server/src/http/routes/products.ts',
      '// the service holds container.db, not the route\nexport const r = (products) => async (app) => { app.get("/api/x", () => products.list("c")); };\n',
    );
    expect(findViolations(root)).toEqual([]);
  });

  it('refuses SQL outside a repository: sql templates, the query builder, pg queries', () => {
    fresh();
    write(
      'apps/server/src/exports/export-settings.ts',
      "import { sql } from 'kysely';\nexport const f = (db) => sql`select 1`.execute(db);\n",
    );
    write(
      'apps/server/src/dashboard/dashboard-service.ts',
      "export const f = (db, id) => db.selectFrom('products').where('company_id', '=', id).execute();\n",
    );
    write(
      'apps/server/src/workflow/event-bus.ts',
      'export const f = (client, channel) => client.query("listen " + channel);\n',
    );
    write(
      'apps/server/src/limits/counter-store.ts',
      'export const f = (db) => sql<{ hits: number }>`select hits from c`.execute(db);\n',
    );
    write('apps/server/src/categories/category-service.ts', 'export const f = (db) => sql.ref("x");\n');
    expect(findViolations(root)).toEqual([
      'apps/server/src/categories/category-service.ts: holds SQL: move it into a *-repository.ts of its module',
      'apps/server/src/dashboard/dashboard-service.ts: holds SQL: move it into a *-repository.ts of its module',
      'apps/server/src/exports/export-settings.ts: holds SQL: move it into a *-repository.ts of its module',
      'apps/server/src/limits/counter-store.ts: holds SQL: move it into a *-repository.ts of its module',
      'apps/server/src/workflow/event-bus.ts: holds SQL: move it into a *-repository.ts of its module',
    ]);
  });

  it('lets repositories, migrations and the allow list hold SQL, and a comment name it', () => {
    fresh();
    write(
      'apps/server/src/exports/export-settings-repository.ts',
      "import { sql } from 'kysely';\nexport const f = (db) => db.selectFrom('export_settings').where(sql`true`).execute();\n",
    );
    write(
      'apps/server/src/db/migrations/0001-accounts.ts',
      'export const up = (db) => sql`create table x ()`.execute(db);\n',
    );
    write('apps/server/src/db/seed-demo.ts', "export const f = (db) => db.insertInto('users').execute();\n");
    write(
      'apps/server/src/exports/export-service.ts',
      '// reads through findExportSettingsRow (db.selectFrom lives in the repository)\nexport const f = (q) => q.queryKey;\n',
    );
    expect(findViolations(root)).toEqual([]);
  });

  it('refuses a PascalCase file name under apps/web/src', () => {
    fresh();
    write('apps/web/src/features/products/ProductPage.tsx', 'export {};\n');
    expect(findViolations(root)).toEqual([
      'apps/web/src/features/products/ProductPage.tsx: is not kebab-case (rename it, e.g. product-page.tsx)',
    ]);
  });

  it('refuses a second isRecord', () => {
    fresh();
    write('packages/domain/src/records.ts', 'export function isRecord(v) { return !!v; }\n');
    write('apps/server/src/products/x.ts', 'const isRecord = (v) => !!v;\n');
    expect(findViolations(root)).toEqual([
      'apps/server/src/products/x.ts: defines isRecord again (import it from @rr/domain)',
    ]);
  });

  it("refuses a second copy of the web's box reader", () => {
    fresh();
    write('apps/web/src/shared/images/quad.ts', 'export function toQuad(v) { return v; }\n');
    write('apps/web/src/features/products/images.tsx', 'export function toQuad(v) { return v; }\n');
    expect(findViolations(root)).toEqual([
      'apps/web/src/features/products/images.tsx: defines toQuad again (import it from apps/web/src/shared/images/quad.ts)',
    ]);
  });

  it('still refuses I/O in the domain', () => {
    fresh();
    write(
      'packages/domain/src/rules/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const t = Date.now();\n",
    );
    expect(findViolations(root)).toEqual([
      "packages/domain/src/rules/x.ts: imports 'node:fs'",
      'packages/domain/src/rules/x.ts: reads the clock (Date.now)',
    ]);
  });

  it('refuses a web file over 250 lines, and one with an as cast other than as const', () => {
    fresh();
    write('apps/web/src/features/a/long.tsx', 'export const x = 1;\n'.repeat(251));
    write('apps/web/src/features/a/ok.tsx', 'export const x = 1;\n'.repeat(250));
    write(
      'apps/web/src/features/a/cast.ts',
      'const a = { k: 1 } as const;\nexport const b = (a as unknown) as { k: 2 };\nexport const c = <number>(a.k);\n',
    );
    expect(findViolations(root)).toEqual([
      "apps/web/src/features/a/cast.ts: web screen pattern: 'as' cast on line 2, 3 (type the value instead; only 'as const')",
      'apps/web/src/features/a/long.tsx: web screen pattern: 251 lines (at most 250: a reducer, a use- hook, small components)',
    ]);
  });

  it("reads 'as' in words, comments and strings as text, not as a cast", () => {
    fresh();
    write(
      'apps/web/src/features/a/words.tsx',
      "// shown as a list\nexport const s = 'saved as draft';\nexport const T = () => <p>as is</p>;\n",
    );
    expect(findViolations(root)).toEqual([]);
  });
});
