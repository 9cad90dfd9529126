import { z } from 'zod';

/**
 * The web app's Content-Security-Policy refuses `eval`, so zod's compiled object parsers cannot run
 * there, and its probe for them logs a CSP violation on every page load. Called once before the
 * first answer is parsed, zod parses with its interpreter only (the figures in docs/benchmarks.md,
 * "answer-parse", are measured this way).
 */
export function parseWithoutCodeGeneration(): void {
  z.config({ jitless: true });
}
