/**
 * A bench's figure stands only on work that happened. Before printing a figure a bench checks what
 * it timed (runs completed, calls made, rows written, images done) with `requireWork`; when a check
 * fails, `runBench` prints "NOT MEASURED" with the reason, no figure, and the bench exits 1
 * (`npm run bench` then fails).
 */
import { loadavg } from 'node:os';

export class NotMeasured extends Error {
  // A bench written as a top-level script (no runBench) dies with this name before the reason.
  override name = 'NOT MEASURED';
}

/**
 * `npm run bench -- --smoke` (CI) sets BENCH_SMOKE=1: each bench runs its work at small sizes, so a
 * bench that no longer runs fails CI. Its checks of the work stay as they are; its figures are not
 * the figures of docs/benchmarks.md.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** `full` normally, `small` in a smoke run (a size, a count, a duration). */
export const sized = <T>(full: T, small: T): T => (smoke ? small : full);

/** Throws NotMeasured (the figure is not printed) unless the timed work happened. */
export function requireWork(condition: unknown, what: string): asserts condition {
  if (!condition) throw new NotMeasured(what);
}

/** The 1, 5 and 15 minute load averages (the machine is shared: figures depend on them). */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs a bench's main; a failed check or any error ends the process with status 1. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof NotMeasured) console.error(`\nNOT MEASURED: ${err.message}`);
    else console.error('\nBENCH FAILED:', err);
    process.exit(1);
  }
}

/**
 * Waits until the 1-minute load average is below `below` (other work on the machine has finished:
 * a test run, a build, PostgreSQL's autovacuum after it), at most `maxMs`. A bench comparing a
 * window under attack with an idle one is measuring the machine's other work otherwise. Answers
 * what it saw, to print beside the figures.
 */
export async function waitForQuietMachine(below = 1, maxMs = 180_000, stepMs = 5_000): Promise<string> {
  const started = Date.now();
  while (loadavg()[0]! >= below && Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, stepMs));
  }
  const waited = Math.round((Date.now() - started) / 1000);
  return loadavg()[0]! < below
    ? `load average ${load()} after waiting ${waited} s for it to fall below ${below}`
    : `load average ${load()}: still at or above ${below} after ${waited} s (figures taken on a busy machine)`;
}
