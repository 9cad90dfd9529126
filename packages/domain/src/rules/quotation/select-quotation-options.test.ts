import { describe, expect, it } from 'vitest';
import { selectQuotationOptions } from './select-quotation-options.ts';

const options = [
  { optionNumber: 'R-001', quotationStatus: 'completed' },
  { optionNumber: 'R-002', quotationStatus: 'error' },
  { optionNumber: 'R-003', quotationStatus: 'completed' },
  { optionNumber: 'R-004' },
];

describe('selectQuotationOptions (Q §4 manual quotation and reprocess)', () => {
  it.each([
    ['all', { kind: 'all' } as const, null, ['R-001', 'R-002', 'R-003', 'R-004']],
    ['one option', { kind: 'options', optionNumbers: ['R-003'] } as const, null, ['R-003']],
    [
      'named options, product order, unknown ignored',
      { kind: 'options', optionNumbers: ['R-004', 'X', 'R-001'] } as const,
      null,
      ['R-001', 'R-004'],
    ],
    ['failed: status error', { kind: 'failed' } as const, null, ['R-002']],
    [
      'failed: status error or listed in processError',
      { kind: 'failed' } as const,
      { failedOptions: ['R-004'] },
      ['R-002', 'R-004'],
    ],
    ['failed: processError without a list', { kind: 'failed' } as const, { error: 'x' }, ['R-002']],
  ])('%s', (_name, selection, processError, expected) => {
    expect(selectQuotationOptions(options, processError, selection)).toEqual(expected);
  });

  it('nothing to reprocess when no option failed', () => {
    expect(
      selectQuotationOptions([{ optionNumber: 'A', quotationStatus: 'completed' }], null, { kind: 'failed' }),
    ).toEqual([]);
  });
});
