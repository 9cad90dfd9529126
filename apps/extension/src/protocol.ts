import type { Import1688Request } from '@rr/contracts';
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
  | { type: 'open-options' };

/** The service worker's answer to `capture`: the answer and, when a product was made, its page. */
export type WorkerAnswer = { answer: CaptureAnswer; productUrl: string | null };

/** The service worker asks a tab it opened for its page data. */
export type TabRequest = { type: 'read-page' };
export type TabAnswer = { capture: PageCapture | null };

/** The list page's port. */
export const CAPTURE_MANY_PORT = 'capture-many';
export type ListRequest = { type: 'start'; offerIds: string[] };
export type ListEvent =
  | { type: 'progress'; done: number; total: number; offerId: string }
  | { type: 'item'; offerId: string; answer: CaptureAnswer; productUrl: string | null }
  | { type: 'summary'; summary: CaptureSummary; answers: CaptureAnswer[] }
  | { type: 'error'; message: string };

export type { Import1688Request };
