import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { findUnusedExports } from './domain-unused.mjs';

let root;
const write = (rel, text) => {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
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
  write('apps/server/src/x.ts', "import { bUsesIt } from '@rr/domain';\n");
  expect(findUnusedExports(root)).toEqual([{ file: 'packages/domain/src/rules/a.ts', name: 'laterRule' }]);
});
