#!/usr/bin/env node
// Which of the domain's exports nothing calls (issue #10, #22). A name counts as called where a
// non-test file imports it from '@rr/domain' or a path into packages/domain/src (import/export …
// from, or a dynamic import), or, inside
// the domain, where it appears outside comments in another non-test file or in its own file's code.
//   - No caller at all: in `packages/domain/src/rules/**` a whole rule nobody calls — the script
//     FAILS (exit 1); elsewhere in the domain (entities, constants, import-1688) it is reported.
//   - Used only inside its own file (a helper exported for its table test): reported, not failing.
// `--strict` also fails on the reported ones. `findUnusedExports(root)` is exported for its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = [
  'packages/domain/src',
  'packages/contracts/src',
  'apps/server/src',
  'apps/web/src',
  'apps/extension/src',
  'e2e',
  'scripts',
];
const isTest = (f) => /\.test\.(tsx?|mjs)$/.test(f) || /[\\/]test[\\/]/.test(f);
const RULES_DIR = 'packages/domain/src/rules/';

function files(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** The source without its comments (a mention in a comment is not a call); `://` in URLs is kept. */
function withoutComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/**
 * Names a file takes from the domain: `{ a, b as c }` before `from '@rr/domain'` (or a relative path
 * into packages/domain/src) or `= await import('@rr/domain')`.
 */
function importedFromDomain(src) {
  const names = new Set();
  for (const m of src.matchAll(
    /\{([^{}]*)\}\s*(?:from\s*|=\s*await\s+import\(\s*)['"](?:@rr\/domain|[./]+\/packages\/domain\/src\/[^'"]+)['"]/g,
  ))
    for (const part of m[1].split(','))
      names.add(
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+|\s*:\s*/)[0],
      );
  return names;
}

/** Values (rules, constants, schemas) a file exports itself; types and re-exports are not counted. */
function exportedNames(src) {
  const names = new Set();
  for (const m of src.matchAll(
    /^export\s+(?:async\s+)?(?:const|let|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(m[1]);
  return names;
}

/**
 * `{ file, name, kind }` per domain export without a caller elsewhere: kind 'rule' (no caller, in
 * rules/**: fails), 'orphan' (no caller, outside rules/), 'own-file' (used only in its own file).
 */
export function findUnusedExports(root) {
  const domainDir = path.join(root, 'packages/domain/src');
  const all = SOURCES.flatMap((d) => files(path.join(root, d)));
  const code = new Map(all.map((f) => [f, withoutComments(readFileSync(f, 'utf8'))]));
  const inDomain = (f) => f.startsWith(domainDir + path.sep);
  const imported = new Set(
    all.filter((f) => !inDomain(f) && !isTest(f)).flatMap((f) => [...importedFromDomain(code.get(f))]),
  );
  const unused = [];
  for (const file of all) {
    if (!inDomain(file) || isTest(file)) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const name of exportedNames(code.get(file))) {
      const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
      const used =
        imported.has(name) ||
        all.some(
          (other) => other !== file && inDomain(other) && !isTest(other) && word.test(code.get(other)),
        );
      if (used) continue;
      const inOwnFile = (code.get(file).match(word) ?? []).length > 1;
      const kind = inOwnFile ? 'own-file' : rel.startsWith(RULES_DIR) ? 'rule' : 'orphan';
      unused.push({ file: rel, name, kind });
    }
  }
  return unused;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const unused = findUnusedExports(root);
  const list = (kind, title) => {
    const rows = unused.filter((u) => u.kind === kind);
    if (rows.length === 0) return;
    console.log(`${title} (${rows.length}):`);
    for (const u of rows) console.log(`  ${u.file}: ${u.name}`);
  };
  list(
    'rule',
    'FAIL: domain rules nothing calls (call them where their copy is, or delete them with their tests)',
  );
  list('orphan', 'domain exports outside rules/ nothing uses');
  list('own-file', 'domain exports used only inside their own file (exported for their tests)');
  if (unused.length === 0) console.log('domain exports: every export is used outside its own file and tests');
  const failing = unused.filter((u) => u.kind === 'rule' || process.argv.includes('--strict'));
  if (failing.length > 0) process.exit(1);
}
