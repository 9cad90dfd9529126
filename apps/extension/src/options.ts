import { isPlainHttpRemote, normaliseServer, readServerCheck, wrongServerMessage } from './capture-logic.ts';
import { pickLanguage, say, type TextKey } from './messages.ts';
import { answersWithoutCors, CHECK_PATH, CHECK_TIMEOUT_MS } from './protocol.ts';
import { loadSettings, saveSettings } from './settings.ts';

// The options page: the seller's server address and personal access token. Saving tests both first
// (`GET {server}/api/import1688/check` with the token): a wrong address, a server that does not
// answer and a wrong or revoked token each get their own message, and nothing is saved until the
// check passes. Plain http to another computer is saved with a warning.

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
const warning = document.querySelector<HTMLElement>('#warning')!;
const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;

function showHttpWarning() {
  const origin = normaliseServer(server.value);
  warning.textContent = origin && isPlainHttpRemote(origin) ? say(lang, 'plainHttp') : '';
}
server.addEventListener('input', showHttpWarning);

void loadSettings().then((s) => {
  if (!s) return;
  server.value = s.server;
  token.value = s.token;
  showHttpWarning();
});

/** What the server says about this address and token. */
async function check(origin: string, typedToken: string) {
  let statusCode: number | null = null;
  let body: unknown = null;
  try {
    const response = await fetch(`${origin}${CHECK_PATH}`, {
      credentials: 'omit',
      headers: { Authorization: `Bearer ${typedToken}`, 'Accept-Language': lang },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    statusCode = response.status;
    body = await response.json().catch(() => null);
  } catch {
    // No readable answer: another site (it answers, without CORS for us) or nothing at all.
    if (await answersWithoutCors(origin)) return readServerCheck(0, null);
    statusCode = null;
  }
  return readServerCheck(statusCode, body);
}

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
  server.value = origin;
  showHttpWarning();
  status.dataset.tone = '';
  status.textContent = say(lang, 'checking');
  submit.disabled = true;
  void (async () => {
    try {
      const result = await check(origin, typedToken);
      if (!result.ok) {
        const message =
          result.cause === 'unauthorized'
            ? say(lang, 'badTokenAnswer')
            : result.cause === 'unreachable'
              ? say(lang, 'unreachable')
              : result.cause === 'serverError'
                ? say(lang, 'checkServerError')
                : wrongServerMessage(lang, result.status);
        status.dataset.tone = 'failure';
        status.dataset.cause = result.cause;
        status.textContent = say(lang, 'notSaved', { message });
        return;
      }
      await saveSettings({ server: origin, token: typedToken });
      status.dataset.tone = 'success';
      status.dataset.cause = '';
      status.textContent = say(lang, 'savedChecked', { email: result.email ?? '' });
    } finally {
      submit.disabled = false;
    }
  })();
});
