import { isSkuAnswer, pageObjectText, SKU_ANSWER_LIMIT } from './capture-logic.ts';
import { PAGE_CHANNEL, type PageAnswer, type PageRequest } from './protocol.ts';

// Runs in the 1688 offer page's own JavaScript world (manifest "world": "MAIN", document_start):
// only here are `window.context` and `window.__INIT_DATA` visible. It keeps the SKU model answers the
// page fetches itself, and answers the content script's read requests with JSON texts. It sends
// nothing anywhere else.

type PageWindow = Window & { context?: unknown; __INIT_DATA?: unknown };
const page = window as PageWindow;
const skuAnswers: string[] = [];

function keep(url: string, text: string) {
  if (skuAnswers.length < SKU_ANSWER_LIMIT && isSkuAnswer(url, text)) skuAnswers.push(text);
}

const pageFetch = window.fetch;
window.fetch = async function (this: unknown, ...args: Parameters<typeof fetch>) {
  const response = await pageFetch.apply(this, args);
  try {
    const url = response.url || String(args[0]);
    if (/mtop|sku/i.test(url)) {
      response
        .clone()
        .text()
        .then((text) => keep(url, text))
        .catch(() => {});
    }
  } catch {
    // the page's own request is never disturbed
  }
  return response;
};

const pageOpen = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
  const url = String(args[1]);
  if (/mtop|sku/i.test(url)) {
    this.addEventListener('load', () => {
      try {
        if (this.responseType === '' || this.responseType === 'text') keep(url, this.responseText);
      } catch {
        // ignore
      }
    });
  }
  return (pageOpen as (...a: unknown[]) => void).apply(this, args);
} as typeof XMLHttpRequest.prototype.open;

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window) return;
  const data = event.data as Partial<PageRequest> | null;
  if (!data || data.channel !== PAGE_CHANNEL || data.type !== 'read-request' || typeof data.id !== 'string')
    return;
  const answer: PageAnswer = {
    channel: PAGE_CHANNEL,
    type: 'read-answer',
    id: data.id,
    capture: {
      url: location.href,
      context: pageObjectText(page.context),
      initData: pageObjectText(page.__INIT_DATA),
      skuAnswers: [...skuAnswers],
    },
  };
  window.postMessage(answer, location.origin);
});
