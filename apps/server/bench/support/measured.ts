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
