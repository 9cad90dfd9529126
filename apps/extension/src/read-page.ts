import { hasPageData, type PageCapture } from './capture-logic.ts';
import { PAGE_CHANNEL, type PageAnswer, type PageRequest } from './protocol.ts';

/** Asks the page reader (MAIN world) once; null when it does not answer within `waitMs`. */
function askOnce(waitMs: number): Promise<PageCapture | null> {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<PageAnswer> | null;
      if (event.source !== window || !data || data.channel !== PAGE_CHANNEL) return;
      if (data.type !== 'read-answer' || data.id !== id || !data.capture) return;
      done(data.capture);
    };
    const timer = setTimeout(() => done(null), waitMs);
    function done(capture: PageCapture | null) {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(capture);
    }
    window.addEventListener('message', onMessage);
    const request: PageRequest = { channel: PAGE_CHANNEL, type: 'read-request', id };
    window.postMessage(request, location.origin);
  });
}

/**
 * What the offer page holds, read in the page's own world. A page still loading may set its data
 * late, so this asks again until there is data or `totalMs` passed; the last answer is returned.
 */
export async function readPage(totalMs = 10_000): Promise<PageCapture | null> {
  const until = Date.now() + totalMs;
  let last: PageCapture | null = null;
  for (;;) {
    last = (await askOnce(1_000)) ?? last;
    if ((last && hasPageData(last)) || Date.now() >= until) return last;
    await new Promise((r) => setTimeout(r, 300));
  }
}
