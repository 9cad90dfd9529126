import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimDataDir, DataDirBusyError, type ProcessTable } from '../../src/lifecycle/data-dir-owner.ts';
import { watchParent } from '../../src/lifecycle/parent-watch.ts';

// Issue 39: a start over a data folder that a live orphan holds names it and stops it; one that a
// running service holds is refused; the server stops when its parent is gone.

const SERVER = 'node --v8-pool-size=1 --import tsx /repo/apps/server/src/main.ts';

/** Processes as a table: pid → { parent, command }; kill(SIGTERM) ends those that obey it. */
function table(procs: Record<number, { parent: number; command: string; ignoresTerm?: boolean }>) {
  const signals: string[] = [];
  const ps: ProcessTable = {
    alive: (pid) => pid in procs,
    parentOf: (pid) => procs[pid]?.parent,
    commandOf: (pid) => procs[pid]?.command ?? '',
    kill: (pid, signal) => {
      signals.push(`${pid} ${signal}`);
      if (signal === 'SIGKILL' || !procs[pid]?.ignoresTerm) delete procs[pid];
    },
  };
  return { ps, signals };
}

const folder = (record?: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rr-owner-'));
  if (record !== undefined) writeFileSync(path.join(dir, 'server.pid'), record);
  return dir;
};

describe('the data folder has one server', () => {
  it('stops an orphaned server (its parent gone) cleanly, naming it, then records this process', async () => {
    const dir = folder('4242 4000\n');
    const { ps, signals } = table({ 4242: { parent: 1, command: SERVER } });
    const lines: string[] = [];
    await claimDataDir(dir, { processes: ps, log: (l) => lines.push(l), pollMs: 1 });
    expect(signals).toEqual(['4242 SIGTERM']);
    expect(lines[0]).toContain('이전 서버(pid 4242)');
    expect(lines[1]).toContain('종료되었습니다');
    expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(`${process.pid} ${process.ppid}\n`);
  });

  it('kills an orphan that does not stop within the grace period', async () => {
    const dir = folder('4242 4000\n');
    const { ps, signals } = table({ 4242: { parent: 1, command: SERVER, ignoresTerm: true } });
    const lines: string[] = [];
    await claimDataDir(dir, { processes: ps, log: (l) => lines.push(l), graceMs: 20, pollMs: 1 });
    expect(signals).toEqual(['4242 SIGTERM', '4242 SIGKILL']);
    expect(lines[1]).toContain('강제 종료');
  });

  it('counts a server under init as orphaned, even one started so', async () => {
    const dir = folder('4242 1\n');
    const { ps, signals } = table({ 4242: { parent: 1, command: SERVER } });
    await claimDataDir(dir, { processes: ps, log: () => {}, pollMs: 1 });
    expect(signals).toEqual(['4242 SIGTERM']);
  });

  it('refuses a folder that a running server (still under its supervisor) holds', async () => {
    const dir = folder('4242 4000\n');
    const { ps, signals } = table({
      4242: { parent: 4000, command: SERVER },
      4000: { parent: 1, command: 'node scripts/start.mjs' },
    });
    await expect(claimDataDir(dir, { processes: ps, log: () => {} })).rejects.toThrow(DataDirBusyError);
    await expect(claimDataDir(dir, { processes: ps, log: () => {} })).rejects.toThrow(/pid 4242/);
    expect(signals).toEqual([]);
  });

  it('ignores a record of a dead process or of a pid now used by something else', async () => {
    const tables: Record<number, { parent: number; command: string }>[] = [
      {},
      { 4242: { parent: 1, command: 'bash' } },
    ];
    for (const procs of tables) {
      const dir = folder('4242 4000\n');
      const { ps, signals } = table(procs);
      const owner = await claimDataDir(dir, { processes: ps, log: () => {} });
      expect(signals).toEqual([]);
      owner.release();
      expect(() => readFileSync(path.join(dir, 'server.pid'))).toThrow();
    }
  });
});

describe('watchParent', () => {
  it('calls back once when the parent pid changes (re-parented: the parent died)', async () => {
    let ppid = 500;
    const calls: string[] = [];
    const stop = watchParent((why) => calls.push(why), { intervalMs: 5, ppid: () => ppid });
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([]);
    ppid = 1;
    await expect.poll(() => calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('pid 500');
    stop();
  });
});
