import { answerTone, offerIdOf } from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';
import { element, mountPanel } from './page-ui.ts';
import { CAPTURE_MANY_PORT, type ListEvent, type ListRequest } from './protocol.ts';

// On 1688 list, search and store pages (isolated world): a checkbox beside each offer and a panel
// that captures the ticked offers one after another. The service worker opens each offer in a tab
// of this browser, reads it like the 담기 button does, sends it and closes the tab.

const lang = pickLanguage(navigator.language);
const MARK = 'rrOffer';
const boxes = new Map<string, HTMLInputElement>();
let panel: { counter: HTMLElement; start: HTMLButtonElement } | undefined;

function scan() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href*="detail.1688.com/offer/"]')) {
    if (link.dataset[MARK] !== undefined) continue;
    const offerId = offerIdOf(link.href);
    link.dataset[MARK] = offerId ?? '';
    if (!offerId || boxes.has(offerId)) continue;
    const label = element('label', { testId: 'rr-offer-select' });
    label.style.cssText =
      'display:inline-flex;align-items:center;gap:4px;font:12px sans-serif;color:#0969da;margin:2px 4px;cursor:pointer;';
    const box = element('input');
    box.type = 'checkbox';
    box.dataset.offerId = offerId;
    box.addEventListener('change', updateCounter);
    // A click on the box must not follow the offer link around it.
    label.addEventListener('click', (event) => event.stopPropagation());
    label.append(box, document.createTextNode(say(lang, 'selectOffer')));
    link.before(label);
    boxes.set(offerId, box);
  }
  if (boxes.size > 0 && !panel) panel = buildPanel();
  updateCounter();
}

function selected(): string[] {
  return [...boxes].filter(([, box]) => box.checked).map(([id]) => id);
}

function updateCounter() {
  if (!panel) return;
  const n = selected().length;
  panel.counter.textContent = say(lang, 'selected', { n });
  panel.start.disabled = n === 0 || panel.start.dataset.running === 'true';
}

function buildPanel() {
  const { panel: root } = mountPanel('rr-1688-capture-list', 'rr-list-panel');
  const counter = element('span', { testId: 'rr-list-count' });
  const all = element('button', { text: say(lang, 'selectAll'), testId: 'rr-list-select-all' });
  const start = element('button', {
    text: say(lang, 'captureSelected'),
    className: 'primary',
    testId: 'rr-list-start',
  });
  const progress = element('div', { className: 'status', testId: 'rr-list-progress' });
  const bar = element('div', { className: 'bar' });
  const fill = element('div');
  bar.append(fill);
  bar.hidden = true;
  const items = element('ul', { testId: 'rr-list-items' });
  const summary = element('div', { className: 'status', testId: 'rr-list-summary' });
  const top = element('div', { className: 'row' });
  top.append(counter, all);
  const actions = element('div', { className: 'row' });
  actions.style.marginTop = '8px';
  actions.append(start);
  root.append(top, actions, progress, bar, items, summary);

  all.addEventListener('click', () => {
    for (const box of boxes.values()) box.checked = true;
    updateCounter();
  });
  start.addEventListener('click', () => {
    const offerIds = selected();
    if (offerIds.length === 0) return;
    start.dataset.running = 'true';
    start.disabled = true;
    items.replaceChildren();
    summary.replaceChildren();
    bar.hidden = false;
    fill.style.width = '0';
    const port = chrome.runtime.connect({ name: CAPTURE_MANY_PORT });
    const finish = () => {
      start.dataset.running = 'false';
      updateCounter();
      port.disconnect();
    };
    port.onMessage.addListener((event: ListEvent) => {
      if (event.type === 'progress') {
        progress.textContent = say(lang, 'progress', { done: event.done + 1, total: event.total });
        progress.dataset.done = String(event.done);
        fill.style.width = `${Math.round((event.done / event.total) * 100)}%`;
      } else if (event.type === 'item') {
        const item = element('li', { testId: 'rr-list-item' });
        item.dataset.offerId = event.offerId;
        item.dataset.tone = answerTone(event.answer);
        item.dataset.outcome = event.answer.kind === 'error' ? 'error' : event.answer.outcome;
        item.textContent = `${event.offerId}: ${event.answer.message}`;
        items.append(item);
        fill.style.width = `${Math.round((items.children.length / offerIds.length) * 100)}%`;
      } else if (event.type === 'summary') {
        progress.textContent = '';
        summary.textContent = say(lang, 'summary', { ...event.summary });
        summary.dataset.tone = event.summary.failed > 0 ? 'failure' : 'success';
        finish();
      } else if (event.type === 'error') {
        summary.textContent = event.message;
        summary.dataset.tone = 'failure';
        bar.hidden = true;
        finish();
      }
    });
    const request: ListRequest = { type: 'start', offerIds };
    port.postMessage(request);
  });
  return { counter, start };
}

let pending: ReturnType<typeof setTimeout> | undefined;
new MutationObserver(() => {
  clearTimeout(pending);
  pending = setTimeout(scan, 400);
}).observe(document.documentElement, { childList: true, subtree: true });
scan();
