import { answerTone, type CaptureAnswer, changeLine } from './capture-logic.ts';
import { type Language, say } from './messages.ts';

// The extension's elements on 1688 pages live in a closed shadow root: the page's styles leave them
// alone and the page's scripts cannot reach into them. They act only on clicks the browser marks as
// the user's own (`event.isTrusted`), so a page script calling `click()` does nothing. The panel sits
// in the top layer (a manual popover) where the browser supports it, above any overlay of the page
// (1688's captcha dialog included); else at the highest z-index.

const STYLE = `
:host { all: initial; }
:host([popover]) { position: fixed; inset: auto; margin: 0; padding: 0; border: 0; background: transparent;
  overflow: visible; width: 0; height: 0; }
.panel { position: fixed; right: 16px; top: 96px; z-index: 2147483647; width: 300px;
  font: 13px/1.45 "Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR",sans-serif; color: #1f2328;
  background: #fff; border: 1px solid #d0d7de; border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.12);
  padding: 0 12px 10px; max-height: calc(100vh - 32px); overflow: auto; box-sizing: border-box; }
.head { display: flex; align-items: center; gap: 6px; margin: 0 -12px 8px; padding: 6px 8px 6px 12px;
  background: #f6f8fa; border-bottom: 1px solid #d0d7de; border-radius: 8px 8px 0 0; cursor: move;
  user-select: none; position: sticky; top: 0; }
.head .name { flex: 1; font-weight: 700; font-size: 12px; color: #57606a; }
.head button { padding: 0 8px; font-size: 12px; line-height: 20px; }
.panel[data-minimised="true"] { width: auto; padding-bottom: 0; }
.panel[data-minimised="true"] > .body { display: none; }
.panel[data-minimised="true"] > .head { margin-bottom: 0; border-bottom: 0; border-radius: 8px; }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
button { font: inherit; cursor: pointer; border-radius: 6px; border: 1px solid #d0d7de; background: #f6f8fa;
  padding: 4px 10px; color: #1f2328; }
button.primary { background: #0969da; border-color: #0969da; color: #fff; font-weight: 700; padding: 6px 16px; }
button:disabled { opacity: .6; cursor: default; }
.status { margin-top: 8px; white-space: pre-wrap; }
.status:empty { display: none; }
.status button { display: block; margin-top: 6px; }
.status[data-tone="success"] { color: #1a7f37; }
.status[data-tone="notice"] { color: #9a6700; }
.status[data-tone="failure"] { color: #cf222e; }
.warn { margin-top: 8px; color: #9a6700; }
.warn:empty { display: none; }
ul { margin: 4px 0 0; padding-left: 18px; color: #57606a; }
ul.changes { color: #1f2328; }
li { margin-top: 4px; }
li .title { display: block; color: #1f2328; }
a { color: #0969da; }
.bar { height: 6px; background: #eaeef2; border-radius: 3px; margin-top: 8px; overflow: hidden; }
.bar > div { height: 100%; background: #0969da; width: 0; transition: width .2s; }
`;

export type Panel = { panel: HTMLDivElement; body: HTMLDivElement };

/**
 * Mounts the panel: a header (name, 접기/펼치기, drag to move) and a body for the caller's elements.
 * The host element carries `data-testid` for finding it; what is inside is reachable only through
 * the returned elements.
 */
export function mountPanel(id: string, testId: string, lang: Language): Panel {
  document.getElementById(id)?.remove();
  const host = document.createElement('div');
  host.id = id;
  host.dataset.testid = `${testId}-host`;
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.dataset.testid = testId;
  panel.dataset.minimised = 'false';

  const head = element('div', { className: 'head', testId: 'rr-panel-head' });
  head.title = say(lang, 'moveHint');
  const name = element('span', { className: 'name', text: say(lang, 'panelTitle') });
  const toggle = element('button', { text: say(lang, 'minimise'), testId: 'rr-panel-minimise' });
  head.append(name, toggle);
  const body = element('div', { className: 'body' });
  panel.append(head, body);
  root.append(style, panel);

  onTrustedClick(toggle, () => {
    const minimised = panel.dataset.minimised !== 'true';
    panel.dataset.minimised = String(minimised);
    toggle.textContent = say(lang, minimised ? 'restore' : 'minimise');
  });
  makeMovable(panel, head);

  (document.body ?? document.documentElement).append(host);
  raise(host);
  return { panel, body };
}

/** Puts the host in the top layer (above every page overlay); keeps it there when the page adds its own. */
function raise(host: HTMLElement): void {
  const popover = host as HTMLElement & { showPopover?: () => void; hidePopover?: () => void };
  if (typeof popover.showPopover !== 'function') return;
  host.setAttribute('popover', 'manual');
  const show = () => {
    try {
      // Hidden and shown again: the last shown is the topmost, above a dialog the page opened since.
      if (host.matches(':popover-open')) popover.hidePopover?.();
      popover.showPopover?.();
    } catch {
      // not connected any more
    }
  };
  show();
  let pending: ReturnType<typeof setTimeout> | undefined;
  new MutationObserver((records) => {
    if (records.every((r) => [...r.addedNodes].every((n) => n === host))) return;
    clearTimeout(pending);
    pending = setTimeout(show, 300);
  }).observe(document.body ?? document.documentElement, { childList: true });
}

/** Drag the panel by its header (the user's own pointer only); it stays inside the window. */
function makeMovable(panel: HTMLElement, handle: HTMLElement): void {
  handle.addEventListener('pointerdown', (down) => {
    if (!down.isTrusted || down.button !== 0 || (down.target as HTMLElement).closest('button')) return;
    const box = panel.getBoundingClientRect();
    const dx = down.clientX - box.left;
    const dy = down.clientY - box.top;
    handle.setPointerCapture(down.pointerId);
    const move = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      const left = Math.min(Math.max(0, event.clientX - dx), window.innerWidth - 40);
      const top = Math.min(Math.max(0, event.clientY - dy), window.innerHeight - 24);
      panel.style.left = `${left}px`;
      panel.style.top = `${top}px`;
      panel.style.right = 'auto';
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  });
}

/** Runs `action` on the user's own clicks only: a page script's `click()` or dispatched event is ignored. */
export function onTrustedClick(target: HTMLElement, action: (event: MouseEvent) => void): void {
  target.addEventListener('click', (event) => {
    if (!event.isTrusted) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    action(event);
  });
}

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { text?: string; className?: string; testId?: string } = {},
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.text !== undefined) el.textContent = props.text;
  if (props.className) el.className = props.className;
  if (props.testId) el.dataset.testid = props.testId;
  return el;
}

/** The changes of an answer with changes to apply, as a list (field, before → after). */
export function changeList(answer: CaptureAnswer, lang: Language): HTMLElement | null {
  if (answer.kind !== 'result' || answer.outcome !== 'updateAvailable' || answer.changes.length === 0)
    return null;
  const box = element('div', { testId: 'rr-changes' });
  box.append(element('div', { text: say(lang, 'changesTitle') }));
  const list = element('ul', { className: 'changes' });
  for (const change of answer.changes)
    list.append(element('li', { text: changeLine(change, lang), testId: 'rr-change' }));
  if (answer.changeCount > answer.changes.length)
    list.append(
      element('li', { text: say(lang, 'moreChanges', { n: answer.changeCount - answer.changes.length }) }),
    );
  box.append(list);
  return box;
}

/** Writes one capture answer into `status`: the message, warnings, the changes and the product link. */
export function showAnswer(
  status: HTMLElement,
  answer: CaptureAnswer,
  productUrl: string | null,
  lang: Language,
): void {
  status.replaceChildren();
  status.dataset.tone = answerTone(answer);
  status.dataset.outcome = answer.kind === 'error' ? 'error' : answer.outcome;
  status.append(element('div', { text: answer.message, testId: 'rr-capture-message' }));
  if (answer.kind === 'result' && answer.warnings.length > 0) {
    const list = element('ul', { testId: 'rr-capture-warnings' });
    for (const w of answer.warnings.slice(0, 5)) list.append(element('li', { text: w }));
    status.append(list);
  }
  const changes = changeList(answer, lang);
  if (changes) status.append(changes);
  if (productUrl) status.append(productLink(productUrl, lang, 'rr-capture-product'));
}

export function productLink(productUrl: string, lang: Language, testId: string): HTMLAnchorElement {
  const link = element('a', { text: say(lang, 'openProduct'), testId });
  link.href = productUrl;
  link.target = '_blank';
  link.rel = 'noopener';
  return link;
}
