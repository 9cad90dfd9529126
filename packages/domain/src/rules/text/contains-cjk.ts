// W §5 Completeness: Chinese characters (CJK ranges) are rejected. We treat Han ideographs and
// Japanese kana as forbidden; Hangul, Latin, digits and CJK punctuation (【】, 。) are allowed.

/** [start, end] code point ranges, inclusive. */
export const CJK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x3040, 0x309f], // Hiragana
  [0x30a0, 0x30ff], // Katakana
  [0x31f0, 0x31ff], // Katakana phonetic extensions
  [0x3400, 0x4dbf], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xf900, 0xfaff], // CJK Compatibility Ideographs
  [0xff66, 0xff9f], // Halfwidth Katakana
  [0x20000, 0x2fa1f], // Extensions B–F and Compatibility Supplement
];

export function isCjkCodePoint(codePoint: number): boolean {
  return CJK_RANGES.some(([start, end]) => codePoint >= start && codePoint <= end);
}

/** True when the value (string, number, array or object, searched deeply) holds a CJK character. */
export function containsCjk(value: unknown): boolean {
  if (typeof value === 'string') {
    for (const ch of value) if (isCjkCodePoint(ch.codePointAt(0) as number)) return true;
    return false;
  }
  if (Array.isArray(value)) return value.some(containsCjk);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsCjk);
  return false;
}

/** Removes every CJK character (and the spaces left doubled by it). */
export function stripCjk(text: string): string {
  let out = '';
  for (const ch of text) if (!isCjkCodePoint(ch.codePointAt(0) as number)) out += ch;
  return out.replace(/\s{2,}/g, ' ').trim();
}
