import {
  autocompletePath,
  COLLECT_TIMEOUT_MS,
  cleanKeywords,
  keywordAnswerText,
  keywordBody,
  keywordText,
  parseAutocomplete,
  RELATED_SELECTORS,
  RELATED_WAIT_MS,
  readCollectRequest,
  readSeedCount,
} from './keyword-logic.ts';
import { pickLanguage, say } from './messages.ts';
import { element, mountPanel } from './page-ui.ts';
import type { KeywordWorkerAnswer, WorkerRequest } from './protocol.ts';

// On Coupang's search page (issue 42; the spec's getadkeyword): when the keyword screen opened this
// page for a collection (`#rr-keywords&id=…` after the URL), the related keywords the page shows and
// the autocomplete suggestions Coupang's search answers for the seed are read and handed to the
// service worker, which sends them to the seller's server with the personal access token. After 30 s
// the page says 키워드 수집 시간 초과 and nothing more is sent. A search the seller made themselves
// (no marker) is left alone.

const lang = pickLanguage(navigator.language);
const request = readCollectRequest(location.href);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The related keywords once the block is there (it renders after the results), or [] after the wait. */
async function relatedKeywords(until: number): Promise<string[]> {
  const stop = Math.min(until, Date.now() + RELATED_WAIT_MS);
  for (;;) {
    const links = document.querySelectorAll<HTMLElement>(RELATED_SELECTORS.join(','));
    if (links.length > 0)
      return cleanKeywords([...links].map((a) => keywordText(a.getAttribute('title'), a.textContent)));
    if (Date.now() >= stop) return [];
    await pause(250);
  }
}

async function autocomplete(
  seed: string,
  until: number,
): Promise<{ keyword: string; count: number | null }[]> {
  try {
    const response = await fetch(autocompletePath(seed), {
      credentials: 'include',
      headers: { Accept: 'application/json, text/javascript, */*' },
      signal: AbortSignal.timeout(Math.max(1, until - Date.now())),
    });
    if (!response.ok) return [];
    return parseAutocomplete((await response.text()).slice(0, 200_000));
  } catch {
    return []; // refused, timed out: the related keywords still go
  }
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, ms)));
}

async function collect(): Promise<void> {
  if (!request) return;
  const { body } = mountPanel('rr-coupang-keywords', 'rr-keyword-panel', lang);
  const host = document.getElementById('rr-coupang-keywords');
  const status = element('div', {
    className: 'status',
    text: say(lang, 'keywordsCollecting', { seed: request.seed }),
  });
  body.append(status);
  // What the page says, also on the host (the panel itself is in a closed shadow root).
  const show = (state: 'sent' | 'failed' | 'timeout', text: string) => {
    status.textContent = text;
    status.dataset.tone = state === 'sent' ? 'success' : 'failure';
    if (host) {
      host.dataset.state = state;
      host.dataset.message = text;
    }
  };
  const until = Date.now() + COLLECT_TIMEOUT_MS;
  const work = (async () => {
    const [related, suggested] = await Promise.all([
      request.relKeywordChecked ? relatedKeywords(until) : Promise.resolve([]),
      request.autoCompleteChecked ? autocomplete(request.seed, until) : Promise.resolve([]),
    ]);
    const seedCount = readSeedCount(document.documentElement.innerHTML.slice(0, 2_000_000));
    if (Date.now() >= until) return 'timeout' as const; // nothing is sent after the 30 s
    const message: WorkerRequest = {
      type: 'keywords',
      body: keywordBody(request, related, suggested, seedCount),
      until,
    };
    const answer: KeywordWorkerAnswer = await chrome.runtime.sendMessage(message);
    return answer;
  })();
  const done = await Promise.race([work, timeout(until - Date.now())]);
  if (done === 'timeout') {
    show('timeout', say(lang, 'keywordsTimeout'));
    return;
  }
  if (done.failure) {
    show('failed', done.failure);
    return;
  }
  const read = keywordAnswerText(done.status, done.body, say(lang, 'keywordsFailed'));
  show(read.ok ? 'sent' : 'failed', read.text);
}

void collect();
