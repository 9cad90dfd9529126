import { answerTone, type CaptureAnswer } from './capture-logic.ts';
import { type Language, say } from './messages.ts';

// The extension's elements on 1688 pages live in a shadow root, so the page's styles leave them alone.

const STYLE = `
:host { all: initial; }
.panel { position: fixed; right: 16px; top: 96px; z-index: 2147483646; width: 300px;
  font: 13px/1.45 "Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR",sans-serif; color: #1f2328;
  background: #fff; border: 1px solid #d0d7de; border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.12);
  padding: 10px 12px; }
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
ul { margin: 4px 0 0; padding-left: 18px; color: #57606a; }
a { color: #0969da; }
.title { font-weight: 700; margin-bottom: 6px; }
.bar { height: 6px; background: #eaeef2; border-radius: 3px; margin-top: 8px; overflow: hidden; }
.bar > div { height: 100%; background: #0969da; width: 0; transition: width .2s; }
`;

export function mountPanel(id: string, testId: string): { root: ShadowRoot; panel: HTMLDivElement } {
  document.getElementById(id)?.remove();
  const host = document.createElement('div');
  host.id = id;
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.dataset.testid = testId;
  root.append(style, panel);
  (document.body ?? document.documentElement).append(host);
  return { root, panel };
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

/** Writes one capture answer into `status`: the message, warnings and the product link. */
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
    const list = element('ul');
    for (const w of answer.warnings.slice(0, 5)) list.append(element('li', { text: w }));
    status.append(list);
  }
  if (productUrl) {
    const link = element('a', { text: say(lang, 'openProduct'), testId: 'rr-capture-product' });
    link.href = productUrl;
    link.target = '_blank';
    link.rel = 'noopener';
    status.append(link);
  }
}
