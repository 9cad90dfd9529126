import {
  BATCH_LIMIT,
  type CaptureAnswer,
  captureRequest,
  DESCRIPTION_BYTE_LIMIT,
  DESCRIPTION_TIMEOUT_MS,
  decodeDescription,
  descriptionUrlOf,
  type ErrorCause,
  isDescriptionText,
  isFatal,
  offerUrl,
  type PageCapture,
  readAnswer,
  readServerCheck,
  summarise,
  wrongServerMessage,
} from './capture-logic.ts';
import { pickLanguage, say, type TextKey } from './messages.ts';
import {
  answersWithoutCors,
  CAPTURE_MANY_PORT,
  CHECK_PATH,
  CHECK_TIMEOUT_MS,
  type KeywordWorkerAnswer,
  type ListEvent,
  type ListRequest,
  type TabAnswer,
  type WorkerAnswer,
  type WorkerRequest,
} from './protocol.ts';
import { loadSettings, type Settings } from './settings.ts';

// The extension's service worker: the only part that talks to the seller's server
// (`POST {server}/api/import1688` with the personal access token), and the one that opens, reads
// and closes offer tabs for a list page. From 1688 it fetches one thing itself: the offer's
// description page (`detailUrl`, on itemcdn.tmall.com, its only host permission), which the offer
// page loads separately; the offer pages are the seller's own browser tabs.

const lang = pickLanguage(navigator.language);
/** An offer tab that holds no offer data after this long fails (with its cause) and stays open. */
const TAB_READ_MS = 15_000;

const failure = (message: string, status: number | null = null, cause?: ErrorCause): WorkerAnswer => ({
  answer: cause ? { kind: 'error', status, message, cause } : { kind: 'error', status, message },
  productUrl: null,
});
const failWith = (key: TextKey, cause: ErrorCause) => failure(say(lang, key), null, cause);

/**
 * The offer's description page (`var offer_details = {content: "…"}`), read within the time and
 * size limits and decoded (GBK or UTF-8); null when it cannot be had (the import then says so).
 */
async function fetchDescription(capture: PageCapture): Promise<string | null> {
  const url = descriptionUrlOf(capture);
  if (!url) return null;
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      signal: AbortSignal.timeout(DESCRIPTION_TIMEOUT_MS),
    });
    if (!response.ok || !response.body) return null;
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > DESCRIPTION_BYTE_LIMIT) return null;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > DESCRIPTION_BYTE_LIMIT) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    const text = decodeDescription(bytes, response.headers.get('content-type'));
    return isDescriptionText(text) ? text : null;
  } catch {
    return null; // timed out, refused, offline
  }
}

async function postCapture(
  settings: Settings | null,
  capture: PageCapture,
  confirmOfferIds: string[] = [],
): Promise<WorkerAnswer> {
  if (!settings) return failWith('notConfigured', 'notConfigured');
  const description = await fetchDescription(capture);
  let response: Response;
  try {
    response = await fetch(`${settings.server}/api/import1688`, {
      method: 'POST',
      credentials: 'omit',
      headers: {
        Authorization: `Bearer ${settings.token}`,
        'Content-Type': 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(captureRequest(capture, confirmOfferIds, description)),
    });
  } catch {
    if (await answersWithoutCors(settings.server))
      return failure(wrongServerMessage(lang, 0), null, 'wrongServer');
    return failWith('unreachable', 'unreachable');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const answer = readAnswer(response.status, body, lang);
  const productUrl =
    answer.kind === 'result' && answer.productId
      ? `${settings.server}/AIRocketReg?product=${encodeURIComponent(answer.productId)}`
      : null;
  return { answer, productUrl };
}

/** The connection test before a batch: answers the fatal failure, or null when the token may capture. */
async function checkServer(settings: Settings): Promise<CaptureAnswer | null> {
  let status: number | null = null;
  let body: unknown = null;
  try {
    const response = await fetch(`${settings.server}${CHECK_PATH}`, {
      credentials: 'omit',
      headers: { Authorization: `Bearer ${settings.token}`, 'Accept-Language': lang },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch {
    status = (await answersWithoutCors(settings.server)) ? 0 : null;
  }
  const check = readServerCheck(status, body);
  if (check.ok) return null;
  if (check.cause === 'unreachable') return failWith('unreachable', 'unreachable').answer;
  if (check.cause === 'serverError') return null; // the captures will say what the server says
  // 401 (token) and another site: the import route would answer the same; read it as the import does.
  const answer = readAnswer(status ?? 0, body, lang);
  return isFatal(answer) ? answer : failure(wrongServerMessage(lang, status), status, 'wrongServer').answer;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the offer content script in `tabId` for the page data, until it is there, the page says why not, or time runs out. */
async function readTab(tabId: number, until: number): Promise<TabAnswer> {
  let last: TabAnswer = { capture: null, block: null };
  while (Date.now() < until) {
    try {
      const answer = (await chrome.tabs.sendMessage(tabId, { type: 'read-page' })) as TabAnswer | undefined;
      if (answer?.capture) return answer;
      if (answer?.block === 'captcha') return answer;
      if (answer) last = answer;
    } catch {
      // the page or its content script is not there yet
    }
    await pause(500);
  }
  return last;
}

/**
 * Opens the offer in a background tab of the seller's browser, reads it, sends it and closes the tab.
 * A page that cannot be read (a captcha, a removed offer, no data within 15 s) fails with its cause
 * and its tab stays open, so the seller can see it (and solve the captcha).
 */
async function captureInTab(
  settings: Settings,
  offerId: string,
): Promise<{ result: WorkerAnswer; capture: PageCapture | null }> {
  const until = Date.now() + TAB_READ_MS;
  let tabId: number | undefined;
  try {
    const tab = await chrome.tabs.create({ url: offerUrl(offerId), active: false });
    tabId = tab.id;
    if (tabId === undefined) return { result: failWith('tabFailed', 'unreadable'), capture: null };
    const read = await readTab(tabId, until);
    if (!read.capture) {
      const cause = read.block ?? 'unreadable';
      return { result: failWith(cause, cause), capture: null };
    }
    const result = await postCapture(settings, read.capture);
    await chrome.tabs.remove(tabId).catch(() => {});
    return { result, capture: read.capture };
  } catch {
    return { result: failWith('tabFailed', 'unreadable'), capture: null };
  }
}

/**
 * Issue 42: the keywords read on Coupang's search go to `POST {server}/api/getadkeyword` with the
 * personal access token (scope `keywords`); abandoned at the collection's end (`until`, 30 s).
 */
async function postKeywords(
  settings: Settings | null,
  body: unknown,
  until: number,
): Promise<KeywordWorkerAnswer> {
  if (!settings) return { status: null, body: null, failure: say(lang, 'notConfigured') };
  let response: Response;
  try {
    response = await fetch(`${settings.server}/api/getadkeyword`, {
      method: 'POST',
      credentials: 'omit',
      headers: {
        Authorization: `Bearer ${settings.token}`,
        'Content-Type': 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(Math.max(1, until - Date.now())),
    });
  } catch {
    if (Date.now() >= until) return { status: null, body: null, failure: say(lang, 'keywordsTimeout') };
    if (await answersWithoutCors(settings.server))
      return { status: 0, body: null, failure: wrongServerMessage(lang, 0) };
    return { status: null, body: null, failure: say(lang, 'unreachable') };
  }
  return { status: response.status, body: await response.json().catch(() => null), failure: null };
}

chrome.runtime.onMessage.addListener((message: WorkerRequest, sender, respond) => {
  // Only the extension's own content scripts and pages talk to it.
  if (sender.id !== chrome.runtime.id) return false;
  if (message?.type === 'keywords') {
    void loadSettings()
      .then((settings) => postKeywords(settings, message.body, message.until))
      .then(respond);
    return true;
  }
  if (message?.type === 'capture') {
    void loadSettings()
      .then((settings) => postCapture(settings, message.capture, message.confirmOfferIds ?? []))
      .then(respond);
    return true;
  }
  if (message?.type === 'open-options') {
    void chrome.runtime.openOptionsPage();
  }
  return false;
});

chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== CAPTURE_MANY_PORT || port.sender?.id !== chrome.runtime.id) return;
  let open = true;
  let running = false;
  /** This batch's captures, for 업데이트 on an offer with changes (at most BATCH_LIMIT). */
  const captures = new Map<string, PageCapture>();
  port.onDisconnect.addListener(() => {
    open = false;
  });
  const post = (event: ListEvent) => {
    if (open) port.postMessage(event);
  };
  port.onMessage.addListener((message: ListRequest) => {
    if (message?.type === 'apply' && typeof message.offerId === 'string') {
      const capture = captures.get(message.offerId);
      if (!capture) return;
      void (async () => {
        const { answer, productUrl } = await postCapture(await loadSettings(), capture, [message.offerId]);
        post({ type: 'item', offerId: message.offerId, answer, productUrl, replace: true });
      })();
      return;
    }
    if (message?.type !== 'start' || !Array.isArray(message.offerIds) || running) return;
    running = true;
    void (async () => {
      try {
        const settings = await loadSettings();
        if (!settings) {
          post({ type: 'error', message: say(lang, 'notConfigured'), notConfigured: true });
          return;
        }
        // Before any tab is opened: a revoked token or a server that is not there stops the batch here.
        const refused = await checkServer(settings);
        if (refused && refused.kind === 'error') {
          post({ type: 'error', message: refused.message });
          return;
        }
        const offerIds = [...new Set(message.offerIds)]
          .filter((id) => typeof id === 'string' && /^\d{5,20}$/.test(id))
          .slice(0, BATCH_LIMIT);
        const answers: CaptureAnswer[] = [];
        for (const [i, offerId] of offerIds.entries()) {
          if (!open) return; // the list page was closed: stop opening tabs
          post({ type: 'progress', done: i, total: offerIds.length, offerId });
          const { result, capture } = await captureInTab(settings, offerId);
          if (capture) captures.set(offerId, capture);
          answers.push(result.answer);
          post({ type: 'item', offerId, answer: result.answer, productUrl: result.productUrl });
          if (isFatal(result.answer)) {
            // Every later offer would fail the same way: one message, no more tabs.
            const left = offerIds.length - i - 1;
            post({
              type: 'error',
              message: say(lang, 'batchStopped', { message: result.answer.message, n: left }),
            });
            return;
          }
        }
        post({ type: 'summary', summary: summarise(answers), answers });
      } finally {
        running = false;
      }
    })();
  });
});

chrome.action.onClicked.addListener(() => {
  void chrome.runtime.openOptionsPage();
});
