import { SEO_KEYWORDS_MAX } from '../../constants.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { stripEmojis } from './strip-emojis.ts';

// Issue 42: sellers choose SEO keywords by what Coupang's own search suggests. A product's keywords
// collected on Coupang (the search page's related keywords, the autocomplete suggestions) come
// first in its SEO keywords; the AI's keywords fill the places left. Collected keywords take at most
// COLLECTED_KEYWORDS_MAX of the SEO_KEYWORDS_MAX places, so the AI's product-specific words keep some.

export const COLLECTED_KEYWORDS_MAX = 7;

export interface CollectedKeyword {
  keyword: string;
  source: 'related' | 'autocomplete';
  rank: number;
}

/**
 * The SEO keywords with the collected ones first: related keywords before autocomplete suggestions,
 * each by the place the page showed it; Chinese or blank ones left out; each keyword once (the AI's
 * duplicates of a collected keyword dropped); at most SEO_KEYWORDS_MAX in all. `fromCollected`: how
 * many of them came from Coupang (0: the AI's list as it was, trimmed).
 */
export function mergeCollectedKeywords(
  aiKeywords: readonly string[],
  collected: readonly CollectedKeyword[],
): { keywords: string[]; fromCollected: number } {
  const order = (k: CollectedKeyword) => (k.source === 'related' ? 0 : 1);
  const usable = [...collected]
    .sort((a, b) => order(a) - order(b) || a.rank - b.rank)
    .map((k) => stripEmojis(k.keyword).trim().replace(/\s+/g, ' '))
    .filter((k) => k !== '' && !containsCjk(k));
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const k of usable) {
    if (keywords.length >= COLLECTED_KEYWORDS_MAX) break;
    if (seen.has(k)) continue;
    seen.add(k);
    keywords.push(k);
  }
  const fromCollected = keywords.length;
  for (const raw of aiKeywords) {
    if (keywords.length >= SEO_KEYWORDS_MAX) break;
    const k = stripEmojis(raw).trim();
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    keywords.push(k);
  }
  return { keywords, fromCollected };
}
