/**
 * Calls `onGone` once when the process that started this one is gone (issue 39): its IPC channel
 * closed (the supervisor of `npm start` died, by any signal, SIGKILL of its process group included)
 * or this process was re-parented (process.ppid changed: a parent without an IPC channel died). The
 * server then shuts down as on SIGTERM, stopping the embedded PostgreSQL, instead of running on
 * orphaned. The channel is unreferenced: it never keeps the process alive by itself. Answers a
 * function that stops watching.
 */
export function watchParent(
  onGone: (why: string) => void,
  options: { intervalMs?: number; ppid?: () => number } = {},
): () => void {
  const ppid = options.ppid ?? (() => process.ppid);
  const parent = ppid();
  let watching = true;
  const stop = () => {
    watching = false;
    clearInterval(timer);
    process.off('disconnect', onDisconnect);
  };
  const gone = (why: string) => {
    if (!watching) return;
    stop();
    onGone(why);
  };
  const onDisconnect = () => gone(`the IPC channel to the parent process (pid ${parent}) closed`);
  const timer = setInterval(() => {
    const now = ppid();
    if (now !== parent) gone(`the parent process (pid ${parent}) is gone (parent now pid ${now})`);
  }, options.intervalMs ?? 1000);
  timer.unref();
  if (process.channel) {
    process.on('disconnect', onDisconnect);
    process.channel.unref();
  }
  return stop;
}
