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
const run = (dir, name) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/bench.mjs'), ...(name ? [name] : [])], {
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

  it('fails when the name matches no bench', () => {
    const r = run(benches({ 'ok.bench.ts': bench(20) }), 'workflw');
    expect(r.stderr).toContain('no benchmark script matches "workflw"');
    expect(r.status).toBe(1);
  });
});
