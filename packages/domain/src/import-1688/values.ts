/** Small readers for loosely typed capture values. Pure; no floats for money. */

import { isRecord } from '../records.ts';

export type Obj = Record<string, unknown>;

export function obj(value: unknown): Obj | undefined {
  return isRecord(value) ? value : undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Follows a path of keys; undefined as soon as a step is missing. */
export function at(value: unknown, ...path: string[]): unknown {
  let cur: unknown = value;
  for (const key of path) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  times: '×',
  middot: '·',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

/** Decodes HTML entities once (`&gt;` → `>`, `&#39;` → `'`, `&#x4e2d;` → `中`); `&amp;gt;` → `&gt;`. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8});/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** A trimmed, entity-decoded, non-empty string, or undefined. Numbers become their digits. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = decodeHtmlEntities(value).trim();
  return text === '' ? undefined : text;
}

/** An id as a digit string (numbers and digit strings), or undefined. */
export function idString(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\s*\d{1,30}\s*$/.test(value)) return value.trim();
  return undefined;
}

/** A free-form id (spec ids are hex strings). */
export function anyId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** A finite number from a number or numeric string, or undefined. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A non-negative integer (counts, quantities), or undefined. */
export function count(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Yuan → integer fen, exactly, from the decimal text (never through a float multiplication).
 * "20.50" → 2050, "3.6" → 360, 5.5 → 550, "0" → 0. More than two decimals round half up
 * ("1.005" → 101). Anything unreadable or negative → undefined.
 */
export function yuanToFen(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(6);
  } else if (typeof value === 'string') {
    text = value.trim().replace(/^[¥￥]\s*/, '');
  } else {
    return undefined;
  }
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(text);
  if (!m) return undefined;
  const whole = Number(m[1]);
  const frac = m[2] ?? '';
  const cents = Number(`${frac}00`.slice(0, 2));
  const roundUp = frac.length > 2 && (frac[2] as string) >= '5' ? 1 : 0;
  return whole * 100 + cents + roundUp;
}

/** Integer fen → decimal yuan text with two decimals ("2050" → "20.50"). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Kilograms → grams, rounded to a whole gram (0.12 kg → 120 g, not 120.00000000000001). */
export function kgToG(kg: number): number {
  return Math.round(kg * 1000);
}

/** An https URL: `//host/…` and `http://` become `https://`; anything else → undefined. */
export function httpsUrl(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  const withScheme = text.startsWith('//') ? `https:${text}` : text.replace(/^http:\/\//i, 'https://');
  if (!/^https:\/\/[^\s/?#]+[^\s]*$/i.test(withScheme)) return undefined;
  return withScheme;
}

export function isAlicdn(url: string): boolean {
  const host = /^https:\/\/([^/?#:]+)/i.exec(url)?.[1]?.toLowerCase();
  return host !== undefined && (host === 'alicdn.com' || host.endsWith('.alicdn.com'));
}

export function uniq<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}
