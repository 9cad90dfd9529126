// A Vitest reporter for `npm test` under CI (scripts/test.mjs): CI runs each failed test once more
// (--retry=1) so that one scheduling hiccup of a shared 2-core machine does not stop a submission, and
// this reporter writes every test that needed that second try to RETRIED_TESTS_FILE, one line each,
// so that the totals name them (a test that passed only on its retry is a flake to look at, not a pass
// to forget). A test that fails twice still fails the run.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default class RetriedReporter {
  onTestCaseResult(testCase) {
    const file = process.env.RETRIED_TESTS_FILE;
    const diagnostic = testCase.diagnostic();
    if (!file || !diagnostic || diagnostic.retryCount === 0) return;
    const where = path.relative(process.cwd(), testCase.module.moduleId);
    const state = testCase.result().state === 'passed' ? 'passed on its retry' : 'failed twice';
    appendFileSync(file, `${where} › ${testCase.fullName} (${state})\n`);
  }
}
