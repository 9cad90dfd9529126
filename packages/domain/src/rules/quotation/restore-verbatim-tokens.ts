/**
 * Latin/digit tokens that a translation must keep exactly as written: numbers with their units and
 * dimensions (30cm, 60*40*40, 1.5L), model numbers (iPhone15, X-200) and material codes (PP, ABS,
 * EVA, PU). Single letters and bare one-digit numbers are not worth forcing.
 */
const TOKEN = /[A-Za-z0-9]+(?:[.*×xX/\-+][A-Za-z0-9]+)*(?:%)?/g;

export function verbatimTokens(source: string): string[] {
  const tokens = source.match(TOKEN) ?? [];
  return [...new Set(tokens.filter((t) => t.length >= 2))];
}

/**
 * Q (what sellers learned the hard way): numbers, units, dimensions, model numbers and material
 * codes are kept verbatim. Every such token of the source that the translation lost (or rewrote,
 * e.g. 폴리프로필렌 for PP, 삼십 for 30) is appended to the translation, once, in source order.
 */
export function restoreVerbatimTokens(source: string, translation: string): string {
  const missing = verbatimTokens(source).filter((t) => !translation.includes(t));
  if (missing.length === 0) return translation;
  const base = translation.trim();
  return base === '' ? missing.join(' ') : `${base} ${missing.join(' ')}`;
}
