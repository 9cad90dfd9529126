import { normaliseServer } from './capture-logic.ts';
import { pickLanguage, say, type TextKey } from './messages.ts';
import { loadSettings, saveSettings } from './settings.ts';

// The options page: the seller's server address and personal access token.

const lang = pickLanguage(navigator.language);
document.documentElement.lang = lang;
for (const el of document.querySelectorAll<HTMLElement>('[data-text]')) {
  el.textContent = say(lang, el.dataset.text as TextKey);
}
document.title = say(lang, 'optionsTitle');

const form = document.querySelector('form')!;
const server = document.querySelector<HTMLInputElement>('#server')!;
const token = document.querySelector<HTMLInputElement>('#token')!;
const status = document.querySelector<HTMLElement>('#status')!;

void loadSettings().then((s) => {
  if (!s) return;
  server.value = s.server;
  token.value = s.token;
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const origin = normaliseServer(server.value);
  const typedToken = token.value.trim();
  status.dataset.tone = 'failure';
  if (!origin) {
    status.textContent = say(lang, 'badServer');
    return;
  }
  if (!/^rrt_[A-Za-z0-9_-]{20,}$/.test(typedToken)) {
    status.textContent = say(lang, 'badToken');
    return;
  }
  void saveSettings({ server: origin, token: typedToken }).then(() => {
    server.value = origin;
    status.dataset.tone = 'success';
    status.textContent = say(lang, 'saved');
  });
});
