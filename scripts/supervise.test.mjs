import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

// Fake servers: tiny scripts that append their start to a file and then exit, crash or wait.
const dir = mkdtempSync(path.join(os.tmpdir(), 'rr-sup-'));
const starts = path.join(dir, 'starts');
// `setup` runs before the start is recorded (signal handlers: a test that saw the start may signal).
const script = (name, body, setup = '') => {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs';\n${setup}\nappendFileSync(${JSON.stringify(starts)}, process.pid + '\\n');\n${body}\n`,
  );
  return file;
};
const startsSeen = () => {
  try {
    return readFileSync(starts, 'utf8').trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};
const quiet = () => {
  const lines = [];
  return { lines, log: (...a) => lines.push(a.join(' ')), error: (...a) => lines.push(a.join(' ')) };
};
const fast = { delaysMs: [20, 40, 80], quickMs: 10_000, maxQuickCrashes: 4, graceMs: 2000 };

describe('npm start supervisor', () => {
  it('starts a killed server again, and stops it cleanly on SIGTERM', async () => {
    writeFileSync(starts, '');
    const file = script(
      'server',
      'setInterval(() => {}, 1000);',
      "process.on('SIGTERM', () => process.exit(0));",
    );
    const log = quiet();
    const sup = supervise({
      ...fast,
      log,
      start: () => spawn(process.execPath, [file], { stdio: 'ignore' }),
    });
    await expect.poll(startsSeen).toBe(1);
    const first = sup.child.pid;
    process.kill(first, 'SIGKILL');
    await expect.poll(startsSeen).toBe(2);
    await expect.poll(() => sup.child?.pid).not.toBe(first);
    expect(sup.restarts).toBe(1);
    expect(log.lines.join('\n')).toContain('signal SIGKILL');
    const second = sup.child.pid;
    expect(await sup.stop('SIGTERM')).toBe(0);
    expect(() => process.kill(second, 0)).toThrow();
    expect(startsSeen()).toBe(2);
  });

  it('gives up loudly after repeated quick crashes', async () => {
    writeFileSync(starts, '');
    const file = script('crash', 'process.exit(3);');
    const log = quiet();
    const sup = supervise({
      ...fast,
      log,
      start: () => spawn(process.execPath, [file], { stdio: 'ignore' }),
    });
    expect(await sup.done).toBe(1);
    expect(startsSeen()).toBe(4);
    expect(log.lines.at(-1)).toContain('4번 연속으로 곧바로 종료되어 다시 시작하지 않습니다');
  });

  it('does not restart a server that exited on purpose (code 0), nor after stop()', async () => {
    writeFileSync(starts, '');
    const file = script('clean', 'process.exit(0);');
    const sup = supervise({
      ...fast,
      log: quiet(),
      start: () => spawn(process.execPath, [file], { stdio: 'ignore' }),
    });
    expect(await sup.done).toBe(0);
    expect(startsSeen()).toBe(1);

    writeFileSync(starts, '');
    const stubborn = script('stubborn', 'setInterval(() => {}, 1000);', "process.on('SIGTERM', () => {});");
    const hard = supervise({
      ...fast,
      graceMs: 300,
      log: quiet(),
      start: () => spawn(process.execPath, [stubborn], { stdio: 'ignore' }),
    });
    await expect.poll(startsSeen).toBe(1);
    // A server that ignores SIGTERM is killed after the grace period; nothing is restarted.
    expect(await hard.stop('SIGTERM')).toBe(1);
    expect(startsSeen()).toBe(1);
  });
});
