import type { Import1688Request, Import1688Response, ImportOutcome, ImportResult } from '@rr/contracts';
import { type Language, say } from './messages.ts';

// Pure parts of the extension (no chrome.*, no DOM): what a page capture is, the request it becomes,
// and how the server's answer reads on the page. Table-tested in capture-logic.test.ts.

/** What the page script read from the offer page (MAIN world), as JSON texts. */
export type PageCapture = {
  url: string;
  /** `window.context` (PC page, older layout), JSON text. */
  context: string | null;
  /** `window.__INIT_DATA` (PC page, 2024 layout), JSON text. */
  initData: string | null;
  /** SKU model answers the page fetched itself (mtop), as their raw texts. */
  skuAnswers: string[];
};

export const SKU_ANSWER_LIMIT = 5;
/** The server takes 20 MB bodies; each capture text stays well below. */
export const CAPTURE_TEXT_LIMIT = 8_000_000;

/** The 1688 offer number of a detail page address, or null. */
export function offerIdOf(url: string): string | null {
  const match = /^https?:\/\/detail\.1688\.com\/offer\/(\d{5,20})\.html(?:[?#].*)?$/i.exec(url.trim());
  return match ? match[1]! : null;
}

/** The canonical address of an offer's detail page. */
export const offerUrl = (offerId: string) => `https://detail.1688.com/offer/${offerId}.html`;

export function hasPageData(capture: PageCapture): boolean {
  return capture.context !== null || capture.initData !== null || capture.skuAnswers.length > 0;
}

/**
 * The body of `POST /api/import1688` for one page: the same inputs a paste or an upload of the same
 * data sends (`json` for the page objects, `text` for the SKU answers as fetched).
 */
export function captureRequest(
  capture: PageCapture,
  confirmOfferIds: string[] = [],
  description: string | null = null,
): Import1688Request {
  const inputs: Import1688Request['inputs'] = [];
  if (capture.context !== null) inputs.push({ json: JSON.parse(capture.context), name: 'window.context' });
  if (capture.initData !== null)
    inputs.push({ json: JSON.parse(capture.initData), name: 'window.__INIT_DATA' });
  capture.skuAnswers.slice(0, SKU_ANSWER_LIMIT).forEach((text, i) => {
    inputs.push({ text, name: `SKU 응답 ${i + 1}` });
  });
  // The description page (`var offer_details = {content: "…"}`) the page names in `detailUrl`.
  if (description !== null) inputs.push({ text: description, name: DESCRIPTION_INPUT });
  return { inputs, confirmOfferIds };
}

/** The name of the description input (shown back by the server in its results). */
export const DESCRIPTION_INPUT = '상세 설명';
/** The host the extension may fetch descriptions from (its only host permission). */
export const DESCRIPTION_HOST = 'itemcdn.tmall.com';
/** A description page is a few KB to a few hundred KB; more than this is not read. */
export const DESCRIPTION_BYTE_LIMIT = 2_000_000;
export const DESCRIPTION_TIMEOUT_MS = 10_000;

function detailUrlsOf(text: string | null, paths: string[][]): unknown[] {
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const at = (v: unknown, path: string[]) =>
    path.reduce<unknown>(
      (cur, key) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined),
      v,
    );
  const found = paths.map((p) => at(value, p));
  // The 2024 layout keeps it in its description module: data[<id>].data.detailUrl.
  const modules = at(value, ['data']);
  if (modules && typeof modules === 'object' && !Array.isArray(modules)) {
    for (const m of Object.values(modules)) found.push(at(m, ['data', 'detailUrl']));
  }
  return found;
}

/**
 * The description page address of a capture, only when it is on the description host over https
 * (`https://itemcdn.tmall.com/1688offer/icoss…`); the mobile page's wrapper
 * (`https://air.1688.com/…?url=<that address>`) is unwrapped. Anything else: null (never fetched).
 */
export function descriptionUrlOf(capture: PageCapture): string | null {
  const candidates = [
    ...detailUrlsOf(capture.context, [
      ['result', 'global', 'globalData', 'model', 'offerDetail', 'detailUrl'],
    ]),
    ...detailUrlsOf(capture.initData, [['globalData', 'detailModel', 'detailUrl']]),
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate.length > 2_000) continue;
    let url: URL;
    try {
      url = new URL(candidate.trim().startsWith('//') ? `https:${candidate.trim()}` : candidate.trim());
    } catch {
      continue;
    }
    const inner = url.searchParams.get('url');
    if (url.hostname !== DESCRIPTION_HOST && inner) {
      try {
        url = new URL(inner.startsWith('//') ? `https:${inner}` : inner);
      } catch {
        continue;
      }
    }
    if (url.hostname !== DESCRIPTION_HOST) continue;
    if (url.protocol === 'http:') url.protocol = 'https:';
    if (url.protocol !== 'https:' || url.username || url.password || url.port) continue;
    return url.href;
  }
  return null;
}

/** The charset a Content-Type names (`text/javascript; charset=GBK` → `gbk`), or null. */
function charsetOf(contentType: string | null): string | null {
  const match = /charset\s*=\s*"?([\w-]+)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The description page's text: in the charset its Content-Type names, else UTF-8 when the bytes are
 * valid UTF-8, else GBK (1688 serves some descriptions GBK-encoded without saying so).
 */
export function decodeDescription(bytes: Uint8Array, contentType: string | null): string {
  const named = charsetOf(contentType);
  if (named) {
    try {
      return new TextDecoder(named).decode(bytes);
    } catch {
      // an unknown label: guess below
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** Whether a fetched text is a description page worth sending (`offer_details` or bare HTML). */
export function isDescriptionText(text: string): boolean {
  return /offer_details\s*=/.test(text) || /<img\b/i.test(text);
}

/**
 * Why a capture failed, when it is known. The first four are fatal to a batch: every other offer
 * would fail the same way, so the batch stops there.
 */
export type ErrorCause =
  | 'unauthorized'
  | 'unreachable'
  | 'notConfigured'
  | 'wrongServer'
  | 'tooMany'
  | 'captcha'
  | 'removed'
  | 'unreadable';

const FATAL_CAUSES: ReadonlySet<ErrorCause> = new Set([
  'unauthorized',
  'unreachable',
  'notConfigured',
  'wrongServer',
]);

/** One change a re-import would make, as the page lists it. */
export type ShownChange = { field: string; optionKey: string | null; before: unknown; after: unknown };

/** How one capture ended, as the page shows it. */
export type CaptureAnswer =
  | {
      kind: 'result';
      outcome: ImportOutcome;
      offerId: string | null;
      productId: string | null;
      registrationId: string | null;
      title: string | null;
      message: string;
      warnings: string[];
      /** Changes a re-import would apply (outcome `updateAvailable`). */
      changeCount: number;
      /** Those changes (field, before → after), at most CHANGES_SHOWN. */
      changes: ShownChange[];
    }
  | { kind: 'error'; message: string; status: number | null; cause?: ErrorCause };

export const CHANGES_SHOWN = 20;

/** A batch stops at an answer every later offer would get too (token refused, server not there). */
export function isFatal(answer: CaptureAnswer): boolean {
  return answer.kind === 'error' && answer.cause !== undefined && FATAL_CAUSES.has(answer.cause);
}

/** The most offers one batch captures (the list page says so when more are ticked). */
export const BATCH_LIMIT = 50;

/** The result that speaks for the page: the offer's own, not a side input the server set aside. */
function mainResult(results: ImportResult[]): ImportResult | undefined {
  return results.find((r) => r.outcome !== 'refused' && r.outcome !== 'needsCapture') ?? results[0];
}

/** Reads the server's answer (status and parsed body) into what the page shows. */
export function readAnswer(status: number, body: unknown, lang: Language): CaptureAnswer {
  const serverMessage =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? ((body as { message: string }).message as string)
      : null;
  if (status === 401)
    return {
      kind: 'error',
      status,
      message: serverMessage ?? say(lang, 'badTokenAnswer'),
      cause: 'unauthorized',
    };
  if (status === 429)
    return { kind: 'error', status, message: serverMessage ?? say(lang, 'tooMany'), cause: 'tooMany' };
  // A gateway's answer for a server that is down: as fatal as no answer.
  if (status >= 502 && status <= 504)
    return { kind: 'error', status, message: say(lang, 'unreachable'), cause: 'unreachable' };
  if (status >= 500) return { kind: 'error', status, message: say(lang, 'serverError') };
  // An answer without our JSON message is not our server (another site, a proxy's page).
  const success = status >= 200 && status < 300;
  if (serverMessage === null && (status === 404 || status === 405 || (success && !looksLikeOurs(body))))
    return { kind: 'error', status, message: wrongServerMessage(lang, status), cause: 'wrongServer' };
  if (status < 200 || status >= 300) {
    return { kind: 'error', status, message: serverMessage ?? `HTTP ${status}` };
  }
  const results = (body as Partial<Import1688Response> | null)?.results;
  const result = Array.isArray(results) ? mainResult(results) : undefined;
  if (!result) return { kind: 'error', status, message: say(lang, 'badAnswer') };
  const diff = result.diff;
  return {
    kind: 'result',
    outcome: result.outcome,
    offerId: result.offerId,
    productId: result.productId,
    registrationId: typeof result.registrationId === 'string' ? result.registrationId : null,
    title: result.title,
    message: result.message,
    warnings: result.warnings,
    changeCount: diff ? diff.changes.length + diff.addedOptions.length + diff.removedOptions.length : 0,
    changes: diff
      ? [
          ...diff.changes.map((c) => ({
            field: c.field,
            optionKey: c.optionKey,
            before: c.before,
            after: c.after,
          })),
          ...diff.addedOptions.map((key) => ({
            field: 'addedOption',
            optionKey: key,
            before: null,
            after: key,
          })),
          ...diff.removedOptions.map((key) => ({
            field: 'removedOption',
            optionKey: key,
            before: key,
            after: null,
          })),
        ].slice(0, CHANGES_SHOWN)
      : [],
  };
}

/** Another site at the server address; `status` 0 when it answered only without CORS (unreadable). */
export function wrongServerMessage(lang: Language, status: number | null): string {
  return status ? say(lang, 'wrongServer', { status }) : say(lang, 'wrongServerOpaque');
}

/** A JSON object answer: our server answers every /api request with one. */
function looksLikeOurs(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Array.isArray(body);
}

const FIELD_NAMES: Record<string, { ko: string; en: string }> = {
  price: { ko: '가격', en: 'Price' },
  stock: { ko: '재고', en: 'Stock' },
  skuId: { ko: 'SKU ID', en: 'SKU ID' },
  specId: { ko: '스펙 ID', en: 'Spec ID' },
  weightG: { ko: '무게(g)', en: 'Weight (g)' },
  title: { ko: '상품명', en: 'Title' },
  minOrderQuantity: { ko: '최소 주문 수량', en: 'Minimum order' },
  priceTiers: { ko: '수량별 가격', en: 'Price by quantity' },
  detailImages: { ko: '상세 이미지 수', en: 'Detail images' },
  attributes: { ko: '속성 수', en: 'Attributes' },
  addedOption: { ko: '새 옵션', en: 'New option' },
  removedOption: { ko: '사라진 옵션', en: 'Option gone' },
};

function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (field === 'price' && typeof value === 'number') return value.toFixed(2);
  if (Array.isArray(value)) {
    return value
      .map((t) =>
        t && typeof t === 'object' && 'minQuantity' in t && 'priceFen' in t
          ? `${(t as { minQuantity: number }).minQuantity}+ ${((t as { priceFen: number }).priceFen / 100).toFixed(2)}`
          : String(t),
      )
      .join(', ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One change as a line: `가격 (黑色>XL): 20.50 → 19.80`. */
export function changeLine(change: ShownChange, lang: Language): string {
  const name = FIELD_NAMES[change.field]?.[lang] ?? change.field;
  const where = change.optionKey !== null ? ` (${change.optionKey})` : '';
  if (change.field === 'addedOption' || change.field === 'removedOption') return `${name}${where}`;
  return `${name}${where}: ${shownValue(change.field, change.before)} → ${shownValue(change.field, change.after)}`;
}

/** The tone of an answer on the page. */
export function answerTone(answer: CaptureAnswer): 'success' | 'notice' | 'failure' {
  if (answer.kind === 'error') return 'failure';
  if (answer.outcome === 'created' || answer.outcome === 'updated') return 'success';
  if (answer.outcome === 'updateAvailable' || answer.outcome === 'unchanged') return 'notice';
  return 'failure';
}

export type CaptureSummary = {
  created: number;
  updated: number;
  changes: number;
  unchanged: number;
  failed: number;
};

export function summarise(answers: CaptureAnswer[]): CaptureSummary {
  const s: CaptureSummary = { created: 0, updated: 0, changes: 0, unchanged: 0, failed: 0 };
  for (const a of answers) {
    if (a.kind === 'error') s.failed++;
    else if (a.outcome === 'created') s.created++;
    else if (a.outcome === 'updated') s.updated++;
    else if (a.outcome === 'updateAvailable') s.changes++;
    else if (a.outcome === 'unchanged') s.unchanged++;
    else s.failed++;
  }
  return s;
}

/** What a connection check on the options page found. */
export type ServerCheck =
  | { ok: true; email: string | null }
  | {
      ok: false;
      cause: 'unauthorized' | 'wrongServer' | 'unreachable' | 'serverError';
      status: number | null;
    };

/**
 * Reads the answer of `GET {server}/api/import1688/check` (`status` null: no answer at all). Only our
 * server answers 200 with `{res: "success"}`; another site answers something else.
 */
export function readServerCheck(status: number | null, body: unknown): ServerCheck {
  if (status === null) return { ok: false, cause: 'unreachable', status };
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (status === 200 && record?.res === 'success')
    return { ok: true, email: typeof record.email === 'string' ? record.email : null };
  if (status === 401 && typeof record?.message === 'string')
    return { ok: false, cause: 'unauthorized', status };
  if (status >= 502 && status <= 504) return { ok: false, cause: 'unreachable', status };
  if (status >= 500 && typeof record?.message === 'string')
    return { ok: false, cause: 'serverError', status };
  return { ok: false, cause: 'wrongServer', status };
}

/** Plain http to a host other than this computer: the token would cross the network readable. */
export function isPlainHttpRemote(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  return !(
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '[::1]'
  );
}

/** What the page itself says about why it holds no offer (a captcha, a removed offer). */
export type PageSignals = {
  url: string;
  /** Which of CAPTCHA_SELECTORS are on the page. */
  captchaSelectors: string[];
  /** The page's visible text, first characters. */
  text: string;
};

/** 1688's slider captcha (阿里 nocaptcha / baxia) as it shows on a page or over it. */
export const CAPTCHA_SELECTORS = [
  '#nocaptcha',
  '#nc_1_wrapper',
  '.nc-container',
  '#baxia-dialog-content',
  '.baxia-dialog',
  'iframe[src*="punish"]',
  'iframe[src*="captcha"]',
];

export function pageBlock(signals: PageSignals): 'captcha' | 'removed' | null {
  if (signals.captchaSelectors.length > 0 || /_____tmd_____|\/punish\b|captcha/i.test(signals.url))
    return 'captcha';
  if (
    /商品已下架|已经下架|已下架|已删除|不存在|offer (?:is )?(?:not found|no longer available|removed)/i.test(
      signals.text,
    )
  )
    return 'removed';
  return null;
}

const OFFER_ID = /^\d{6,20}$/;
const OFFER_ID_PARAMS = ['offerId', 'offerid', 'offer_id', 'objectId', 'object_id', 'itemId', 'item_id'];
const OFFER_ID_ATTRIBUTES = ['data-offerid', 'data-offer-id', 'data-offerId', 'data-itemid', 'data-item-id'];

/**
 * The offer id of a link on a list, search or store page: a detail link, or a redirect or ad link
 * (`dj.1688.com/ci_bb?…`) that names the offer in a parameter (`offerId`, `object_id`, …), also
 * inside a nested, encoded target address. Ad redirects are never followed: what the link does not
 * name is not known.
 */
export function offerIdOfLink(href: string): string | null {
  const direct = offerIdOf(href);
  if (direct) return direct;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!/(^|\.)1688\.com$/i.test(url.hostname)) return null;
  for (const name of OFFER_ID_PARAMS) {
    const value = url.searchParams.get(name);
    if (value && OFFER_ID.test(value)) return value;
  }
  for (const value of url.searchParams.values()) {
    const inner = /detail\.1688\.com\/offer\/(\d{6,20})\.html/.exec(value);
    if (inner) return inner[1]!;
  }
  return null;
}

/**
 * The offer id a card carries in its own attributes (`data-offerid`, `data-offer-id`, …, or an
 * analytics attribute such as `data-aplus-report="…offerId@123…"`), or null.
 */
export function offerIdOfAttributes(attributes: Record<string, string>): string | null {
  for (const name of OFFER_ID_ATTRIBUTES) {
    const value = attributes[name.toLowerCase()]?.trim();
    if (value && OFFER_ID.test(value)) return value;
  }
  for (const value of Object.values(attributes)) {
    const named = /(?:offer_?id|object_?id)[@=:"']+(\d{6,20})\b/i.exec(value);
    if (named) return named[1]!;
  }
  return null;
}

/** A server address as typed: http(s) only, no path, query or credentials; answers its origin. */
export function normaliseServer(typed: string): string | null {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.origin;
}

/** A plain copy of page data: functions, symbols, DOM nodes and cycles left out. */
function plainCopy(value: unknown, ancestors: object[]): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { nodeType?: unknown }).nodeType === 'number') return undefined;
  // A reference back to an object being copied (a cycle) is left out; one shared twice is copied twice.
  if (ancestors.includes(value) || ancestors.length > 200) return undefined;
  ancestors.push(value);
  try {
    if (Array.isArray(value)) return value.map((v) => plainCopy(v, ancestors) ?? null);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      let v: unknown;
      try {
        v = (value as Record<string, unknown>)[key];
      } catch {
        continue; // a getter that throws
      }
      const copy = plainCopy(v, ancestors);
      if (copy !== undefined) out[key] = copy;
    }
    return out;
  } finally {
    ancestors.pop();
  }
}

/** JSON text of a page object (see plainCopy); null when there is none or it is too large. */
export function pageObjectText(value: unknown, limit = CAPTURE_TEXT_LIMIT): string | null {
  if (value === undefined || value === null || typeof value !== 'object') return null;
  let text: string;
  try {
    text = JSON.stringify(plainCopy(value, []));
  } catch {
    return null;
  }
  return text.length > limit ? null : text;
}

/** Whether a text the page fetched is a 1688 SKU model answer worth sending. */
export function isSkuAnswer(url: string, text: string): boolean {
  return /mtop|sku/i.test(url) && text.length < CAPTURE_TEXT_LIMIT && text.includes('"skuModel"');
}
