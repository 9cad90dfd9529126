/** The deepest nesting a request body may have: real documents stay under 15 (a registration document's attributes). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`, found in one pass without
 * recursion (so a 10,000-deep body cannot overflow the stack before it is refused). Brackets inside
 * strings do not count; the text need not be valid JSON (the parser judges that afterwards).
 */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
