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

/** What the table could translate exactly, and the phrases it could not (kept as written in `text`). */
export type ExactTranslation = { text: string; untranslated: string[] };

type Match = { start: number; end: number };

/** The table's matches, longest first, left to right (as applyReplacementTable finds them). */
function findMatches(chars: readonly string[], table: ReadonlyMap<string, string>): Match[] {
  const { byFirst } = compile(table);
  const out: Match[] = [];
  let i = 0;
  while (i < chars.length) {
    const match = (byFirst.get(chars[i] as string) ?? []).find(([source]) =>
      source.every((c, k) => chars[i + k] === c),
    );
    if (match) {
      out.push({ start: i, end: i + match[0].length });
      i += match[0].length;
    } else i += 1;
  }
  return out;
}

/**
 * W §8 Recoveries, exact terms only: table words are replaced only where the table knows the whole
 * word. A stretch of Chinese the table does not know stays as written and is reported, together
 * with the one-character table words glued to it (锅 "pot" in 锅铲 "spatula" is part of an unknown
 * word, not a pot): `硅胶锅铲套装` → `실리콘 锅铲 세트`, untranslated `锅铲`.
 */
export function translateExactly(
  text: string,
  table: ReadonlyMap<string, string> = REPLACEMENT_TABLE,
): ExactTranslation {
  const chars = Array.from(convertChineseUnits(text));
  const matches = findMatches(chars, table);
  const covered = new Array<Match | undefined>(chars.length);
  for (const m of matches) for (let k = m.start; k < m.end; k++) covered[k] = m;
  const unknown = chars.map((ch, k) => !covered[k] && isCjkChar(ch));
  // One-character table words next to an unknown stretch belong to it.
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of matches) {
      if (m.end - m.start !== 1 || unknown[m.start] || !isCjkChar(chars[m.start])) continue;
      if (unknown[m.start - 1] || unknown[m.end]) {
        unknown[m.start] = true;
        changed = true;
      }
    }
  }
  let out = '';
  const untranslated: string[] = [];
  let i = 0;
  while (i < chars.length) {
    let j = i;
    while (j < chars.length && unknown[j] === unknown[i]) j++;
    const piece = chars.slice(i, j).join('');
    if (unknown[i]) {
      untranslated.push(piece);
      const last = out.at(-1);
      out +=
        (last && last !== ' ' && (isWordChar(last) || /[\p{Script=Hangul}]/u.test(last)) ? ' ' : '') + piece;
    } else {
      const translated = applyReplacementTable(piece, table);
      const last = out.at(-1);
      const first = translated[0];
      const needsSpace =
        !!last && last !== ' ' && !!first && !/^\s/.test(piece) && isCjkChar(last) && isWordChar(first);
      out +=
        (needsSpace ? ' ' : '') +
        (/^\s/.test(piece) && out ? ' ' : '') +
        translated +
        (/\s$/.test(piece) ? ' ' : '');
    }
    i = j;
  }
  return { text: out.replace(/ {2,}/g, ' ').trim(), untranslated: [...new Set(untranslated)] };
}

/**
 * W §8 Recoveries: local Chinese/Japanese → Korean fallback — units converted, table words replaced
 * where the table knows the whole word (translateExactly), and the Chinese it does not know removed:
 * never a known word swapped in for an unknown one.
 */
export function replaceCjkWithKorean(text: string): string {
  const { text: replaced } = translateExactly(text);
  return containsCjk(replaced) ? stripCjk(replaced) : replaced;
}
