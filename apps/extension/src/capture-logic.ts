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
export function captureRequest(capture: PageCapture, confirmOfferIds: string[] = []): Import1688Request {
  const inputs: Import1688Request['inputs'] = [];
  if (capture.context !== null) inputs.push({ json: JSON.parse(capture.context), name: 'window.context' });
  if (capture.initData !== null)
    inputs.push({ json: JSON.parse(capture.initData), name: 'window.__INIT_DATA' });
  capture.skuAnswers.slice(0, SKU_ANSWER_LIMIT).forEach((text, i) => {
    inputs.push({ text, name: `SKU 응답 ${i + 1}` });
  });
  return { inputs, confirmOfferIds };
}

/** How one capture ended, as the page shows it. */
export type CaptureAnswer =
  | {
      kind: 'result';
      outcome: ImportOutcome;
      offerId: string | null;
      productId: string | null;
      title: string | null;
      message: string;
      warnings: string[];
      /** Changes a re-import would apply (outcome `updateAvailable`). */
      changeCount: number;
    }
  | { kind: 'error'; message: string; status: number | null };

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
  if (status >= 500) return { kind: 'error', status, message: say(lang, 'serverError') };
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
    title: result.title,
    message: result.message,
    warnings: result.warnings,
    changeCount: diff ? diff.changes.length + diff.addedOptions.length + diff.removedOptions.length : 0,
  };
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
