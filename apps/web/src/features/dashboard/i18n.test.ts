import { describe, expect, it } from 'vitest';
import en from './i18n.en.json';
import ko from './i18n.ko.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? entries(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('dashboard work overview i18n', () => {
  const koEntries = new Map(entries(ko));
  const enEntries = new Map(entries(en));

  it('ko and en have exactly the same keys', () => {
    expect([...enEntries.keys()].sort()).toEqual([...koEntries.keys()].sort());
  });

  it('English texts are English (no Hangul) and keep the same placeholders', () => {
    for (const [key, text] of enEntries) {
      expect(text, key).not.toMatch(/[\uAC00-\uD7A3]/);
      expect(placeholders(text), key).toEqual(placeholders(koEntries.get(key) ?? ''));
    }
  });
});
