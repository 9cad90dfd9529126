import { CAPTCHA_SELECTORS, hasPageData, type PageSignals, pageBlock } from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';
import { element, mountPanel, onTrustedClick, showAnswer } from './page-ui.ts';
import type { TabAnswer, TabRequest, WorkerAnswer, WorkerRequest } from './protocol.ts';
import { readPage } from './read-page.ts';

// On a 1688 offer page (isolated world): the 담기 button. It reads what the page holds through the
// page reader, hands it to the service worker (which adds the description and sends it to the
// seller's server) and shows the answer. It also answers the service worker when the extension
// opened this tab to read it. Only the seller's own clicks act (see page-ui.ts).

const lang = pickLanguage(navigator.language);

function signals(): PageSignals {
  return {
    url: location.href,
    captchaSelectors: CAPTCHA_SELECTORS.filter((selector) => {
      const found = document.querySelector<HTMLElement>(selector);
      return (
        found !== null && (found.offsetWidth > 0 || found.offsetHeight > 0 || found.tagName === 'IFRAME')
      );
    }),
    text: (document.body?.innerText ?? '').slice(0, 2_000),
  };
}

chrome.runtime.onMessage.addListener((message: TabRequest, sender, respond: (a: TabAnswer) => void) => {
  if (sender.id !== chrome.runtime.id || message?.type !== 'read-page') return false;
  void readPage(2_000).then((capture) => {
    if (capture && hasPageData(capture)) respond({ capture, block: null });
    else respond({ capture: null, block: pageBlock(signals()) });
  });
  return true;
});

function send(request: WorkerRequest): Promise<WorkerAnswer> {
  return chrome.runtime.sendMessage(request);
}

const { body } = mountPanel('rr-1688-capture', 'rr-capture-panel', lang);
const row = element('div', { className: 'row' });
const button = element('button', {
  text: say(lang, 'captureButton'),
  className: 'primary',
  testId: 'rr-capture-button',
});
const notice = element('div', { className: 'warn', testId: 'rr-capture-notice' });
const status = element('div', { className: 'status', testId: 'rr-capture-status' });
row.append(button);
body.append(row, notice, status);

/** While 1688's captcha is up, 담기 waits and says why. */
function watchCaptcha(): boolean {
  const blocked = pageBlock(signals()) === 'captcha';
  notice.textContent = blocked ? say(lang, 'finishCaptcha') : '';
  if (button.dataset.busy !== 'true') button.disabled = blocked;
  return blocked;
}
let pending: ReturnType<typeof setTimeout> | undefined;
new MutationObserver(() => {
  clearTimeout(pending);
  pending = setTimeout(watchCaptcha, 300);
}).observe(document.documentElement, {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: ['style', 'class'],
});
watchCaptcha();

async function capture(confirmOfferIds: string[] = []) {
  if (watchCaptcha()) return;
  button.disabled = true;
  button.dataset.busy = 'true';
  status.replaceChildren(element('div', { text: say(lang, 'capturing') }));
  status.dataset.tone = '';
  status.dataset.outcome = 'busy';
  try {
    const page = await readPage(3_000);
    if (!page || !hasPageData(page)) {
      showAnswer(status, { kind: 'error', status: null, message: say(lang, 'noPageData') }, null, lang);
      return;
    }
    const { answer, productUrl } = await send({ type: 'capture', capture: page, confirmOfferIds });
    showAnswer(status, answer, productUrl, lang);
    if (answer.kind === 'result' && answer.outcome === 'updateAvailable' && answer.offerId) {
      const offerId = answer.offerId;
      const apply = element('button', { text: say(lang, 'applyChanges'), testId: 'rr-capture-apply' });
      onTrustedClick(apply, () => void capture([offerId]));
      status.append(apply);
    }
    if (answer.kind === 'error' && answer.cause === 'notConfigured') {
      const open = element('button', { text: say(lang, 'openOptions'), testId: 'rr-open-options' });
      onTrustedClick(open, () => void send({ type: 'open-options' }));
      status.append(open);
    }
  } catch (error) {
    showAnswer(status, { kind: 'error', status: null, message: String(error) }, null, lang);
  } finally {
    button.dataset.busy = 'false';
    button.disabled = false;
    watchCaptcha();
  }
}

onTrustedClick(button, () => void capture());
