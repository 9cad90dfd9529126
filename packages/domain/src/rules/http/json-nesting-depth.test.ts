import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonHasMoreTokensThan, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-nesting-depth.ts';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":{"b":[1]}}', 3, false],
    ['{"a":{"b":[1]}}', 2, true],
    [nested(64), 64, false],
    [nested(65), 64, true],
    [nested(10_000), 64, true],
    // brackets inside strings are text, escaped quotes do not end the string
    [`{"a":"${'['.repeat(100)}"}`, 2, false],
    [`{"a":"\\"${'{'.repeat(100)}"}`, 2, false],
    [`{"a":"\\\\",${'['.repeat(5)}`, 3, true],
    [`{"a":"\\\\\\"${'['.repeat(5)}"}`, 3, false],
    [`{"a":"x\\\\\\\\"${'['.repeat(5)}`, 3, true],
    [`["unterminated ${'['.repeat(5)}`, 3, false],
    // not JSON at all: judged by the parser afterwards
    ['not json', 1, false],
    [']]]]{', 1, false],
  ])('%s (limit %i) → %s', (text, limit, deeper) => {
    expect(jsonNestsDeeperThan(text, limit)).toBe(deeper);
  });

  it('uses the shared limit by default', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('judges every text as a character-by-character scan does (strings skipped to their closing quote)', () => {
    // The scan before strings were skipped with indexOf: the reference.
    const reference = (text: string, limit: number) => {
      let depth = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') {
          if (++depth > limit) return true;
        } else if (c === '}' || c === ']') depth--;
      }
      return false;
    };
    const text = fc
      .array(fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ','), { maxLength: 60 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 6 }), (t, limit) => {
        expect(jsonNestsDeeperThan(t, limit)).toBe(reference(t, limit));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('jsonHasMoreTokensThan (issue 21: a base64 body is parsed on the loop, a body of many values is not)', () => {
  const image = `{"imageData":"data:image/png;base64,${'QUJD'.repeat(250_000)}","filename":"a.png","type":"main"}`;
  it.each([
    ['one long string and two fields', image, 64, false],
    ['brackets, commas and colons inside strings', '{"a":"{[,:]}{[,:]}{[,:]}"}', 3, false],
    ['an escaped quote does not end the string', '{"a":"\\",,,,,,"}', 3, false],
    ['many small values', `{"imageData":"x","n":[${'1,'.repeat(1_000)}1]}`, 64, true],
    ['exactly at the limit ({ : , : })', '{"a":1,"b":2}', 5, false],
    ['one over the limit', '{"a":1,"b":2}', 4, true],
  ])('%s', (_name, text, limit, expected) => {
    expect(jsonHasMoreTokensThan(text, limit)).toBe(expected);
  });
});
