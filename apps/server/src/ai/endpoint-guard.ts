import { isIP } from 'node:net';
import { AppError } from '../errors/app-error.ts';
import { isBlockedAddress } from '../images/fetch-image.ts';

/**
 * A company's own OpenAI-compatible base URL (settings) is an address the server will POST to, so it
 * gets the image fetcher's address rules: https only, no credentials in the URL, no private,
 * loopback, link-local, metadata or other non-global address, neither written as a literal nor
 * behind a name (checked when saved and again before every request, as a name may change what it
 * points at: ai/pinned-fetch.ts resolves it once per request and connects to the address it
 * checked, redirects refused). The operator may allow origins (`AI_ENDPOINT_ALLOWLIST`, e.g. a local Ollama at
 * `http://127.0.0.1:11434`) and plain http (`AI_ENDPOINT_ALLOW_HTTP=true`). Operator settings
 * (`OPENAI_BASE_URL`, `GEMINI_BASE_URL`) are trusted and not checked.
 */
export type AiEndpointPolicy = {
  /** Origins (`scheme://host:port`) allowed as they are, private or not. */
  allowedOrigins: readonly string[];
  allowHttp: boolean;
};

export const AI_ENDPOINT_MESSAGES = {
  invalid: {
    ko: 'AI 서버 주소가 올바르지 않습니다 (https 주소만 가능)',
    en: 'The AI endpoint address is not valid (https only)',
  },
  blocked: {
    ko: '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
    en: 'This AI endpoint address is not allowed (internal or private addresses)',
  },
} as const;

const invalid = () => new AppError('ai_endpoint_invalid', 'invalid', AI_ENDPOINT_MESSAGES.invalid);
const blocked = () => new AppError('ai_endpoint_blocked', 'invalid', AI_ENDPOINT_MESSAGES.blocked);

function originOf(u: URL): string {
  return `${u.protocol}//${u.host}`;
}

/** Checks what can be seen without DNS; answers the parsed URL and whether the operator allowed it. */
export function checkAiEndpoint(raw: string, policy: AiEndpointPolicy): { url: URL; allowed: boolean } {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw invalid();
  }
  const allowed = policy.allowedOrigins.includes(originOf(u));
  if (allowed) return { url: u, allowed };
  if (u.protocol !== 'https:' && !(policy.allowHttp && u.protocol === 'http:')) throw invalid();
  if (u.username || u.password) throw invalid();
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host)) throw blocked();
  if (
    !isIP(host) &&
    (/(^|\.)(localhost|internal|local|localdomain|home\.arpa)\.?$/i.test(host) || !host.includes('.'))
  )
    throw blocked();
  return { url: u, allowed };
}
