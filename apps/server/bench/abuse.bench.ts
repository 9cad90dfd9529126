// Issue 21's figures: for each attack of the abuse suite (apps/server/test/abuse/attacks.ts), the
// victim company's getlist p99 while idle and while the attack runs, their ratio against the target
// (≤ 2× idle), the attacker's answers, and whether the server still answers afterwards. The server
// runs as `npm start` runs it (its own process, real PostgreSQL); this process only sends requests.
// Figures are printed only when every attack really ran (requests made, answers received).
//
// Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
// ABUSE_DOC_MB sets the partial-update row's document size (default here 9, as in the issue).
// ABUSE_REPEAT (default 2): each row's idle window and attack window are measured back to back this
// many times (the machine is shared, so idle and attack are measured under the same load), and the
// range of the ratios is printed; ABUSE_ONLY picks rows by name.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type AttackResult,
  idleTimes,
  percentile,
  runAttack,
  signUpCompany,
} from '../test/abuse/abuse-harness.ts';
import { ATTACKS } from '../test/abuse/attacks.ts';

process.env.ABUSE_DOC_MB ??= '9';
const TARGET_RATIO = 2;
/** The victim's pace: the per-address limit (600 a minute) is shared with the attacker here. */
const PACE_MS = 120;
/** Fewer victim requests during an attack than this make no p99: the row is reported, not measured. */
const MIN_SAMPLES = 10;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function alive(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) })).status === 200;
  } catch {
    return false;
  }
}

async function startServer(databaseUrl: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'web',
      // the victim and each attacker come from their own address (X-Forwarded-For), as in real use
      TRUST_PROXY: '1',
      DEMO: 'false',
      LOG_LEVEL: 'fatal',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'rr-abuse-')),
      APP_SECRET: randomBytes(24).toString('hex'),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await alive(baseUrl)) return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start within 2 minutes');
}

async function main() {
  const name = `abuse_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let server: { baseUrl: string; child: ChildProcess } | undefined;
  let failed = false;
  try {
    server = await startServer(url.toString());
    const { baseUrl } = server;
    const victim = await signUpCompany(baseUrl, 'victim@example.com', { forwardedFor: '198.51.100.1' });
    await victim.post('/api/rocketReg/saveItems', [
      { productName: '피해자 상품', options: [{ sourceKey: '흰색' }] },
    ]);
    const only = process.env.ABUSE_ONLY;
    const rows = ATTACKS.filter((r) => !only || r.name.includes(only));
    const repeat = Math.max(1, Number(process.env.ABUSE_REPEAT ?? 2));
    const results: (AttackResult & { idle: number[]; aliveAfter: boolean; round: number })[] = [];
    const ranOut = () => results.length > 0 && !results.at(-1)!.aliveAfter;
    for (const [i, row] of rows.entries()) {
      const attacker = await signUpCompany(baseUrl, `attacker${i}@example.com`, {
        forwardedFor: `203.0.113.${i + 1}`,
      });
      const prepared = row.setup ? await row.setup(attacker) : undefined;
      for (let round = 1; round <= repeat && !ranOut(); round++) {
        const idle = await idleTimes(victim, 40, PACE_MS);
        const result = await runAttack({ ...row, setup: async () => prepared }, attacker, victim, {
          minDurationMs: 5000,
          maxRuns: 50,
          attackPaceMs: 100,
          paceMs: PACE_MS,
        });
        results.push({ ...result, idle, round, aliveAfter: await alive(baseUrl) });
      }
      if (ranOut()) break;
    }
    // The attack must have run: requests made and answers received, or there are no figures.
    const notRun = results.filter((r) => r.error !== undefined || r.answers.length === 0);
    if (notRun.length > 0 || results.length < rows.length * repeat) {
      for (const r of notRun)
        console.log(`attack did not run: ${r.row.name}: ${String(r.error ?? 'no answers')}`);
      if (results.length < rows.length * repeat)
        console.log('the server stopped answering: later attacks not run');
      failed = true;
      return;
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; document of the update row ${process.env.ABUSE_DOC_MB} MB; ${repeat} idle+attack window(s) a row; p99 of about 40 requests is their slowest`,
    );
    const ratios = new Map<string, number[]>();
    for (const r of results) {
      if (r.victim.times.length < MIN_SAMPLES) failed = true;
      const idleP99 = percentile(r.idle, 99);
      const duringP99 = percentile(r.victim.times, 99);
      const p50 = `p50 ${percentile(r.idle, 50).toFixed(0)} → ${percentile(r.victim.times, 50).toFixed(0)} ms`;
      const ratio = duringP99 / idleP99;
      const statuses = Object.entries(
        r.answers.reduce<Record<number, number>>((acc, a) => {
          acc[a.status] = (acc[a.status] ?? 0) + 1;
          return acc;
        }, {}),
      )
        .map(([s, n]) => `${n}×${s}`)
        .join(' ');
      const allowed = r.answers.every((a) => r.row.allowed.includes(a.status));
      if (!allowed || r.victim.failures > 0 || !r.aliveAfter) failed = true;
      ratios.set(r.row.name, [...(ratios.get(r.row.name) ?? []), ratio]);
      console.log(
        `${r.row.name}${repeat > 1 ? ` (window ${r.round} of ${repeat})` : ''}\n  was: ${r.row.what}\n  attacker ${statuses}${allowed ? '' : ' (NOT ALLOWED)'}; victim idle p99 ${idleP99.toFixed(0)} ms, during p99 ${duringP99.toFixed(0)} ms over ${r.victim.times.length} requests (${p50})${r.victim.times.length < MIN_SAMPLES ? ' (TOO FEW)' : ''}${r.victim.failures ? ` (${r.victim.failures} failed)` : ''}; ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}); server ${r.aliveAfter ? 'alive' : 'DEAD'}`,
      );
    }
    console.log('\nratio range per attack (target ≤ 2 in every window):');
    for (const [rowName, rs] of ratios) {
      const lo = Math.min(...rs);
      const hi = Math.max(...rs);
      console.log(
        `  ${rowName}: ${lo.toFixed(2)}–${hi.toFixed(2)} ${hi <= TARGET_RATIO ? 'met' : lo <= TARGET_RATIO ? 'MISSED in some windows' : 'MISSED'}`,
      );
    }
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
    }
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    if (failed) process.exitCode = 1;
  }
}

await main();
