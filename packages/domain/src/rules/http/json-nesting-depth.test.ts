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
});
