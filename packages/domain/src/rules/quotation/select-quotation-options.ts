import { isRecord } from '../../records.ts';

/** Which options a quotation works on (Q §4): all, the ones named (manual quotation), or the failed ones. */
export type QuotationSelection =
  | { kind: 'all' }
  | { kind: 'options'; optionNumbers: readonly string[] }
  | { kind: 'failed' };

type OptionLike = { optionNumber?: unknown; quotationStatus?: unknown };

/**
 * The option numbers a quotation run processes, in the product's order. "Failed" is the reprocess
 * path (Q §4, §8 'no options to reprocess'): an option whose quotationStatus is error, or one that
 * processError.failedOptions lists. Unknown option numbers are ignored (an empty answer means
 * there is nothing to do).
 */
export function selectQuotationOptions(
  options: readonly unknown[],
  processError: unknown,
  selection: QuotationSelection,
): string[] {
  const numbers = options
    .filter(isRecord)
    .map((o: OptionLike) => ({ number: String(o.optionNumber ?? ''), status: o.quotationStatus }))
    .filter((o) => o.number !== '');
  if (selection.kind === 'all') return numbers.map((o) => o.number);
  if (selection.kind === 'options') {
    const wanted = new Set(selection.optionNumbers);
    return numbers.filter((o) => wanted.has(o.number)).map((o) => o.number);
  }
  const listed =
    isRecord(processError) && Array.isArray(processError.failedOptions)
      ? new Set(processError.failedOptions.map(String))
      : new Set<string>();
  return numbers.filter((o) => o.status === 'error' || listed.has(o.number)).map((o) => o.number);
}
