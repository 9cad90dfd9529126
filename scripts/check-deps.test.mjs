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

  it('refuses a route that holds the database through the container', () => {
    const why = 'reaches the database (.db): a route calls a service the container built';
    fresh();
    write(
      'apps/server/src/http/routes/products.ts',
      'export const r = (container) => async (app) => { app.get("/api/x", () => container.db.selectFrom("products")); };\n',
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
});
