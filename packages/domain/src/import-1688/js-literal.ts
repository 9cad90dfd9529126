/**
 * A tolerant reader for JavaScript object literals as they appear in 1688 page scripts.
 *
 * It reads data only: objects, arrays, strings ('…', "…", `…` without `${}`), numbers, true/false/null/
 * undefined. Keys may be quoted, bare identifiers or bare numbers (`{1081181309101:120}`). String escapes
 * `\uXXXX`, `\u{…}`, `\xXX` and the usual single-character escapes are decoded. Comments and trailing
 * commas are skipped. A bare identifier or member chain used as a value (`window`, `a.b`) reads as
 * `undefined`. Anything else (calls, operators, functions) is a syntax error. Nothing is evaluated:
 * no `eval`, no `Function`.
 *
 * Integers outside the safe range are returned as their digit string, so long ids keep every digit.
 */

export class JsLiteralError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} (at ${position})`);
    this.name = 'JsLiteralError';
    this.position = position;
  }
}

const MAX_DEPTH = 512;
const ID_START = /[A-Za-z_$\p{L}]/u;
const ID_PART = /[\w$\p{L}\p{N}]/u;

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty: a `__proto__` key becomes a plain property, never the prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

class Reader {
  pos: number;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  fail(message: string): never {
    throw new JsLiteralError(message, this.pos);
  }

  skipSpace(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (
        c === 32 ||
        c === 9 ||
        c === 10 ||
        c === 13 ||
        c === 0xa0 ||
        c === 0xfeff ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 11 ||
        c === 12
      ) {
        this.pos++;
      } else if (c === 47 && t.charCodeAt(this.pos + 1) === 47) {
        while (this.pos < t.length && t[this.pos] !== '\n' && t[this.pos] !== '\r') this.pos++;
      } else if (c === 47 && t.charCodeAt(this.pos + 1) === 42) {
        const end = t.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('unterminated comment');
        this.pos = end + 2;
      } else {
        return;
      }
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === undefined) this.fail('unexpected end of input');
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || c === "'" || c === '`') return this.string();
    if (c === '-' || c === '+' || c === '.' || (c >= '0' && c <= '9')) return this.number(false);
    if (ID_START.test(c)) return this.identifierValue();
    return this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.pos++; // {
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === '}') {
        this.pos++;
        return out;
      }
      let key: string;
      if (c === '"' || c === "'" || c === '`') key = this.string();
      else if (c !== undefined && ((c >= '0' && c <= '9') || c === '.')) key = String(this.number(true));
      else if (c !== undefined && ID_START.test(c)) key = this.identifier();
      else this.fail('expected a property name');
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail('expected ":"');
      this.pos++;
      setKey(out, key, this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      if (next === ',') this.pos++;
      else if (next !== '}') this.fail('expected "," or "}"');
    }
  }

  array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.pos++; // [
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return out;
      }
      out.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      if (next === ',') this.pos++;
      else if (next !== ']') this.fail('expected "," or "]"');
    }
  }

  string(): string {
    const t = this.text;
    const quote = t[this.pos];
    this.pos++;
    let out = '';
    let chunkStart = this.pos;
    for (;;) {
      const c = t[this.pos];
      if (c === undefined) this.fail('unterminated string');
      if (c === quote) {
        out += t.slice(chunkStart, this.pos);
        this.pos++;
        return out;
      }
      if (quote === '`' && c === '$' && t[this.pos + 1] === '{')
        this.fail('template substitutions are not data');
      if ((c === '\n' || c === '\r') && quote !== '`') this.fail('line break in string');
      if (c !== '\\') {
        this.pos++;
        continue;
      }
      out += t.slice(chunkStart, this.pos);
      this.pos++;
      out += this.escape();
      chunkStart = this.pos;
    }
  }

  escape(): string {
    const t = this.text;
    const c = t[this.pos];
    this.pos++;
    switch (c) {
      case undefined:
        return this.fail('unterminated escape');
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '0':
        return '\0';
      case '\r':
        if (t[this.pos] === '\n') this.pos++;
        return '';
      case '\n':
      case '\u2028':
      case '\u2029':
        return '';
      case 'x': {
        const hex = t.slice(this.pos, this.pos + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) this.fail('bad \\x escape');
        this.pos += 2;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      case 'u': {
        if (t[this.pos] === '{') {
          const end = t.indexOf('}', this.pos);
          const hex = end < 0 ? '' : t.slice(this.pos + 1, end);
          if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || Number.parseInt(hex, 16) > 0x10ffff)
            this.fail('bad \\u{} escape');
          this.pos = end + 1;
          return String.fromCodePoint(Number.parseInt(hex, 16));
        }
        const hex = t.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        this.pos += 4;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      default:
        return c;
    }
  }

  number(asKey: boolean): number | string {
    const t = this.text;
    const start = this.pos;
    let sign = '';
    if (t[this.pos] === '-' || t[this.pos] === '+') {
      if (asKey) this.fail('signed property name');
      sign = t[this.pos] === '-' ? '-' : '';
      this.pos++;
      this.skipSpace();
    }
    const rest = t.slice(this.pos, this.pos + 400);
    const hex = /^0[xX][0-9a-fA-F]+/.exec(rest);
    if (hex) {
      this.pos += hex[0].length;
      const n = Number(hex[0]);
      return asKey ? String(n) : sign === '-' ? -n : n;
    }
    const dec = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
    if (!dec) {
      if (/^Infinity/.test(rest)) {
        this.pos += 8;
        return asKey ? this.fail('bad property name') : (null as unknown as number);
      }
      this.pos = start;
      return this.fail('bad number');
    }
    this.pos += dec[0].length;
    const raw = dec[0];
    const n = Number(raw);
    if (/^\d+$/.test(raw) && !Number.isSafeInteger(n)) {
      // Long integer: keep every digit (ids), never a rounded float.
      const digits = raw.replace(/^0+(?=\d)/, '');
      return asKey ? digits : `${sign}${digits}`;
    }
    if (asKey) return String(n);
    return sign === '-' ? -n : n;
  }

  identifier(): string {
    const t = this.text;
    const start = this.pos;
    while (this.pos < t.length && ID_PART.test(t[this.pos] as string)) this.pos++;
    return t.slice(start, this.pos);
  }

  identifierValue(): unknown {
    const name = this.identifier();
    switch (name) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
        return null;
      case 'undefined':
      case 'NaN':
      case 'Infinity':
        return name === 'undefined' ? undefined : null;
      case 'function':
      case 'new':
        return this.fail(`"${name}" is code, not data`);
    }
    // A reference such as `window` or `a.b.c`: not data, reads as undefined.
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '.') break;
      this.pos++;
      this.skipSpace();
      if (!ID_START.test(this.text[this.pos] ?? '')) this.fail('bad member name');
      this.identifier();
    }
    this.skipSpace();
    if (this.text[this.pos] === '(') this.fail('function calls are code, not data');
    return undefined;
  }
}

/** Reads one literal value starting at `start` (leading space and comments allowed). */
export function readJsLiteral(text: string, start = 0): { value: unknown; end: number } {
  const reader = new Reader(text, start);
  const value = reader.value(0);
  return { value, end: reader.pos };
}

/** Reads a whole text that must hold exactly one literal (an optional `;` after it). */
export function parseJsLiteral(text: string): unknown {
  const reader = new Reader(text, 0);
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.text[reader.pos] === ';') {
    reader.pos++;
    reader.skipSpace();
  }
  if (reader.pos < text.length) reader.fail('unexpected text after the value');
  return value;
}

/**
 * From an opening bracket at `open`, finds the index just past its matching closing bracket, skipping
 * strings, template literals, comments and (heuristically) regular-expression literals.
 */
export function skipBalanced(text: string, open: number): number {
  let depth = 0;
  let lastSignificant = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new JsLiteralError('unterminated comment', i);
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw new JsLiteralError('unterminated string', i);
      i = j;
      lastSignificant = c;
      continue;
    }
    if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant))) {
      // regular-expression literal
      let j = i + 1;
      let inClass = false;
      while (j < text.length) {
        const d = text[j];
        if (d === '\\') j++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        else if (d === '\n') throw new JsLiteralError('unterminated regular expression', i);
        j++;
      }
      i = j;
      lastSignificant = 'x';
      continue;
    }
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
    if (!/\s/.test(c)) lastSignificant = c;
  }
  throw new JsLiteralError('unbalanced brackets', open);
}
