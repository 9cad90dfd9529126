/**
 * Words Coupang refuses in product names and search tags (promotional claims, marketplace and
 * delivery names) and brand names a sourced product must not borrow. Sellers extend both lists.
 */
export const DEFAULT_BANNED_WORDS: readonly string[] = [
  '최저가',
  '최고급',
  '최고',
  '1위',
  '특가',
  '할인',
  '세일',
  '무료배송',
  '당일발송',
  '당일배송',
  '로켓배송',
  '쿠팡',
  '이벤트',
  '사은품',
  '증정',
  '정품',
  '100%',
  '국내산',
  '짝퉁',
  '레플리카',
  '이미테이션',
];

export const DEFAULT_BRAND_WORDS: readonly string[] = [
  '나이키',
  '아디다스',
  '뉴발란스',
  '샤넬',
  '구찌',
  '루이비통',
  '프라다',
  '디즈니',
  '마블',
  '포켓몬',
  '산리오',
  '헬로키티',
  '레고',
  '다이슨',
  '애플',
  '아이폰',
  '삼성',
  '갤럭시',
  'nike',
  'adidas',
  'chanel',
  'gucci',
  'disney',
  'lego',
  'dyson',
  'iphone',
];

export type WordKind = 'banned' | 'brand';

/** Words of the lists found in the text (case-insensitive, each once, longest first). */
export function findListedWords(
  text: string | null | undefined,
  lists: { readonly banned: readonly string[]; readonly brand: readonly string[] },
  ownBrand = '',
): { word: string; kind: WordKind }[] {
  if (!text) return [];
  const hay = text.toLowerCase();
  const own = ownBrand.trim().toLowerCase();
  const found: { word: string; kind: WordKind }[] = [];
  const seen = new Set<string>();
  const all = [
    ...lists.banned.map((w) => ({ word: w, kind: 'banned' as const })),
    ...lists.brand.map((w) => ({ word: w, kind: 'brand' as const })),
  ].sort((a, b) => b.word.length - a.word.length);
  for (const entry of all) {
    const w = entry.word.trim().toLowerCase();
    if (!w || seen.has(w) || (entry.kind === 'brand' && own !== '' && own.includes(w))) continue;
    if (!hay.includes(w)) continue;
    // A shorter word inside a longer one already found is the same finding.
    if ([...seen].some((s) => s.includes(w))) continue;
    seen.add(w);
    found.push({ word: entry.word.trim(), kind: entry.kind });
  }
  return found;
}

/** The text without the word (case-insensitive), spaces and separators tidied. */
export function removeWord(text: string, word: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(escaped, 'gi'), ' ')
    .replace(/\s*,\s*(,\s*)+/g, ', ')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .trim();
}

/** A seller's word list entry: trimmed, 1–30 characters, no separators. */
export function normalizeListedWord(word: string): string | null {
  const w = word.trim().replace(/\s+/g, ' ');
  return w.length >= 1 && w.length <= 30 && !/[,\n]/.test(w) ? w : null;
}

/**
 * The text without any listed word (issue 20: the SEO name and keywords never carry a word the
 * pre-flight would refuse, so a finished run passes it). The seller's own brand is kept.
 */
export function removeListedWords(
  text: string,
  lists: { readonly banned: readonly string[]; readonly brand: readonly string[] },
  ownBrand = '',
): string {
  let out = text;
  for (const { word } of findListedWords(text, lists, ownBrand)) out = removeWord(out, word);
  return out;
}
