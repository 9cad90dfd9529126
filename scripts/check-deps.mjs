#!/usr/bin/env node
// The dependency rule (DESIGN.md): packages/domain imports nothing of ours and no I/O, and uses no
// clock or randomness; packages/contracts may import only @rr/domain and zod; the web never imports
// server code. Exits non-zero with one line per violation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
const importsOf = (src) =>
  [...src.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );

const rules = [
  {
    dir: 'packages/domain/src',
    allowImport: (spec, isTest) =>
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
    allowImport: (spec, isTest) =>
      spec.startsWith('.') || spec === 'zod' || spec === '@rr/domain' || (isTest && spec === 'vitest'),
    forbidText: [],
  },
  {
    dir: 'apps/web/src',
    allowImport: (spec) => !spec.includes('apps/server') && !spec.startsWith('@rr/server'),
    forbidText: [],
  },
];

const violations = [];
for (const rule of rules) {
  for (const file of files(path.join(root, rule.dir))) {
    const rel = path.relative(root, file);
    const isTest = /\.test\.tsx?$/.test(file);
    const src = readFileSync(file, 'utf8');
    for (const spec of importsOf(src)) {
      if (!rule.allowImport(spec, isTest)) violations.push(`${rel}: imports '${spec}'`);
    }
    if (isTest) continue;
    const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const [re, what] of rule.forbidText) if (re.test(code)) violations.push(`${rel}: ${what}`);
  }
}
if (violations.length) {
  console.error(`dependency rule broken:\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('dependency rule: ok');
