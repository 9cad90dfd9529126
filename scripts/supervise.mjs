// A small supervisor for `npm start`: runs one child process and starts it again when it dies, for as
// long as it runs itself: it never leaves the service down (issue 39).
//
//   const sup = supervise({ start: () => spawn(node, [server], { stdio: [..., 'ipc'] }), log: console });
//   process.on('SIGTERM', () => sup.stop('SIGTERM'));
//   process.exitCode = await sup.done;
//
// - A child that exits with a non-zero code or by a signal (a crash, an out-of-memory kill, kill -9)
//   is started again after a pause (`delaysMs`): the first after a crash, growing with each start in a
//   row that ended before it served, up to the last (about a minute), which then repeats: a start that
//   cannot serve (PostgreSQL not up yet, a port taken) is retried every minute until it can.
// - A start has served when the child says so over its IPC channel (`{ ready: true }`: the server once
//   it listens) or ran `servedAfterMs`; the pauses then start again from the first.
// - Each restart is logged with why: exit code or signal, how long it ran, whether it had served, and
//   the pause before the next start.
// - A child that exits with code 0 was stopped on purpose (its own SIGTERM handling): not restarted;
//   nor one whose code is in `finalCodes` (the server refusing a data folder a running server holds).
// - `stop(signal)` passes the signal to the child, waits for it (at most `graceMs`, then SIGKILL) and
//   ends with the child's code; a pending restart is cancelled.

export const DEFAULTS = {
  delaysMs: [1000, 2000, 4000, 8000, 16000, 32000, 60000],
  servedAfterMs: 60_000,
  graceMs: 30_000,
  finalCodes: [],
};

const seconds = (ms) => `${Number((ms / 1000).toFixed(2))}`;

/**
 * @param {{
 *   start: () => import('node:child_process').ChildProcess,
 *   log?: { log: (...a: unknown[]) => void, error: (...a: unknown[]) => void },
 *   delaysMs?: number[], servedAfterMs?: number, graceMs?: number, finalCodes?: number[],
 *   now?: () => number,
 * }} options
 */
export function supervise(options) {
  const o = { ...DEFAULTS, ...options };
  const log = o.log ?? console;
  const now = o.now ?? Date.now;
  let child;
  let startedAt = 0;
  /** Starts in a row that ended before they served. */
  let failedStarts = 0;
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
    let served = false;
    const markServed = () => {
      served = true;
      failedStarts = 0;
    };
    c.on('message', (m) => {
      if (m && typeof m === 'object' && m.ready === true && !served) markServed();
    });
    const onEnd = (code, signal) => {
      if (ended) return;
      ended = true;
      child = undefined;
      if (stopping) return finish(code ?? (signal ? 1 : 0));
      if (code === 0) return finish(0);
      const ranMs = now() - startedAt;
      if (!served && ranMs >= o.servedAfterMs) markServed();
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (code !== null && o.finalCodes.includes(code)) {
        log.error(
          `[supervisor] 서버 프로세스(pid ${pid})가 다시 시작해도 해결되지 않는 이유로 종료되어 (${how}) 다시 시작하지 않습니다. 위의 메시지를 확인하세요. / The server exited with ${how}, which a restart does not fix; not restarting.`,
        );
        return finish(code);
      }
      if (!served) failedStarts++;
      const delay = o.delaysMs[Math.min(Math.max(0, failedStarts - 1), o.delaysMs.length - 1)];
      restarts++;
      const why = served
        ? `${seconds(ranMs)}초 동안 요청을 받다가 종료 / served for ${seconds(ranMs)} s`
        : `준비되기 전에 종료, 연속 ${failedStarts}번째 / ended before it served, ${failedStarts} in a row`;
      log.error(
        `[supervisor] 서버 프로세스(pid ${pid})가 종료되었습니다 (${how}; ${why}). ${seconds(delay)}초 뒤 다시 시작합니다 (재시작 ${restarts}번째). / Server process exited; restarting in ${seconds(delay)} s.`,
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
    /** The pause before the next start after a crash now (tests). */
    get failedStarts() {
      return failedStarts;
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
