export interface TranslatedValue {
  /** The attribute the value belongs to (색상, 사이즈 …). */
  attribute: string;
  /** The source text it was made from (the option's Chinese value), '' when unknown. */
  source: string;
  value: string | null;
}

/**
 * Q (what sellers learned the hard way): the same source text always gets the same Korean. Per
 * attribute, the first value given for a source text is used for every later entry with the same
 * source (batches answered separately may word it differently). Entries without a source are kept.
 */
export function harmonizeTranslations<T extends TranslatedValue>(entries: readonly T[]): T[] {
  const first = new Map<string, string | null>();
  return entries.map((e) => {
    const source = e.source.trim();
    if (source === '' || e.value === null || e.value.trim() === '') return e;
    const key = `${e.attribute}\u0001${source}`;
    if (!first.has(key)) {
      first.set(key, e.value);
      return e;
    }
    const value = first.get(key) ?? e.value;
    return value === e.value ? e : { ...e, value };
  });
}
