#!/usr/bin/env node
// The dependency rule (DESIGN.md, docs/architecture.md):
// - packages/domain imports nothing of ours and no I/O, and uses no clock or randomness;
// - packages/contracts may import only @rr/domain and zod;
// - the web never imports server code, and its file names are kebab-case (no PascalCase);
// - the browser extension imports only its own files and the API's types (@rr/contracts, `import type`);
// - isRecord is defined once (packages/domain/src/records.ts), the web's toQuad once (shared/images/quad.ts);
// - in apps/server/src nothing outside http/ imports from http/ (main.ts, the process entry, builds
//   the app), and routes (http/routes/) do not import db/ (they call services);
// - routes (http/routes/) do not reach the database through the container either (`container.db`,
//   `deps.db`, `const { db } = deps`).
// Exits non-zero with one line per violation. `findViolations(root)` is exported for its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    allowImport: (spec, { rel }) => {
      const inServer = rel.slice(SERVER.length + 1);
      const target = serverTarget(rel, spec);
      if (target.startsWith('http/') && !inServer.startsWith('http/') && inServer !== 'main.ts') return false;
      if (target.startsWith('db/') && inServer.startsWith('http/routes/')) return false;
      return true;
    },
    why: (spec, { rel }) =>
      serverTarget(rel, spec).startsWith('db/')
        ? 'a route imports db/ (routes call services; SQL lives in repositories)'
        : 'imports http/ from outside http/ (throw AppError from errors/app-error.ts instead)',
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

export function findViolations(root) {
  const violations = [];
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

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = findViolations(root);
  const fileOf = (v) => v.slice(0, v.indexOf(':'));
  const violations = found.filter((v) => !KNOWN.has(fileOf(v)));
  const stale = [...KNOWN].filter((f) => !found.some((v) => fileOf(v) === f));
  for (const f of stale)
    console.warn(
      `note: ${f} is listed in KNOWN (scripts/check-deps.mjs) but no longer breaks a rule; remove it`,
    );
  if (violations.length) {
    console.error(`dependency rule broken:\n${violations.join('\n')}`);
    process.exit(1);
  }
  const left = KNOWN.size ? ` (${KNOWN.size} known file(s) still to fix)` : '';
  console.log(`dependency rule: ok${left}`);
}
