export interface SourceText {
  /** The original (Chinese) text, shown to the seller as where a value came from. */
  original: string;
  /** Its translation, when known. */
  translated?: string | undefined;
  /** The attribute name of the source (材质 / 소재), when the source is an attribute. */
  name?: string | undefined;
}

const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * Which source text an AI-filled value most likely came from, for the quotation tab's "from: …"
 * marks: a source whose translation contains the value (or the value its translation), else one
 * whose name is the attribute's name, else one whose original contains the value verbatim
 * (numbers, codes). null when nothing matches.
 */
export function findValueSource(
  attributeName: string,
  value: string | number | null | undefined,
  sources: readonly SourceText[],
): SourceText | null {
  if (value === null || value === undefined) return null;
  const v = squash(String(value));
  if (v === '') return null;
  const byTranslation = sources.find((s) => {
    const t = squash(s.translated ?? '');
    return t !== '' && (t.includes(v) || (t.length >= 2 && v.includes(t)));
  });
  if (byTranslation) return byTranslation;
  const name = squash(attributeName);
  const byName = sources.find((s) => s.name !== undefined && squash(s.name) === name);
  if (byName) return byName;
  return sources.find((s) => squash(s.original).includes(v)) ?? null;
}
