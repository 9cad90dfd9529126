#!/usr/bin/env node
// The dependency rule (DESIGN.md, docs/architecture.md):
// - packages/domain imports nothing of ours and no I/O, and uses no clock or randomness;
// - packages/contracts may import only @rr/domain and zod;
// - the web never imports server code, and its file names are kebab-case (no PascalCase);
// - the browser extension imports only its own files and the API's types (@rr/contracts, `import type`);
// - isRecord is defined once (packages/domain/src/records.ts), the web's toQuad once (shared/images/quad.ts);
// - in apps/server/src nothing outside http/ imports from http/ (main.ts, the process entry, builds
//   the app), and routes (http/routes/) do not import db/ (they call services);
// - products/ has one door: nothing outside products/ imports products/product-repository.ts (other
//   modules use the ProductStore, products/product-store.ts);
// - workflow/ and tasks/ never import container.ts (a task gets TaskDeps, the workflow its deps);
// - apps/server/src has no import cycle (type imports included);
// - the web follows the screen pattern (docs/architecture.md, issue #22): no file under apps/web/src
//   is over 250 lines, and none uses an `as` cast (or `<T>x`) other than `as const`.
// - routes (http/routes/) do not reach the database through the container either (`container.db`,
//   `deps.db`, `const { db } = deps`).
// - SQL lives in repositories: in apps/server/src, SQL (Kysely's sql`…` and sql.*, its query builder
//   .selectFrom/.insertInto/.updateTable/.deleteFrom, pg's .query) appears only in `*-repository.ts`
//   files, migrations (db/migrations/) and the short SQL_ALLOW list.
// Exits non-zero with one line per violation. `findViolations(root)` is exported for its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const files = (dir, pattern = /\.(ts|tsx)$/) => {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(p, pattern);
    return pattern.test(e.name) ? [p] : [];
  });
};
const importsOf = (src) =>
  [...src.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );
const toPosix = (p) => p.split(path.sep).join('/');

const SERVER = 'apps/server/src';
/** Where a relative import of a server file points, as a path under apps/server/src ('' if outside). */
const serverTarget = (rel, spec) => {
  if (!spec.startsWith('.')) return '';
  const target = toPosix(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
  return target.startsWith(`${SERVER}/`) ? target.slice(SERVER.length + 1) : '';
};

const isProductRepository = (target) => /^products\/product-repository(\.ts)?$/.test(target);

/** Why a server file may not import `spec`, or null when it may. */
function serverImportProblem(rel, spec) {
  const inServer = rel.slice(SERVER.length + 1);
  const target = serverTarget(rel, spec);
  if (target.startsWith('http/') && !inServer.startsWith('http/') && inServer !== 'main.ts')
    return 'imports http/ from outside http/ (throw AppError from errors/app-error.ts instead)';
  if (target.startsWith('db/') && inServer.startsWith('http/routes/'))
    return 'a route imports db/ (routes call services; SQL lives in repositories)';
  if (isProductRepository(target) && !inServer.startsWith('products/'))
    return 'imports the product repository from outside products/ (read and write through the ProductStore: container.productStore, TaskDeps.products)';
  if (/^container(\.ts)?$/.test(target) && /^(workflow|tasks)\//.test(inServer))
    return 'imports container.ts from workflow/ or tasks/ (a task gets TaskDeps; the workflow its WorkflowDeps)';
  return null;
}

/**
 * Import cycles among the server's source files (tests left out; `import type` counts: it ties the
 * modules together for the reader and the type checker alike). One line per cycle found, shortest
 * first from each strongly connected group, e.g. `a.ts → b.ts → a.ts`.
 */
export function findServerCycles(root) {
  const base = path.join(root, SERVER);
  const nodes = files(base).filter((f) => !/\.test\.tsx?$/.test(f));
  const rels = nodes.map((f) => toPosix(path.relative(root, f)));
  const known = new Set(rels);
  const edges = new Map();
  for (const [i, file] of nodes.entries()) {
    const rel = rels[i];
    const out = new Set();
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = serverTarget(rel, spec);
      if (!target) continue;
      const full = `${SERVER}/${target}`;
      const hit = [full, `${full}.ts`, `${full}.tsx`, `${full}/index.ts`].find((c) => known.has(c));
      if (hit) out.add(hit);
    }
    edges.set(rel, [...out].sort());
  }
  // Tarjan's strongly connected components (iterative enough for a source tree: recursion depth is
  // bounded by the longest import chain).
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...rels].sort()) if (!idx.has(v)) visit(v);
  const short = (f) => f.slice(SERVER.length + 1);
  return groups
    .map((group) => {
      const inGroup = new Set(group);
      const start = group[0];
      // The shortest way from `start` back to itself inside the group (breadth first).
      const prev = new Map();
      const queue = [start];
      let end = null;
      while (queue.length && end === null) {
        const v = queue.shift();
        for (const w of edges.get(v) ?? []) {
          if (!inGroup.has(w)) continue;
          if (w === start) {
            end = v;
            break;
          }
          if (!prev.has(w)) {
            prev.set(w, v);
            queue.push(w);
          }
        }
      }
      const cycle = [start];
      for (let v = end; v !== start && v !== null; v = prev.get(v)) cycle.splice(1, 0, v);
      cycle.push(start);
      const more = group.length > cycle.length - 1 ? ` (${group.length} files in the cycle group)` : '';
      return `${SERVER}: import cycle ${cycle.map(short).join(' → ')}${more}`;
    })
    .sort();
}

const importRules = [
  {
    dir: 'packages/domain/src',
    allowImport: (spec, { isTest }) =>
      spec.startsWith('.') || spec === 'zod' || (isTest && ['vitest', 'fast-check'].includes(spec)),
    forbidText: [
      [/\bDate\.now\(/, 'reads the clock (Date.now)'],
      [/new Date\(\s*\)/, 'reads the clock (new Date())'],
      [/\bMath\.random\(/, 'uses randomness (Math.random)'],
      [/\bfetch\(/, 'does I/O (fetch)'],
      [/\bprocess\./, 'reads the process environment'],
      [/\b(setTimeout|setInterval)\(/, 'uses timers'],
    ],
  },
  {
    dir: 'packages/contracts/src',
    allowImport: (spec, { isTest }) =>
      spec.startsWith('.') || spec === 'zod' || spec === '@rr/domain' || (isTest && spec === 'vitest'),
    forbidText: [],
  },
  {
    dir: 'apps/web/src',
    allowImport: (spec) => !spec.includes('apps/server') && !spec.startsWith('@rr/server'),
    forbidText: [],
  },
  {
    // The browser extension: its own files and the API's types (a value import would bundle zod and
    // the domain into every content script).
    dir: 'apps/extension/src',
    allowImport: (spec, { isTest }) =>
      spec.startsWith('.') ||
      spec === '@rr/contracts' ||
      (isTest && (spec === 'vitest' || spec.startsWith('node:'))),
    forbidText: [
      [
        /^import\s+(?!type\b)[^;]*from\s+['"]@rr\/contracts['"]/m,
        "imports values from @rr/contracts (use 'import type')",
      ],
    ],
  },
  {
    dir: SERVER,
    allowImport: (spec, { rel }) => serverImportProblem(rel, spec) === null,
    why: (spec, { rel }) => serverImportProblem(rel, spec) ?? '',
    forbidText: [],
  },
];

/** Text a folder's source files may not hold (comments are not read). */
const textRules = [
  {
    dir: 'apps/server/src/http/routes',
    bad: [/\.\s*db\b/, /\{[^{}]*\bdb\b[^{}]*\}\s*=(?![=>])/],
    what: 'reaches the database (.db): a route calls a service the container built',
  },
];

/**
 * SQL only in repositories (issue #22): `<area>/<thing>-repository.ts` holds a module's SQL; a service,
 * a task, a route holds none. Migrations are SQL by nature. Comments are not read.
 */
export const SQL_RULE = 'holds SQL: move it into a *-repository.ts of its module';
const SQL_PATTERNS = [
  /\bsql\s*[<`]/, // sql`…`, sql<T>`…`
  /\bsql\s*\.\s*(raw|ref|lit|id|join|val|table)\s*\(/,
  /\.\s*(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|query)\s*\(/,
];
const isSqlHome = (rel) => /-repository\.ts$/.test(rel) || rel.startsWith(`${SERVER}/db/migrations/`);
/**
 * Files outside repositories that may hold SQL, each with why. Keep it short.
 */
export const SQL_ALLOW = [
  // The demo account seed (`npm run seed`, DEMO=true starts): the database's own start-up rows,
  // written once like a migration's, by db/ code that no module calls.
  'apps/server/src/db/seed-demo.ts',
];

function sqlViolations(root) {
  const violations = [];
  for (const file of files(path.join(root, SERVER))) {
    const rel = toPosix(path.relative(root, file));
    if (/\.test\.tsx?$/.test(file) || isSqlHome(rel) || SQL_ALLOW.includes(rel)) continue;
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    if (SQL_PATTERNS.some((re) => re.test(code))) violations.push(`${rel}: ${SQL_RULE}`);
  }
  return violations;
}

/** File names under apps/web/src are kebab-case: no capital letter in a source file's name. */
const namingRules = [
  { dir: 'apps/web/src', bad: /[A-Z]/, what: 'is not kebab-case (rename it, e.g. product-page.tsx)' },
];

/** Helpers defined once and imported everywhere else. */
const definedOnce = [
  { name: 'isRecord', home: 'packages/domain/src/records.ts', from: '@rr/domain' },
  { name: 'toQuad', home: 'apps/web/src/shared/images/quad.ts', from: 'apps/web/src/shared/images/quad.ts' },
];
const DEFINITION_DIRS = ['packages/domain/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src'];

/** The web's screen pattern: small files, typed values (no casts but `as const`). */
export const WEB_MAX_LINES = 250;
const WEB_DIR = 'apps/web/src';
/** The words every screen-pattern violation carries (the allow-list below applies to these only). */
export const SCREEN_RULE = 'web screen pattern';

/** Lines of `node`'s casts: `x as T` and `<T>x`, except `as const`. */
function castLines(rel, src) {
  const kind = rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(rel, src, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      const asConst = ts.isTypeReferenceNode(type) && type.typeName.getText(sf) === 'const';
      if (!asConst) found.push(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...new Set(found)];
}

function webScreenViolations(root) {
  const violations = [];
  for (const file of files(path.join(root, WEB_DIR))) {
    const rel = toPosix(path.relative(root, file));
    const src = readFileSync(file, 'utf8');
    const lines = src.split('\n').length - (src.endsWith('\n') ? 1 : 0);
    if (lines > WEB_MAX_LINES)
      violations.push(
        `${rel}: ${SCREEN_RULE}: ${lines} lines (at most ${WEB_MAX_LINES}: a reducer, a use- hook, small components)`,
      );
    const casts = castLines(rel, src);
    if (casts.length)
      violations.push(
        `${rel}: ${SCREEN_RULE}: 'as' cast on line ${casts.join(', ')} (type the value instead; only 'as const')`,
      );
  }
  return violations;
}

export function findViolations(root) {
  const violations = [...webScreenViolations(root)];
  for (const dir of DEFINITION_DIRS) {
    for (const file of files(path.join(root, dir))) {
      const rel = toPosix(path.relative(root, file));
      const src = readFileSync(file, 'utf8');
      for (const { name, home, from } of definedOnce) {
        if (rel !== home && new RegExp(`(function|const|let)\\s+${name}\\b`).test(src))
          violations.push(`${rel}: defines ${name} again (import it from ${from})`);
      }
    }
  }
  for (const rule of importRules) {
    for (const file of files(path.join(root, rule.dir))) {
      const rel = toPosix(path.relative(root, file));
      const isTest = /\.test\.tsx?$/.test(file);
      const src = readFileSync(file, 'utf8');
      for (const spec of importsOf(src)) {
        if (!rule.allowImport(spec, { isTest, rel })) {
          const why = rule.why ? ` — ${rule.why(spec, { rel })}` : '';
          violations.push(`${rel}: imports '${spec}'${why}`);
        }
      }
      if (isTest) continue;
      const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
      for (const [re, what] of rule.forbidText) if (re.test(code)) violations.push(`${rel}: ${what}`);
    }
  }
  violations.push(...findServerCycles(root));
  violations.push(...sqlViolations(root));
  for (const rule of textRules) {
    for (const file of files(path.join(root, rule.dir))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const rel = toPosix(path.relative(root, file));
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      if (rule.bad.some((re) => re.test(code))) violations.push(`${rel}: ${rule.what}`);
    }
  }
  for (const rule of namingRules) {
    for (const file of files(path.join(root, rule.dir), /\.(ts|tsx|css)$/)) {
      const rel = toPosix(path.relative(root, file));
      if (rule.bad.test(path.basename(file))) violations.push(`${rel}: ${rule.what}`);
    }
  }
  return violations;
}

/**
 * Files that broke a rule when it was introduced and are being fixed. An entry that no longer breaks
 * a rule is printed as a warning so it gets removed; the list only shrinks. Empty since issue #10
 * (the routes call services from the container).
 */
export const KNOWN = new Set([]);

/**
 * Issue #22: web files that still break the screen pattern (over 250 lines, or an `as` cast) while
 * their features are refactored. Only the screen-pattern rule is waived for them; an entry that keeps
 * the rule again is printed as a note so it gets removed. The list only shrinks, to empty. Empty since
 * the HTTP helper parses each answer with its route's response schema (no `data as T`).
 */
export const WEB_SCREEN_ALLOW = [];

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = findViolations(root);
  const fileOf = (v) => v.slice(0, v.indexOf(':'));
  const waived = (v) => v.includes(`: ${SCREEN_RULE}: `) && WEB_SCREEN_ALLOW.includes(fileOf(v));
  const violations = found.filter((v) => !KNOWN.has(fileOf(v)) && !waived(v));
  const stale = [...KNOWN].filter((f) => !found.some((v) => fileOf(v) === f));
  for (const f of WEB_SCREEN_ALLOW.filter((f) => !found.some((v) => fileOf(v) === f && waived(v))))
    console.warn(
      `note: ${f} is listed in WEB_SCREEN_ALLOW (scripts/check-deps.mjs) but keeps the screen pattern now; remove it`,
    );
  for (const f of stale)
    console.warn(
      `note: ${f} is listed in KNOWN (scripts/check-deps.mjs) but no longer breaks a rule; remove it`,
    );
  if (violations.length) {
    console.error(`dependency rule broken:\n${violations.join('\n')}`);
    process.exit(1);
  }
  const left =
    KNOWN.size || WEB_SCREEN_ALLOW.length
      ? ` (${KNOWN.size + WEB_SCREEN_ALLOW.length} known file(s) still to fix)`
      : '';
  console.log(`dependency rule: ok${left}`);
}
