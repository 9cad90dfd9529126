import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { findUnusedExports } from './domain-unused.mjs';

const script = fileURLToPath(new URL('./domain-unused.mjs', import.meta.url));
let root;
const write = (rel, text) => {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
/** Runs the script as CI does, on the made-up repository. */
const run = (...args) => {
  cpSync(script, path.join(root, 'scripts/domain-unused.mjs'));
  return spawnSync(process.execPath, ['scripts/domain-unused.mjs', ...args], { cwd: root, encoding: 'utf8' });
};
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('lists a domain rule that only its own test uses, not one the server or web uses', () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rr-unused-'));
  write(
    'packages/domain/src/rules/a.ts',
    'export function usedRule() {}\nexport const laterRule = 1;\nexport type T = 1;\n',
  );
  write('packages/domain/src/rules/a.test.ts', "import { laterRule, usedRule } from './a.ts';\n");
  write(
    'packages/domain/src/rules/b.ts',
    "import { usedRule } from './a.ts';\nexport const bUsesIt = usedRule;\n",
  );
  write('apps/server/src/x.ts', "import {\n  bUsesIt,\n  type T as U,\n} from '@rr/domain';\n");
  write('e2e/tests/z.spec.ts', "import { cUsed } from '../../packages/domain/src/rules/c.ts';\ncUsed();\n");
  write('packages/domain/src/rules/c.ts', 'export const cUsed = () => 1;\n');
  expect(findUnusedExports(root)).toEqual([
    { file: 'packages/domain/src/rules/a.ts', name: 'laterRule', kind: 'rule' },
  ]);
});

it('tells a rule nobody calls from a helper its own file uses and from a value outside rules/', () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rr-unused-'));
  write(
    'packages/domain/src/rules/c.ts',
    'export const LIMIT = 3;\nexport function check(n: number) { return n < LIMIT; }\n',
  );
  write('packages/domain/src/constants.ts', 'export const SPARE = 2;\n');
  // A mention in a comment (or a test) is not a call.
  write('apps/web/src/y.ts', '// check() will be used here one day\nexport const y = 1;\n');
  write('apps/web/src/y.test.ts', "import { check } from '@rr/domain';\ncheck(1);\n");
  // The server's own function of the same name is not a call of the domain's.
  write('apps/server/src/z.ts', 'export function check() {}\ncheck();\n');
  expect(findUnusedExports(root)).toEqual([
    { file: 'packages/domain/src/constants.ts', name: 'SPARE', kind: 'orphan' },
    { file: 'packages/domain/src/rules/c.ts', name: 'LIMIT', kind: 'own-file' },
    { file: 'packages/domain/src/rules/c.ts', name: 'check', kind: 'rule' },
  ]);
});

it('fails (exit 1) while a rule has no caller, and passes once the web calls it', () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rr-unused-'));
  write('packages/domain/src/rules/d.ts', 'export function httpFailureKind() {}\n');
  write('packages/domain/src/constants.ts', 'export const SPARE = 2;\n');
  const failing = run();
  expect(failing.status).toBe(1);
  expect(failing.stdout).toContain('packages/domain/src/rules/d.ts: httpFailureKind');

  write('apps/web/src/http.ts', "import { httpFailureKind } from '@rr/domain';\nhttpFailureKind();\n");
  const passing = run();
  expect(passing.status).toBe(0);
  expect(passing.stdout).toContain('packages/domain/src/constants.ts: SPARE');
  expect(run('--strict').status).toBe(1);
});
