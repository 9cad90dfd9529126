import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-nesting-depth.ts';

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
