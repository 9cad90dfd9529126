import {
  answerTone,
  BATCH_LIMIT,
  type CaptureAnswer,
  offerIdOfAttributes,
  offerIdOfLink,
} from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';
import { changeList, element, mountPanel, onTrustedClick, productLink } from './page-ui.ts';
import { CAPTURE_MANY_PORT, type ListEvent, type ListRequest } from './protocol.ts';

// On 1688 list, search and store pages (isolated world): a checkbox beside each offer card and a
// panel that captures the ticked offers one after another. A card is found by its link: a detail
// link, or a redirect / ad link (`dj.1688.com/ci_bb?…`) whose offer id is in its parameters or in the
// card's own attributes; ad redirects are never followed. The service worker opens each offer in a
// tab of this browser, reads it like the 담기 button does, sends it and closes the tab.
// What is ticked counts only when the seller ticked it (trusted events): a page script that sets
// `checked` or clicks a box changes nothing.

const lang = pickLanguage(navigator.language);
const MARK = 'rrOffer';
/** How far up from a link a card's own attributes are looked for. */
const CARD_DEPTH = 6;
const boxes = new Map<string, HTMLInputElement>();
const chosen = new Set<string>();
let panel: ReturnType<typeof buildPanel> | undefined;

function attributesOf(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attr of el.attributes) {
    if (attr.name.startsWith('data-') && attr.value.length < 4_000) out[attr.name.toLowerCase()] = attr.value;
  }
  return out;
}

/** The offer a link stands for: from the link itself, else from its card's attributes. */
function offerIdNear(link: HTMLAnchorElement): string | null {
  const fromLink = offerIdOfLink(link.href);
  if (fromLink) return fromLink;
  if (!/(^|\.)1688\.com$/i.test(link.hostname)) return null;
  let el: Element | null = link;
  for (let depth = 0; el && el !== document.body && depth <= CARD_DEPTH; depth++, el = el.parentElement) {
    const id = offerIdOfAttributes(attributesOf(el));
    if (id) return id;
  }
  return null;
}

function scan() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (link.dataset[MARK] !== undefined) continue;
    const offerId = offerIdNear(link);
    link.dataset[MARK] = offerId ?? '';
    if (!offerId || boxes.has(offerId)) continue;
    const label = element('label', { testId: 'rr-offer-select' });
    label.dataset.offerId = offerId;
    label.style.cssText =
      'display:inline-flex;align-items:center;gap:4px;font:12px sans-serif;color:#0969da;margin:2px 4px;cursor:pointer;position:relative;z-index:1;';
    const box = element('input');
    box.type = 'checkbox';
    box.dataset.offerId = offerId;
    box.addEventListener('click', (event) => {
      // A click on the box must not follow the offer link around it; a script's click does nothing.
      event.stopPropagation();
      if (!event.isTrusted) {
        event.preventDefault();
        return;
      }
      // the box's own state after the seller's click
      queueMicrotask(() => {
        if (box.checked) chosen.add(offerId);
        else chosen.delete(offerId);
        updateCounter();
      });
    });
    label.addEventListener('click', (event) => event.stopPropagation());
    label.append(box, document.createTextNode(say(lang, 'selectOffer')));
    link.before(label);
    boxes.set(offerId, box);
  }
  if (boxes.size > 0 && !panel) panel = buildPanel();
  updateCounter();
}

/** The ticked offers: those the seller ticked and that are still ticked. */
function selected(): string[] {
  return [...boxes].filter(([id, box]) => chosen.has(id) && box.checked).map(([id]) => id);
}

function updateCounter() {
  if (!panel) return;
  const n = selected().length;
  panel.counter.textContent = say(lang, 'selected', { n });
  panel.limit.textContent = n > BATCH_LIMIT ? say(lang, 'batchLimit', { max: BATCH_LIMIT }) : '';
  panel.start.disabled = n === 0 || panel.start.dataset.running === 'true';
}

/** One offer's line in the results: title, registration id, 상품 열기, and 업데이트 with its changes. */
function itemLine(
  offerId: string,
  answer: CaptureAnswer,
  productUrl: string | null,
  apply: (offerId: string) => void,
) {
  const item = element('li', { testId: 'rr-list-item' });
  item.dataset.offerId = offerId;
  item.dataset.tone = answerTone(answer);
  item.dataset.outcome = answer.kind === 'error' ? 'error' : answer.outcome;
  const title = answer.kind === 'result' && answer.title ? answer.title : offerId;
  item.append(element('span', { className: 'title', text: title, testId: 'rr-list-item-title' }));
  if (answer.kind === 'result' && answer.registrationId)
    item.append(
      element('span', { text: `${say(lang, 'registrationId', { id: answer.registrationId })} · ` }),
    );
  item.append(element('span', { text: `${offerId}: ${answer.message}`, testId: 'rr-list-item-message' }));
  if (productUrl) {
    item.append(document.createTextNode(' '));
    item.append(productLink(productUrl, lang, 'rr-list-item-product'));
  }
  const changes = changeList(answer, lang);
  if (changes) {
    item.append(changes);
    const button = element('button', { text: say(lang, 'applyChanges'), testId: 'rr-list-item-apply' });
    onTrustedClick(button, () => {
      button.disabled = true;
      apply(offerId);
    });
    item.append(button);
  }
  return item;
}

function buildPanel() {
  const { body } = mountPanel('rr-1688-capture-list', 'rr-list-panel', lang);
  const counter = element('span', { testId: 'rr-list-count' });
  const all = element('button', { text: say(lang, 'selectAll'), testId: 'rr-list-select-all' });
  const start = element('button', {
    text: say(lang, 'captureSelected'),
    className: 'primary',
    testId: 'rr-list-start',
  });
  const limit = element('div', { className: 'warn', testId: 'rr-list-limit' });
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
  body.append(top, limit, actions, progress, bar, items, summary);

  onTrustedClick(all, () => {
    for (const [id, box] of boxes) {
      box.checked = true;
      chosen.add(id);
    }
    updateCounter();
  });
  onTrustedClick(start, () => {
    const offerIds = selected().slice(0, BATCH_LIMIT);
    if (offerIds.length === 0) return;
    start.dataset.running = 'true';
    start.disabled = true;
    items.replaceChildren();
    summary.replaceChildren();
    summary.dataset.tone = '';
    progress.textContent = '';
    bar.hidden = false;
    fill.style.width = '0';
    const port = chrome.runtime.connect({ name: CAPTURE_MANY_PORT });
    const apply = (offerId: string) => port.postMessage({ type: 'apply', offerId } satisfies ListRequest);
    const finish = () => {
      start.dataset.running = 'false';
      updateCounter();
    };
    port.onDisconnect.addListener(finish);
    port.onMessage.addListener((event: ListEvent) => {
      if (event.type === 'progress') {
        progress.textContent = say(lang, 'progress', { done: event.done + 1, total: event.total });
        progress.dataset.done = String(event.done);
        fill.style.width = `${Math.round((event.done / event.total) * 100)}%`;
      } else if (event.type === 'item') {
        const line = itemLine(event.offerId, event.answer, event.productUrl, apply);
        const earlier = [...items.children].find(
          (li) => li instanceof HTMLElement && li.dataset.offerId === event.offerId,
        );
        if (event.replace && earlier) earlier.replaceWith(line);
        else items.append(line);
        fill.style.width = `${Math.round((items.children.length / offerIds.length) * 100)}%`;
      } else if (event.type === 'summary') {
        progress.textContent = '';
        summary.textContent = say(lang, 'summary', { ...event.summary });
        summary.dataset.tone = event.summary.failed > 0 ? 'failure' : 'success';
        finish();
      } else if (event.type === 'error') {
        progress.textContent = '';
        summary.replaceChildren(element('div', { text: event.message, testId: 'rr-list-error' }));
        summary.dataset.tone = 'failure';
        if (event.notConfigured) {
          const open = element('button', { text: say(lang, 'openOptions'), testId: 'rr-open-options' });
          onTrustedClick(open, () => void chrome.runtime.sendMessage({ type: 'open-options' }));
          summary.append(open);
        }
        bar.hidden = true;
        finish();
      }
    });
    const request: ListRequest = { type: 'start', offerIds };
    port.postMessage(request);
  });
  return { counter, start, limit };
}

let pending: ReturnType<typeof setTimeout> | undefined;
new MutationObserver(() => {
  clearTimeout(pending);
  pending = setTimeout(scan, 400);
}).observe(document.documentElement, { childList: true, subtree: true });
scan();
