import type { GetAdKeywordRequest, Import1688Request } from '@rr/contracts';
import type { CaptureAnswer, CaptureSummary, PageCapture } from './capture-logic.ts';

// Messages between the extension's parts.
//  page-reader (MAIN world) <-window.postMessage-> offer-content (isolated) <-runtime-> service worker
//  list-content (isolated) <-port "capture-many"-> service worker

/** window.postMessage between the page reader and the content script (same window, same page). */
export const PAGE_CHANNEL = 'rr-1688-capture';
export type PageRequest = { channel: typeof PAGE_CHANNEL; type: 'read-request'; id: string };
export type PageAnswer = {
  channel: typeof PAGE_CHANNEL;
  type: 'read-answer';
  id: string;
  capture: PageCapture;
};

/** chrome.runtime messages to the service worker. */
export type WorkerRequest =
  | { type: 'capture'; capture: PageCapture; confirmOfferIds?: string[] }
  /** `until`: the collection's end (ms since 1970): the server request is abandoned then. */
  | { type: 'keywords'; body: GetAdKeywordRequest; until: number }
  | { type: 'open-options' };

/** The service worker's answer to `keywords` (issue 42): the server's status and body, or why not sent. */
export type KeywordWorkerAnswer = { status: number | null; body: unknown; failure: string | null };

/** The connection test the service worker and the options page make (`GET /api/import1688/check`). */
export const CHECK_PATH = '/api/import1688/check';
export const CHECK_TIMEOUT_MS = 10_000;

/** The service worker's answer to `capture`: the answer and, when a product was made, its page. */
export type WorkerAnswer = { answer: CaptureAnswer; productUrl: string | null };

/** The service worker asks a tab it opened for its page data. */
export type TabRequest = { type: 'read-page' };
/** The page data when there is some; else what the page says about why not (a captcha, a removed offer). */
export type TabAnswer = { capture: PageCapture | null; block: 'captcha' | 'removed' | null };

/** The list page's port. */
export const CAPTURE_MANY_PORT = 'capture-many';
export type ListRequest =
  | { type: 'start'; offerIds: string[] }
  /** Apply the shown changes of an offer of this batch (its capture is sent again, confirmed). */
  | { type: 'apply'; offerId: string };
export type ListEvent =
  | { type: 'progress'; done: number; total: number; offerId: string }
  /** One offer's answer; `replace`: the answer of an applied update, in place of the earlier one. */
  | { type: 'item'; offerId: string; answer: CaptureAnswer; productUrl: string | null; replace?: boolean }
  | { type: 'summary'; summary: CaptureSummary; answers: CaptureAnswer[] }
  /** The batch could not start or stopped at a fatal error: one message, nothing more is opened. */
  | { type: 'error'; message: string; notConfigured?: boolean };

export type { Import1688Request };

/**
 * Whether anything answers at `origin` when a CORS request to it failed: our server answers the
 * extension with CORS, so a site that answers only an opaque (no-cors) request is another site; no
 * answer at all is a server that cannot be reached.
 */
export async function answersWithoutCors(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}${CHECK_PATH}`, {
      mode: 'no-cors',
      credentials: 'omit',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
