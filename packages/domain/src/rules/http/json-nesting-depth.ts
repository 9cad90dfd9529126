/** The deepest nesting a request body may have: real documents stay under 15 (a registration document's attributes). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`, found in one pass without
 * recursion (so a 10,000-deep body cannot overflow the stack before it is refused). Brackets inside
 * strings do not count; the text need not be valid JSON (the parser judges that afterwards). A
 * string is skipped with `indexOf` to its closing quote rather than character by character: a 9 MB
 * document is mostly strings, and the scan runs before the body is parsed (issue 21).
 */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = closingQuote(text, i);
      if (end < 0) return false; // an unterminated string: nothing after it nests
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether a JSON text has more than `limit` structural characters (`{ } [ ] , :`) outside its
 * strings: a body that is one long string (an image as base64) has a handful and costs JSON.parse
 * little more than a copy, while a body of many small values costs a parse per value. Stops at the
 * first character over the limit, so a hostile body is judged after `limit` of them; strings are
 * skipped with `indexOf` as in the depth scan.
 */
export function jsonHasMoreTokensThan(text: string, limit: number): boolean {
  let tokens = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = closingQuote(text, i);
      if (end < 0) return false;
      i = end;
    } else if (c === 0x7b || c === 0x5b || c === 0x7d || c === 0x5d || c === 0x2c || c === 0x3a) {
      tokens++;
      if (tokens > limit) return true;
    }
  }
  return false;
}

/** The index of the quote that ends the string opened at `open`: one not escaped by an odd run of backslashes. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return -1;
    let backslashes = 0;
    while (q - 1 - backslashes > open && text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q;
    from = q + 1;
  }
}
