#!/usr/bin/env node
// Lists the domain's exports that nothing but their own file and tests uses: a rule "written for
// later" or a rule a copy elsewhere replaced stays visible (issue #10). Part of `npm run check`;
// it reports, it does not fail (`--strict` makes it fail). `findUnusedExports(root)` is exported for its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = ['packages/domain/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src', 'e2e'];
const isTest = (f) => /\.test\.tsx?$/.test(f) || /[\\/]test[\\/]/.test(f);

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
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
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

export function findUnusedExports(root) {
  const domainDir = path.join(root, 'packages/domain/src');
  const all = SOURCES.flatMap((d) => files(path.join(root, d)));
  const texts = new Map(all.map((f) => [f, readFileSync(f, 'utf8')]));
  const unused = [];
  for (const file of all) {
    if (!file.startsWith(domainDir) || isTest(file)) continue;
    for (const name of exportedNames(texts.get(file))) {
      const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
      const used = all.some((other) => other !== file && !isTest(other) && word.test(texts.get(other)));
      if (!used) unused.push({ file: path.relative(root, file).split(path.sep).join('/'), name });
    }
  }
  return unused;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const unused = findUnusedExports(root);
  if (unused.length === 0) {
    console.log('domain exports: every export is used outside its own file and tests');
  } else {
    console.log(`domain exports used only by their own file and tests (${unused.length}):`);
    for (const u of unused) console.log(`  ${u.file}: ${u.name}`);
  }
  if (process.argv.includes('--strict') && unused.length > 0) process.exit(1);
}
