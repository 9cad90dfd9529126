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
