// `npm run bench`: a bench that could not check its work prints NOT MEASURED and no figure, and the
// run fails; a name that matches no bench fails too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const measured = path.join(root, 'apps/server/bench/support/measured.ts');

function benches(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rr-bench-'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n'); // ES modules, as the repository's
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
const run = (dir, name, flags = []) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/bench.mjs'), ...flags, ...(name ? [name] : [])], {
    cwd: root,
    env: { ...process.env, BENCH_DIR: dir },
    encoding: 'utf8',
  });

const bench = (made) => `import { requireWork, runBench } from ${JSON.stringify(measured)};
await runBench(async () => {
  const made = ${made};
  requireWork(made === 20, \`\${made} calls made, 20 expected\`);
  console.log(\`ratio \${(made / 20).toFixed(2)}\`);
});
`;

describe('npm run bench', () => {
  it('prints the figure of a bench whose work happened and exits 0', () => {
    const r = run(benches({ 'ok.bench.ts': bench(20) }));
    expect(r.stdout).toContain('ratio 1.00');
    expect(r.status).toBe(0);
  });

  it('prints NOT MEASURED and no figure when the timed work did not happen, and fails', () => {
    const r = run(benches({ 'ok.bench.ts': bench(20), 'short.bench.ts': bench(12) }));
    expect(r.stderr).toContain('NOT MEASURED: 12 calls made, 20 expected');
    expect(r.stdout).not.toContain('ratio 0.60');
    expect(r.stderr).toContain('benches that did not measure: short.bench.ts');
    expect(r.status).toBe(1);
  });

  it('fails a bench that printed NOT MEASURED even when it exited 0', () => {
    const sneaky = `console.log('ratio 1.00'); console.error('NOT MEASURED: nothing ran');\n`;
    const r = run(benches({ 'ok.bench.ts': bench(20), 'sneaky.bench.ts': sneaky }));
    expect(r.stderr).toContain('benches that did not measure: sneaky.bench.ts (NOT MEASURED, exit 0)');
    expect(r.status).toBe(1);
  });

  it('--smoke runs every bench with BENCH_SMOKE=1 (small sizes), and a name still picks benches', () => {
    const sizes = `import { sized, smoke } from ${JSON.stringify(measured)};
console.log(\`smoke \${smoke} size \${sized(4000, 40)}\`);
`;
    const dir = benches({ 'one.bench.ts': sizes, 'two.bench.ts': sizes });
    const full = run(dir, 'one');
    expect(full.stdout).toContain('smoke false size 4000');
    expect(full.stdout).not.toContain('two.bench.ts');
    const small = run(dir, undefined, ['--smoke']);
    expect(small.stdout.match(/smoke true size 40\n/g)).toHaveLength(2);
    expect(small.stdout).toContain('benches measured (smoke');
    expect(small.status).toBe(0);
    const two = run(dir, 'two', ['--smoke']);
    expect(two.stdout).toContain('=== two.bench.ts (smoke) ===');
    expect(two.stdout).not.toContain('one.bench.ts');
  });

  it('fails when the name matches no bench', () => {
    const r = run(benches({ 'ok.bench.ts': bench(20) }), 'workflw');
    expect(r.stderr).toContain('no benchmark script matches "workflw"');
    expect(r.status).toBe(1);
  });
});
