import { describe, expect, it } from 'vitest';
import categoriesEn from '../categories/i18n.en.json';
import categoriesKo from '../categories/i18n.ko.json';
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

describe.each([
  ['exports', ko, en],
  ['categories', categoriesKo, categoriesEn],
])('%s i18n', (_name, koText, enText) => {
  const k = new Map(entries(koText));
  const e = new Map(entries(enText));
  it('ko and en have the same keys and placeholders', () => {
    expect([...e.keys()].sort()).toEqual([...k.keys()].sort());
    for (const [key, text] of e) expect(placeholders(text), key).toEqual(placeholders(k.get(key) ?? ''));
  });
});
