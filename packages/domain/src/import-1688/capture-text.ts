import { isRecord } from '../records.ts';
import { JsLiteralError, parseJsLiteral, readJsLiteral, skipBalanced } from './js-literal.ts';

/**
 * The largest pasted text one capture may be, in characters: the largest real 1688 page capture we
 * have is ~244 KB (reference/1688_offer_597090034012_pc_init_data.json); this leaves 8× headroom.
 */
export const MAX_CAPTURE_CHARS = 2_000_000;
/** All pasted texts of one import together. */
export const MAX_CAPTURES_CHARS = 8_000_000;
/**
 * How many `window.context =` (etc.) assignments are tried per pattern before giving up. A real page
 * has one; each failed try may scan to the end of the text, so without a cap a text repeating the
 * assignment costs quadratic time (108 KB of `window.context=(function(){` took 5.5 s).
 */
const MAX_ASSIGNMENT_TRIES = 8;

/** What a pasted text turned out to hold. */
export type CaptureText =
  | { kind: 'data'; value: unknown }
  | { kind: 'description-page'; html: string }
  | { kind: 'link'; text: string }
  | { kind: 'unreadable'; error: string };

const ASSIGNMENTS: { pattern: RegExp; description?: true }[] = [
  { pattern: /window\s*\.\s*context\s*=\s*/g },
  { pattern: /window\s*\.\s*__INIT_DATA\s*=\s*/g },
  { pattern: /window\s*\.\s*__GLOBAL_DATA\s*=\s*/g },
  { pattern: /var\s+offer_details\s*=\s*/g, description: true },
];

/**
 * Reads the call arguments after a function expression at `from` (`(function(a,b){…})(x, {…})`,
 * `(function(a,b){…}(x, {…}))` or `((a,b)=>{…})(x, {…})`) and returns the object argument: the second
 * one when it is an object, else the last object.
 */
function readIifeObject(text: string, from: number): unknown {
  const bodyOpen = text.indexOf('{', from);
  if (bodyOpen < 0) throw new JsLiteralError('function body not found', from);
  let i = skipBalanced(text, bodyOpen);
  while (i < text.length && /[\s)]/.test(text[i] as string)) i++;
  if (text[i] !== '(') throw new JsLiteralError('expected the call arguments', i);
  i++;
  const args: unknown[] = [];
  let argumentError: string | undefined;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
    if (text[i] === ')') break;
    const end = argumentEnd(text, i);
    // An argument that is not data (`window.context || {}`, a call) reads as undefined.
    let value: unknown;
    try {
      value = parseJsLiteral(text.slice(i, end));
    } catch (error) {
      value = undefined;
      if (/^\s*[{[]/.test(text.slice(i, end))) argumentError = (error as Error).message;
    }
    args.push(value);
    i = end;
    if (text[i] === ',') i++;
    else if (text[i] !== ')') throw new JsLiteralError('expected "," or ")"', i);
  }
  if (isRecord(args[1])) return args[1];
  const objects = args.filter(isRecord);
  if (objects.length === 0) {
    if (argumentError) throw new Error(`the object argument is not readable: ${argumentError}`);
    throw new JsLiteralError('no object argument in the call', from);
  }
  return objects[objects.length - 1];
}

/** The index of the `,` or `)` that ends the call argument starting at `from`. */
function argumentEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ',' || c === ')') return i;
    if (c === '{' || c === '[' || c === '(') {
      i = skipBalanced(text, i);
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    i++;
  }
  throw new JsLiteralError('unterminated call arguments', from);
}

function readAssigned(text: string, at: number): unknown {
  let i = at;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  if (text[i] === '{' || text[i] === '[' || text[i] === '"' || text[i] === "'")
    return readJsLiteral(text, i).value;
  if (text[i] === '(' || text.startsWith('function', i)) return readIifeObject(text, i);
  throw new JsLiteralError('the assigned value is neither an object nor a function call', i);
}

/**
 * Turns pasted text into data without evaluating it: plain JSON, a bare JS object literal, a page
 * script (`window.context = (function(a,b){…})(x, {…});`, `window.__INIT_DATA = {…}`) or a whole
 * HTML page holding such a script; the description page (`var offer_details = {content: "…"}`) is
 * recognised separately.
 */
export function readCaptureText(input: string): CaptureText {
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') return { kind: 'unreadable', error: 'empty' };
  if (/^(?:https?:\/\/\S+|[\w.-]*1688\.com\/\S*|\d{6,20}(?:\.html)?)$/i.test(text))
    return { kind: 'link', text };
  if (text[0] === '{' || text[0] === '[') {
    // The tolerant reader is a superset of JSON and keeps long integer ids digit-exact.
    try {
      return { kind: 'data', value: parseJsLiteral(text) };
    } catch (error) {
      return { kind: 'unreadable', error: (error as Error).message };
    }
  }
  let lastError = 'no window.context, __INIT_DATA or offer_details assignment found';
  for (const { pattern, description } of ASSIGNMENTS) {
    pattern.lastIndex = 0;
    let tries = 0;
    for (let match = pattern.exec(text); match && tries < MAX_ASSIGNMENT_TRIES; match = pattern.exec(text)) {
      tries++;
      try {
        const value = readAssigned(text, match.index + match[0].length);
        if (description) {
          const content = (value as { content?: unknown } | null)?.content;
          if (typeof content === 'string') return { kind: 'description-page', html: content };
          continue;
        }
        return { kind: 'data', value };
      } catch (error) {
        lastError = (error as Error).message;
      }
    }
  }
  if (/<img\b/i.test(text) && !/<script\b/i.test(text)) return { kind: 'description-page', html: text };
  return { kind: 'unreadable', error: lastError };
}
