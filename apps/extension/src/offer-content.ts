import { hasPageData } from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';
import { element, mountPanel, showAnswer } from './page-ui.ts';
import type { TabAnswer, TabRequest, WorkerAnswer, WorkerRequest } from './protocol.ts';
import { readPage } from './read-page.ts';

// On a 1688 offer page (isolated world): the 담기 button. It reads what the page holds through the
// page reader, hands it to the service worker (which sends it to the seller's server) and shows the
// answer. It also answers the service worker when the extension opened this tab to read it.

const lang = pickLanguage(navigator.language);

chrome.runtime.onMessage.addListener((message: TabRequest, _sender, respond: (a: TabAnswer) => void) => {
  if (message?.type !== 'read-page') return false;
  void readPage().then((capture) => respond({ capture: capture && hasPageData(capture) ? capture : null }));
  return true;
});

function send(request: WorkerRequest): Promise<WorkerAnswer> {
  return chrome.runtime.sendMessage(request);
}

const { panel } = mountPanel('rr-1688-capture', 'rr-capture-panel');
const row = element('div', { className: 'row' });
const button = element('button', {
  text: say(lang, 'captureButton'),
  className: 'primary',
  testId: 'rr-capture-button',
});
const status = element('div', { className: 'status', testId: 'rr-capture-status' });
row.append(button);
panel.append(row, status);

async function capture(confirmOfferIds: string[] = []) {
  button.disabled = true;
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
      apply.addEventListener('click', () => void capture([offerId]));
      status.append(apply);
    }
    if (answer.kind === 'error' && answer.status === null && answer.message === say(lang, 'notConfigured')) {
      const open = element('button', { text: say(lang, 'openOptions'), testId: 'rr-open-options' });
      open.addEventListener('click', () => void send({ type: 'open-options' }));
      status.append(open);
    }
  } catch (error) {
    showAnswer(status, { kind: 'error', status: null, message: String(error) }, null, lang);
  } finally {
    button.disabled = false;
  }
}

button.addEventListener('click', () => void capture());
