import { describe, expect, it } from 'vitest';
import { batchWaitAfterTask, quotationRetryWait } from './batch-wait.ts';

describe('batch waits (W §4)', () => {
  it.each([
    ['ok', 2000],
    ['error', 500],
  ] as const)('after %s → %s ms', (outcome, ms) => expect(batchWaitAfterTask(outcome)).toBe(ms));

  it.each([
    ['completed', 0, null],
    ['split_completed', 0, null],
    ['error', 0, 3000],
    [undefined, 0, 3000],
    ['error', 1, null],
  ])('quotation result %o at attempt %s → %o', (result, attempt, wait) =>
    expect(quotationRetryWait(result, attempt)).toBe(wait),
  );
});
