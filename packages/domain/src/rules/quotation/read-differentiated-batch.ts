import { fail, issue, ok, type Result } from '../../result.ts';

export interface BatchAnswerOption {
  optionNumber: string;
  attributes: readonly { name: string; value: string | null }[];
}

/**
 * Q §4 step 5 (what sellers learned the hard way): a batch answer must hold exactly one entry per
 * option asked, matched by option number (never by position). Attributes the schema does not list
 * are dropped, and an attribute named twice keeps its first value. A wrong count, an unknown or
 * repeated option number, or a missing option is a bad answer (retried by the caller).
 */
export function readDifferentiatedBatch(
  answer: readonly BatchAnswerOption[],
  askedOptionNumbers: readonly string[],
  allowedAttributeNames: readonly string[],
): Result<Map<string, { name: string; value: string | null }[]>> {
  if (answer.length !== askedOptionNumbers.length) {
    return fail([
      issue('batchAnswerCountMismatch', { expected: askedOptionNumbers.length, got: answer.length }),
    ]);
  }
  const asked = new Set(askedOptionNumbers);
  const allowed = new Set(allowedAttributeNames);
  const byNumber = new Map<string, { name: string; value: string | null }[]>();
  for (const entry of answer) {
    const number = entry.optionNumber.trim();
    if (!asked.has(number) || byNumber.has(number)) {
      return fail([issue('batchAnswerOptionUnknown', { optionNumber: number })]);
    }
    const seen = new Set<string>();
    const attributes: { name: string; value: string | null }[] = [];
    for (const a of entry.attributes) {
      const name = a.name.trim();
      if (!allowed.has(name) || seen.has(name)) continue;
      seen.add(name);
      attributes.push({ name, value: a.value });
    }
    byNumber.set(number, attributes);
  }
  const missing = askedOptionNumbers.find((n) => !byNumber.has(n));
  if (missing !== undefined) return fail([issue('batchAnswerOptionMissing', { optionNumber: missing })]);
  return ok(byNumber);
}
