import {
  type CaptureAnswer,
  captureRequest,
  offerUrl,
  type PageCapture,
  readAnswer,
  summarise,
} from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';
import {
  CAPTURE_MANY_PORT,
  type ListEvent,
  type ListRequest,
  type TabAnswer,
  type WorkerAnswer,
  type WorkerRequest,
} from './protocol.ts';
import { loadSettings } from './settings.ts';

// The extension's service worker: the only part that talks to the seller's server
// (`POST {server}/api/import1688` with the personal access token), and the one that opens, reads
// and closes offer tabs for a list page. It never contacts 1688 itself: the tabs it opens are the
// seller's own browser showing the page.

const lang = pickLanguage(navigator.language);
const TAB_READ_MS = 45_000;

const failure = (message: string, status: number | null = null): WorkerAnswer => ({
  answer: { kind: 'error', status, message },
  productUrl: null,
});

async function postCapture(capture: PageCapture, confirmOfferIds: string[] = []): Promise<WorkerAnswer> {
  const settings = await loadSettings();
  if (!settings) return failure(say(lang, 'notConfigured'));
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
      body: JSON.stringify(captureRequest(capture, confirmOfferIds)),
    });
  } catch {
    return failure(say(lang, 'unreachable'));
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

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the offer content script in `tabId` for the page data, until it is there or time runs out. */
async function readTab(tabId: number): Promise<PageCapture | null> {
  const until = Date.now() + TAB_READ_MS;
  while (Date.now() < until) {
    try {
      const answer = (await chrome.tabs.sendMessage(tabId, { type: 'read-page' })) as TabAnswer | undefined;
      if (answer?.capture) return answer.capture;
    } catch {
      // the page or its content script is not there yet
    }
    await pause(500);
  }
  return null;
}

/** Opens the offer in a background tab of the seller's browser, reads it, sends it, closes the tab. */
async function captureInTab(offerId: string): Promise<WorkerAnswer> {
  let tabId: number | undefined;
  try {
    const tab = await chrome.tabs.create({ url: offerUrl(offerId), active: false });
    tabId = tab.id;
    if (tabId === undefined) return failure(say(lang, 'tabFailed'));
    const capture = await readTab(tabId);
    if (!capture) return failure(say(lang, 'tabFailed'));
    return await postCapture(capture);
  } catch {
    return failure(say(lang, 'tabFailed'));
  } finally {
    if (tabId !== undefined) await chrome.tabs.remove(tabId).catch(() => {});
  }
}

chrome.runtime.onMessage.addListener((message: WorkerRequest, _sender, respond) => {
  if (message?.type === 'capture') {
    void postCapture(message.capture, message.confirmOfferIds ?? []).then(respond);
    return true;
  }
  if (message?.type === 'open-options') {
    void chrome.runtime.openOptionsPage();
  }
  return false;
});

chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== CAPTURE_MANY_PORT) return;
  let open = true;
  port.onDisconnect.addListener(() => {
    open = false;
  });
  const post = (event: ListEvent) => {
    if (open) port.postMessage(event);
  };
  port.onMessage.addListener((message: ListRequest) => {
    if (message?.type !== 'start' || !Array.isArray(message.offerIds)) return;
    void (async () => {
      if (!(await loadSettings())) {
        post({ type: 'error', message: say(lang, 'notConfigured') });
        return;
      }
      const offerIds = [...new Set(message.offerIds)].filter((id) => /^\d{5,20}$/.test(id));
      const answers: CaptureAnswer[] = [];
      for (const [i, offerId] of offerIds.entries()) {
        if (!open) return; // the list page was closed: stop opening tabs
        post({ type: 'progress', done: i, total: offerIds.length, offerId });
        const { answer, productUrl } = await captureInTab(offerId);
        answers.push(answer);
        post({ type: 'item', offerId, answer, productUrl });
      }
      post({ type: 'summary', summary: summarise(answers), answers });
    })();
  });
});

chrome.action.onClicked.addListener(() => {
  void chrome.runtime.openOptionsPage();
});
