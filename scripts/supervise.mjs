// A small supervisor for `npm start`: runs one child process and starts it again when it dies.
//
//   const sup = supervise({ start: () => spawn(node, [server]), log: console });
//   process.on('SIGTERM', () => sup.stop('SIGTERM'));
//   process.exitCode = await sup.done;
//
// - A child that exits with a non-zero code or by a signal (a crash, an out-of-memory kill, kill -9)
//   is started again after a pause that grows with each quick crash (`delaysMs`).
// - A crash within `quickMs` of its start is quick; after `maxQuickCrashes` quick crashes in a row the
//   supervisor gives up loudly (exit code 1). A child that ran longer than `quickMs` resets the count.
// - A child that exits with code 0 was stopped on purpose (its own SIGTERM handling): not restarted.
// - `stop(signal)` passes the signal to the child, waits for it (at most `graceMs`, then SIGKILL) and
//   ends with the child's code; a pending restart is cancelled.

export const DEFAULTS = {
  delaysMs: [1000, 2000, 4000, 8000, 16000],
  quickMs: 60_000,
  maxQuickCrashes: 5,
  graceMs: 30_000,
};

/**
 * @param {{
 *   start: () => import('node:child_process').ChildProcess,
 *   log?: { log: (...a: unknown[]) => void, error: (...a: unknown[]) => void },
 *   delaysMs?: number[], quickMs?: number, maxQuickCrashes?: number, graceMs?: number,
 *   now?: () => number,
 * }} options
 */
export function supervise(options) {
  const o = { ...DEFAULTS, ...options };
  const log = o.log ?? console;
  const now = o.now ?? Date.now;
  let child;
  let startedAt = 0;
  let quickCrashes = 0;
  let restarts = 0;
  let stopping = false;
  let timer;
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });

  const launch = () => {
    timer = undefined;
    startedAt = now();
    const c = o.start();
    child = c;
    const pid = c.pid;
    let ended = false;
    const onEnd = (code, signal) => {
      if (ended) return;
      ended = true;
      child = undefined;
      if (stopping) return finish(code ?? (signal ? 1 : 0));
      if (code === 0) return finish(0);
      const ranMs = now() - startedAt;
      quickCrashes = ranMs < o.quickMs ? quickCrashes + 1 : 1;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (quickCrashes >= o.maxQuickCrashes) {
        log.error(
          `[supervisor] 서버 프로세스가 ${quickCrashes}번 연속으로 곧바로 종료되어 다시 시작하지 않습니다 (마지막: ${how}). 위의 오류를 확인하세요. / The server crashed ${quickCrashes} times in a row shortly after starting; giving up.`,
        );
        return finish(1);
      }
      const delay = o.delaysMs[Math.min(quickCrashes - 1, o.delaysMs.length - 1)];
      restarts++;
      log.error(
        `[supervisor] 서버 프로세스(pid ${pid})가 종료되었습니다 (${how}). ${delay / 1000}초 뒤 다시 시작합니다 (재시작 ${restarts}번째). / Server process exited; restarting in ${delay / 1000} s.`,
      );
      timer = setTimeout(launch, delay);
    };
    c.on('exit', onEnd);
    c.on('error', (err) => {
      log.error(`[supervisor] 서버 프로세스 오류 / server process error: ${err.message}`);
      if (c.pid === undefined) onEnd(1, null);
    });
  };
  launch();

  return {
    done,
    /** The running child, if any (tests, logs). */
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop(signal = 'SIGTERM') {
      if (stopping) return done;
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        finish(0);
        return done;
      }
      if (!child) {
        finish(0);
        return done;
      }
      const c = child;
      c.kill(signal);
      const force = setTimeout(() => c.kill('SIGKILL'), o.graceMs);
      force.unref?.();
      void done.then(() => clearTimeout(force));
      return done;
    },
  };
}
