import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_IMPORT_ALLOW,
  DATABASE_RULE,
  findViolations,
  PRODUCT_REPOSITORY_BUILDERS,
  PRODUCT_REPOSITORY_RULE,
  PRODUCT_REPOSITORY_TEST_RULE,
  PRODUCT_STORE_MODULES,
  PRODUCT_WRITE_RULE,
} from './check-deps.mjs';

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
  write('apps/server/src/products/product-service.ts', 'export const x = 1;\n');
  write('apps/server/src/http/routes/products.ts', "import { x } from '../error-status.ts';\n");
  write('apps/server/src/main.ts', "import { x } from './http/error-status.ts';\n");
  write('apps/web/src/features/products/product-page.tsx', 'export {};\n');
};
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

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

  it('refuses db/database.ts outside repositories, db/ and container.ts, by type, alias or re-export', () => {
    const rule = DATABASE_RULE;
    fresh();
    write('apps/server/src/dashboard/dashboard-service.ts', "import type { Db } from '../db/database.ts';\n");
    write(
      'apps/server/src/exports/export-pdf.ts',
      "import type { Db as Handle } from '../db/database.ts';\nexport type H = Handle;\n",
    );
    write('apps/server/src/ai/ai-db.ts', "export type Handle = import('../db/database.ts').Db;\n");
    write('apps/server/src/tasks/seo/db-free.ts', 'export const x = 1;\n');
    write(
      'apps/server/src/access-tokens/access-token-repository.ts',
      "import type { Db } from '../db/database.ts';\nexport type { Db as Handle } from '../db/database.ts';\n",
    );
    expect(findViolations(root).sort()).toEqual([
      "apps/server/src/access-tokens/access-token-repository.ts: imports '../db/database.ts' — passes db/database.ts on (an export … from it outside db/ would hand the database to any importer)",
      `apps/server/src/ai/ai-db.ts: imports '../db/database.ts' — ${rule}`,
      `apps/server/src/dashboard/dashboard-service.ts: imports '../db/database.ts' — ${rule}`,
      `apps/server/src/exports/export-pdf.ts: imports '../db/database.ts' — ${rule}`,
    ]);
  });

  it('lets repositories, db/, container.ts, main.ts and the allow-list import db/database.ts', () => {
    fresh();
    write(
      'apps/server/src/access-tokens/access-token-repository.ts',
      "import type { Db } from '../db/database.ts';\n",
    );
    write('apps/server/src/db/seed-demo.ts', "import type { Db } from './database.ts';\n");
    write('apps/server/src/container.ts', "import { createDb } from './db/database.ts';\n");
    write('apps/server/src/main.ts', "import { createDb } from './db/database.ts';\n");
    expect(findViolations(root)).toEqual([]);
    expect(DATABASE_IMPORT_ALLOW.every((a) => /^not converted yet: \w+/.test(a.why))).toBe(true);
  });

  it('allows no service to import db/database.ts any more (issue #40: the allow-list is empty)', () => {
    fresh();
    write('apps/server/src/products/product-service.ts', "import type { Db } from '../db/database.ts';\n");
    expect(DATABASE_IMPORT_ALLOW).toEqual([]);
    expect(findViolations(root)).toEqual([
      `apps/server/src/products/product-service.ts: imports '../db/database.ts' — ${DATABASE_RULE}`,
    ]);
  });

  it('refuses an import of the product repository outside products/', () => {
    fresh();
    write('apps/server/src/products/product-repository.ts', 'export const findProduct = 1;\n');
    write(
      'apps/server/src/products/product-data-repository.ts',
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

  it('lets only product-data-repository.ts import product-repository.ts in products/, by alias, type or import() too', () => {
    fresh();
    write('apps/server/src/products/product-repository.ts', 'export const findProduct = 1;\n');
    write(
      'apps/server/src/products/product-data-repository.ts',
      "import { findProduct } from './product-repository.ts';\n",
    );
    write(
      'apps/server/src/products/product-store.ts',
      "import { findProduct as find } from './product-repository.ts';\nexport const s = find;\n",
    );
    write(
      'apps/server/src/products/product-service.ts',
      "export type F = typeof import('./product-repository.ts').findProduct;\n",
    );
    write(
      'apps/server/src/products/import-service.ts',
      "export { findProduct } from './product-repository.ts';\n",
    );
    const rule = PRODUCT_REPOSITORY_RULE;
    expect(findViolations(root).sort()).toEqual([
      `apps/server/src/products/import-service.ts: imports './product-repository.ts' — ${rule}`,
      `apps/server/src/products/product-service.ts: imports './product-repository.ts' — ${rule}`,
      `apps/server/src/products/product-store.ts: imports './product-repository.ts' — ${rule}`,
    ]);
  });

  it("lets only *.pg.test.ts files of the server's tests import product-repository.ts", () => {
    fresh();
    write('apps/server/src/products/product-repository.ts', 'export const findProduct = 1;\n');
    write(
      'apps/server/test/products/queries.pg.test.ts',
      "import { findProduct } from '../../src/products/product-repository.ts';\n",
    );
    write(
      'apps/server/test/products/store-rules.test.ts',
      "import { findProduct } from '../../src/products/product-repository';\n",
    );
    write(
      'apps/server/test/support/product-helper.ts',
      "export type F = typeof import('../../src/products/product-repository.ts').findProduct;\n",
    );
    expect(findViolations(root).sort()).toEqual([
      `apps/server/test/products/store-rules.test.ts: ${PRODUCT_REPOSITORY_TEST_RULE}`,
      `apps/server/test/support/product-helper.ts: ${PRODUCT_REPOSITORY_TEST_RULE}`,
    ]);
  });

  it("refuses a product write outside the store's modules: the repository object, its type, the store's write modules", () => {
    fresh();
    write(
      'apps/server/src/products/product-data-repository.ts',
      'export type ProductRepository = { deleteProducts(): void };\nexport type ProductQueries = {};\nexport const createProductRepository = () => ({});\n',
    );
    write('apps/server/src/products/product-writes.ts', 'export const applyPartialUpdate = 1;\n');
    write('apps/server/src/products/save-items-store.ts', 'export const storeSaveItems = 1;\n');
    // The store's modules and the builders may.
    write(
      'apps/server/src/products/product-store.ts',
      "import type { ProductRepository } from './product-data-repository.ts';\nimport { applyPartialUpdate } from './product-writes.ts';\nimport { storeSaveItems } from './save-items-store.ts';\n",
    );
    write(
      'apps/server/src/products/product-store-edits.ts',
      "import type { ProductRepository } from './product-data-repository.ts';\nimport { applyPartialUpdate } from './product-writes.ts';\n",
    );
    write(
      'apps/server/src/container.ts',
      "import { createProductRepository } from './products/product-data-repository.ts';\n",
    );
    write(
      'apps/server/src/limits/work-task-repository.ts',
      "import { createProductRepository } from '../products/product-data-repository.ts';\n",
    );
    // A service may take the queries without the writes, and only those.
    write(
      'apps/server/src/products/import-service.ts',
      "import type { ProductQueries as Q } from './product-data-repository.ts';\nexport type I = Q;\n",
    );
    // Every other way in is refused: the whole type (aliased too), a namespace, an import() type,
    // the builder, a re-export, the store's write modules.
    write(
      'apps/server/src/products/product-service.ts',
      "import type { ProductRepository as Queries } from './product-data-repository.ts';\nexport type S = Queries;\n",
    );
    write(
      'apps/server/src/products/manual-seo.ts',
      "import type * as repo from './product-data-repository.ts';\nexport type M = repo.ProductRepository;\n",
    );
    write(
      'apps/server/src/products/upload-image.ts',
      "export type U = import('./product-data-repository.ts').ProductRepository;\n",
    );
    write(
      'apps/server/src/demo/seed-demo-products.ts',
      "import { createProductRepository } from '../products/product-data-repository.ts';\n",
    );
    write(
      'apps/server/src/products/product-quotas.ts',
      "export type { ProductQueries } from './product-data-repository.ts';\n",
    );
    write(
      'apps/server/src/products/product-service-writes.ts',
      "import { applyPartialUpdate } from './product-writes.ts';\nimport { storeSaveItems } from './save-items-store.ts';\n",
    );
    const rule = PRODUCT_WRITE_RULE;
    expect(findViolations(root).sort()).toEqual([
      `apps/server/src/demo/seed-demo-products.ts: imports '../products/product-data-repository.ts' — ${rule}`,
      `apps/server/src/products/manual-seo.ts: imports './product-data-repository.ts' — ${rule}`,
      `apps/server/src/products/product-quotas.ts: imports './product-data-repository.ts' — ${rule}`,
      `apps/server/src/products/product-service-writes.ts: imports './product-writes.ts' — ${rule}`,
      `apps/server/src/products/product-service-writes.ts: imports './save-items-store.ts' — ${rule}`,
      `apps/server/src/products/product-service.ts: imports './product-data-repository.ts' — ${rule}`,
      `apps/server/src/products/upload-image.ts: imports './product-data-repository.ts' — ${rule}`,
    ]);
    expect(PRODUCT_STORE_MODULES).toContain('products/product-store.ts');
    expect(PRODUCT_REPOSITORY_BUILDERS).toEqual(['container.ts', 'limits/work-task-repository.ts']);
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
      'apps/server/src/dashboard/dashboard-service.ts',
      "import { exportAll } from '../exports/export-service.ts';\n",
    );
    write(
      'apps/server/src/exports/export-service.ts',
      "import { store } from '../products/product-store.ts';\n",
    );
    write('apps/server/src/products/product-store.ts', "import type { Deps } from './product-types.ts';\n");
    expect(findViolations(root)).toEqual([]);
    // The store answers with a type of the dashboard's: dashboard → exports → store → dashboard.
    write(
      'apps/server/src/products/product-store.ts',
      "import type { Counts } from '../dashboard/dashboard-service.ts';\n",
    );
    expect(findViolations(root)).toEqual([
      'apps/server/src: import cycle dashboard/dashboard-service.ts → exports/export-service.ts → products/product-store.ts → dashboard/dashboard-service.ts',
      'apps/server/src: folder import cycle dashboard → exports → products → dashboard: dashboard/dashboard-service.ts → exports/export-service.ts; exports/export-service.ts → products/product-store.ts; products/product-store.ts → dashboard/dashboard-service.ts',
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
      'apps/server/src/categories/category-service.ts: holds SQL: move it into a *-repository.ts of its module (sql.*)',
      'apps/server/src/dashboard/dashboard-service.ts: holds SQL: move it into a *-repository.ts of its module (the query builder (.selectFrom))',
      "apps/server/src/exports/export-settings.ts: holds SQL: move it into a *-repository.ts of its module (imports Kysely's sql, an sql`…` template)",
      'apps/server/src/limits/counter-store.ts: holds SQL: move it into a *-repository.ts of its module (an sql`…` template)',
      "apps/server/src/workflow/event-bus.ts: holds SQL: move it into a *-repository.ts of its module (pg's .query(…))",
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

// Issue #40: the checker cannot be fooled. Each violation is put into a temporary copy of the
// server's source (never the real tree) and `npm run deps:check` (node scripts/check-deps.mjs, here
// with --root) must fail naming it; the untouched copy passes.
describe('check-deps on a copy of the server, with each violation injected', { timeout: 120_000 }, () => {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let copy;
  const server = (rel) => path.join(copy, 'apps/server/src', rel);
  const deps = () =>
    spawnSync(process.execPath, [path.join(repo, 'scripts/check-deps.mjs'), '--root', copy], {
      encoding: 'utf8',
    });
  /** Runs the checker with `rel` changed by `change` (a new file when it is missing), then puts it back. */
  const injected = (rel, change) => {
    const file = server(rel);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, change(before ?? ''));
    try {
      return deps();
    } finally {
      if (before === null) rmSync(file);
      else writeFileSync(file, before);
    }
  };
  const expectRefused = (result, ...words) => {
    expect(result.status).not.toBe(0);
    for (const w of words) expect(result.stderr).toContain(w);
  };

  beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'rr-deps-copy-'));
    cpSync(path.join(repo, 'apps/server/src'), path.join(copy, 'apps/server/src'), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('passes the copy as it is', () => {
    const r = deps();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a. refuses a task that imports the settings service, a type import too', () => {
    expectRefused(
      injected(
        'tasks/seo/index.ts',
        (src) => `import { readDefaultSettings } from '../../settings/settings-service.ts';\n${src}`,
      ),
      "apps/server/src/tasks/seo/index.ts: imports '../../settings/settings-service.ts' — a task imports the settings service",
    );
    expectRefused(
      injected(
        'tasks/pricing/index.ts',
        (src) => `import type { SettingsService } from '../../settings/settings-service.ts';\n${src}`,
      ),
      'apps/server/src/tasks/pricing/index.ts: imports',
      'a task imports the settings service',
    );
    expectRefused(
      injected(
        'tasks/pricing/index.ts',
        (src) => `import { createExportService } from '../../exports/create-export-service.ts';\n${src}`,
      ),
      'apps/server/src/tasks/pricing/index.ts: imports',
      'a task imports a service, a repository or db/',
    );
  });

  it('b. refuses a task that writes a task status, however the change is built', () => {
    const rule =
      "writes a task status (the runner alone writes them: return it as the task's outcome): seoStatus";
    expectRefused(
      injected(
        'tasks/seo/index.ts',
        (src) =>
          `${src}\nexport const done = (ctx, scope) => ctx.deps.products.write(scope, { seoStatus: 'completed' });\n`,
      ),
      `apps/server/src/tasks/seo/index.ts: ${rule}`,
    );
    expectRefused(
      injected(
        'tasks/seo/index.ts',
        (src) =>
          `${src}\nexport async function done(ctx) {\n  const change = { seoName: 'x' };\n  change['seoStatus'] = 'completed';\n  await writeTaskFields(ctx, change);\n}\n`,
      ),
      `apps/server/src/tasks/seo/index.ts: ${rule}`,
    );
  });

  it("b2. refuses a status write outside the store's status method and its named callers (issue 40)", () => {
    const rule =
      "writes a task status (only the runner and the seller's actions in STATUS_METHOD_CALLERS call the store's setTaskStatus; a product write holds none)";
    expectRefused(
      injected(
        'exports/fix-service.ts',
        (src) =>
          `${src}\nexport const done = (products, scope) => products.setTaskStatus(scope, 'seo', 'completed');\n`,
      ),
      `apps/server/src/exports/fix-service.ts: ${rule}: calls setTaskStatus`,
    );
    expectRefused(
      injected(
        'exports/fix-service.ts',
        (src) =>
          `${src}\nexport const done = (products, scope) => products.write(scope, { set: { seoStatus: 'completed' } });\n`,
      ),
      `apps/server/src/exports/fix-service.ts: ${rule}: seoStatus`,
    );
    // A field named like a status that is no task's (importStatus) is a product field like any other.
    const ok = injected(
      'exports/fix-service.ts',
      (src) =>
        `${src}\nexport const mark = (products, scope) => products.write(scope, { set: { importStatus: 'x' } });\n`,
    );
    expect(ok.stderr).not.toContain('fix-service.ts');
    expect(ok.status).toBe(0);
  });

  it("c. refuses Kysely's sql under another name outside a repository", () => {
    expectRefused(
      injected(
        'dashboard/dashboard-service.ts',
        (src) =>
          `import { sql as q } from 'kysely';\n${src}\nexport const one = (db) => q\`select 1\`.execute(db);\n`,
      ),
      "apps/server/src/dashboard/dashboard-service.ts: holds SQL: move it into a *-repository.ts of its module (imports Kysely's sql as q, an sql`…` template)",
    );
    expectRefused(
      injected(
        'dashboard/dashboard-service.ts',
        (src) => `${src}\nexport const rows = (db) => db['selectFrom']('products');\n`,
      ),
      'apps/server/src/dashboard/dashboard-service.ts: holds SQL: move it into a *-repository.ts of its module (the query builder (.selectFrom))',
    );
  });

  it("d. refuses pg's .query<T>( outside a repository", () => {
    expectRefused(
      injected(
        'workflow/job-claims.ts',
        (src) =>
          `${src}\nexport const pid = (client) => client.query<{ pid: number }>('select pg_backend_pid()');\n`,
      ),
      "apps/server/src/workflow/job-claims.ts: holds SQL: move it into a *-repository.ts of its module (pg's .query(…))",
    );
  });

  it('e. refuses a route that reaches the database: deps[\'db\'], "db", { db }', () => {
    const rule = 'apps/server/src/http/routes/dashboard.ts: reaches the database (.db)';
    for (const line of [
      "export const sneak = (deps: Record<string, unknown>) => deps['db'];",
      'export const sneak = (deps: Record<string, unknown>) => deps["db"];',
      'export const sneak = ({ db }: { db: unknown }) => db;',
      'export const sneak = (c: { db: unknown }) => c.db;',
    ])
      expectRefused(
        injected('http/routes/dashboard.ts', (src) => `${src}\n${line}\n`),
        rule,
      );
  });

  it("h. refuses a product write around the store: the repository object in a service, the store's write modules, the loose queries", () => {
    // the product service taking the whole repository object (its writes) under another name
    expectRefused(
      injected(
        'products/product-service.ts',
        (src) =>
          `import type { ProductRepository as Repo } from './product-data-repository.ts';\n${src}\nexport const drop = (r: Repo) => r.deleteProducts('c', []);\n`,
      ),
      "apps/server/src/products/product-service.ts: imports './product-data-repository.ts' — reaches the product repository's writes",
    );
    // the import writing with the store's write functions
    expectRefused(
      injected(
        'products/import-service.ts',
        (src) =>
          `import { applyPartialUpdate as apply } from './product-writes.ts';\n${src}\nexport const a = apply;\n`,
      ),
      "apps/server/src/products/import-service.ts: imports './product-writes.ts' — reaches the product repository's writes",
    );
    // manual SEO calling a loose query of product-repository.ts
    expectRefused(
      injected(
        'products/manual-seo.ts',
        (src) =>
          `import { deleteProducts } from './product-repository.ts';\n${src}\nexport const d = deleteProducts;\n`,
      ),
      "apps/server/src/products/manual-seo.ts: imports './product-repository.ts' — imports products/product-repository.ts (only products/product-data-repository.ts",
    );
    // a unit test (not *.pg.test.ts) importing the loose queries
    const unit = path.join(copy, 'apps/server/test/products/loose.test.ts');
    mkdirSync(path.dirname(unit), { recursive: true });
    writeFileSync(
      unit,
      "import { findProduct } from '../../src/products/product-repository.ts';\nexport const f = findProduct;\n",
    );
    try {
      expectRefused(deps(), `apps/server/test/products/loose.test.ts: ${PRODUCT_REPOSITORY_TEST_RULE}`);
    } finally {
      rmSync(path.join(copy, 'apps/server/test'), { recursive: true, force: true });
    }
  });

  it('g. refuses a service that imports db/database.ts, under another name or by type only', () => {
    expectRefused(
      injected(
        'access-tokens/access-token-service.ts',
        (src) => `import type { Db as Handle } from '../db/database.ts';\n${src}\nexport type H = Handle;\n`,
      ),
      "apps/server/src/access-tokens/access-token-service.ts: imports '../db/database.ts' — imports db/database.ts (only repositories, db/ and container.ts hold the database",
    );
    expectRefused(
      injected(
        'dashboard/dashboard-service.ts',
        (src) => `${src}\nexport type H = import('../db/database.ts').Db;\n`,
      ),
      "apps/server/src/dashboard/dashboard-service.ts: imports '../db/database.ts' — imports db/database.ts",
    );
    // a repository may hold it, but not hand it on to a service
    expectRefused(
      injected(
        'access-tokens/access-token-repository.ts',
        (src) => `${src}\nexport type { Db } from '../db/database.ts';\n`,
      ),
      'apps/server/src/access-tokens/access-token-repository.ts: imports',
      'passes db/database.ts on',
    );
  });

  it('f. refuses a new folder import cycle (type imports too), beside the allowed ones', () => {
    // dashboard/ already imports workflow/ (the Workflow type); workflow/ importing dashboard/ back
    // through another file closes a cycle between the folders, though no file cycle.
    expectRefused(
      injected(
        'workflow/dashboard-link.ts',
        () =>
          "import type { DashboardService } from '../dashboard/dashboard-service.ts';\nexport type Link = DashboardService;\n",
      ),
      'apps/server/src: folder import cycle dashboard → workflow → dashboard',
      'workflow/dashboard-link.ts → dashboard/dashboard-service.ts',
    );
    // The allowed db/ → products/ import is db/schema.ts's; another file of db/ doing it is a cycle.
    expectRefused(
      injected(
        'db/product-columns.ts',
        () => "export type { ProductsDatabase } from '../products/product-tables.ts';\n",
      ),
      'folder import cycle',
      'db/product-columns.ts → products/product-tables.ts',
    );
    // tasks ↔ workflow stays broken: the workflow takes its task list from the container.
    expectRefused(
      injected('workflow/workflow-service.ts', (src) => `import { TASKS } from '../tasks/index.ts';\n${src}`),
      'apps/server/src: folder import cycle tasks → workflow → tasks',
    );
  });

  it('refuses a unit test (not *.pg.test.ts) that reaches the test database, through a helper too', () => {
    const test = (rel) => path.join(copy, 'apps/server/test', rel);
    mkdirSync(test('support'), { recursive: true });
    mkdirSync(test('x'), { recursive: true });
    writeFileSync(test('support/test-db.ts'), 'export async function createTestDb() {}\n');
    writeFileSync(test('x/helper.ts'), "export { createTestDb } from '../support/test-db.ts';\n");
    writeFileSync(
      test('x/service.test.ts'),
      "import { createTestDb } from './helper.ts';\nvoid createTestDb;\n",
    );
    try {
      expectRefused(deps(), 'apps/server/test/x/service.test.ts', 'a unit test reaches PostgreSQL');
      // The same file named as a PostgreSQL test is allowed.
      renameSync(test('x/service.test.ts'), test('x/service.pg.test.ts'));
      const r = deps();
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(path.join(copy, 'apps/server/test'), { recursive: true, force: true });
    }
  });
});
