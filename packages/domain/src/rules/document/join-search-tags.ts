import { SEARCH_TAGS_MAX_LENGTH, SEARCH_TAGS_SEPARATOR } from '../../constants.ts';
import { containsCjk } from '../text/contains-cjk.ts';

/** Splits stored search tags (a comma-joined string or a list) into trimmed keywords. */
export function splitSearchTags(tags: string | readonly string[] | null | undefined): string[] {
  const list = typeof tags === 'string' ? tags.split(',') : (tags ?? []);
  return list.map((t) => t.trim()).filter((t) => t !== '');
}

/**
 * W §5: search tags are joined by ', ' and must be at most 150 characters; trailing keywords are
 * dropped until they fit. Duplicates and keywords with Chinese characters are dropped first.
 */
export function joinSearchTags(tags: string | readonly string[] | null | undefined): string {
  const seen = new Set<string>();
  const keywords = splitSearchTags(tags).filter((t) => {
    if (containsCjk(t) || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
  while (keywords.length > 0 && keywords.join(SEARCH_TAGS_SEPARATOR).length > SEARCH_TAGS_MAX_LENGTH)
    keywords.pop();
  return keywords.join(SEARCH_TAGS_SEPARATOR);
}
