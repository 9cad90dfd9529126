import { containsCjk, isCjkCodePoint, stripCjk } from './contains-cjk.ts';
import { REPLACEMENT_TABLE } from './replacement-table.ts';
import { convertChineseUnits } from './unit-table.ts';

interface CompiledTable {
  byFirst: Map<string, Array<readonly [string[], string]>>;
}

const cache = new WeakMap<ReadonlyMap<string, string>, CompiledTable>();

function compile(table: ReadonlyMap<string, string>): CompiledTable {
  const cached = cache.get(table);
  if (cached) return cached;
  const byFirst = new Map<string, Array<readonly [string[], string]>>();
  for (const [source, target] of table) {
    const chars = Array.from(source);
    const first = chars[0];
    if (first === undefined) continue;
    const list = byFirst.get(first);
    if (list) list.push([chars, target] as const);
    else byFirst.set(first, [[chars, target] as const]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);
  const compiled = { byFirst };
  cache.set(table, compiled);
  return compiled;
}

const isCjkChar = (ch: string | undefined) => !!ch && isCjkCodePoint(ch.codePointAt(0) as number);
const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch) && !isCjkChar(ch);

/**
 * Replaces table words in the text, longest match first, left to right (the table is indexed by
 * first character, each list longest first). Replacements next to other words — also next to
 * Chinese left untranslated, which the caller may strip — are separated by a space so `红色纯棉T恤`
 * reads `빨간색 순면 티셔츠`; a word right after a number stays attached (`3个` → `3개`).
 */
export function applyReplacementTable(
  text: string,
  table: ReadonlyMap<string, string> = REPLACEMENT_TABLE,
): string {
  const { byFirst } = compile(table);
  const chars = Array.from(text);
  let out = '';
  let previousWasReplacement = false;
  let i = 0;
  while (i < chars.length) {
    const candidates = byFirst.get(chars[i] as string) ?? [];
    const match = candidates.find(([source]) => source.every((c, k) => chars[i + k] === c));
    if (!match) {
      const ch = chars[i] as string;
      if (previousWasReplacement && (isWordChar(ch) || isCjkChar(ch)) && !out.endsWith(' ')) out += ' ';
      out += ch;
      previousWasReplacement = false;
      i += 1;
      continue;
    }
    const [source, target] = match;
    const last = out.at(-1);
    const afterNumber = !!last && /\d/.test(last);
    const separate = previousWasReplacement || isWordChar(last) || isCjkChar(last);
    if (target.trim() !== '' && !afterNumber && separate && last !== ' ') out += ' ';
    out += target;
    previousWasReplacement = target.trim() !== '';
    i += source.length;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * W §8 Recoveries: local Chinese/Japanese → Korean fallback — units converted, table words replaced
 * (longest first), and any CJK character left over removed.
 */
export function replaceCjkWithKorean(text: string): string {
  const replaced = applyReplacementTable(convertChineseUnits(text));
  return containsCjk(replaced) ? stripCjk(replaced) : replaced;
}
