import { describe, expect, it } from 'vitest';
import { ProductJobPayload } from '../../src/workflow/runner.ts';

// Issue 40: a job's payload is parsed with its schema when a worker picks it up, so a job queued by an
// older version fails clearly instead of half-running.

const id = '8f5b8c1e-8d7e-4c8a-9a55-3d1c2b4a5e6f';

describe('the product job payload', () => {
  it.each([
    ['a run of all tasks', { runId: id, companyId: id, productId: id }, true],
    [
      'a quotation of some options',
      { runId: id, companyId: id, productId: id, quotation: { kind: 'options', optionNumbers: ['R1001'] } },
      true,
    ],
    ['an older job without its run', { companyId: id, productId: id }, false],
    ['a product id that is not one', { runId: id, companyId: id, productId: 'p1' }, false],
    [
      'an unknown quotation mode',
      { runId: id, companyId: id, productId: id, quotation: { kind: 'some' } },
      false,
    ],
  ])('%s fits: %s', (_name, data, fits) => expect(ProductJobPayload.safeParse(data).success).toBe(fits));
});
