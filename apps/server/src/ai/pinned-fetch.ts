import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { isBlockedAddress } from '../images/fetch-image.ts';
import { AiError } from './ai-error.ts';
import { AI_ENDPOINT_MESSAGES, type AiEndpointPolicy, checkAiEndpoint } from './endpoint-guard.ts';

/**
 * The `fetch` a company's own AI endpoint is called with (given to the OpenAI SDK): every request
 * checks the URL (endpoint-guard rules), resolves the name once, refuses it when any address is not
 * global (unless the operator allowed the origin), and connects to exactly the address it checked
 * (the socket's lookup answers only that address: no second resolution a rebinding name could
 * change). Redirects are refused, never followed. Failures are non-retriable `AiError`s.
 */
export type PinnedFetchOptions = {
  /** Resolves a name to all its addresses (default: the system resolver). */
  lookup?: (host: string) => Promise<{ address: string; family?: number }[]>;
  /** Test hook: which addresses are refused (default: every non-global address, as the image fetcher). */
  isBlocked?: (address: string) => boolean;
};

export const AI_FETCH_MESSAGES = {
  unresolved: { ko: 'AI 서버 주소를 찾을 수 없습니다', en: 'The AI endpoint address could not be resolved' },
  redirect: {
    ko: 'AI 서버가 다른 주소로 보내려 했습니다 (리다이렉트는 허용되지 않습니다)',
    en: 'The AI endpoint answered with a redirect, which is not followed',
  },
} as const;

const blocked = () => new AiError('bad_request', AI_ENDPOINT_MESSAGES.blocked);

export function createPinnedFetch(policy: AiEndpointPolicy, opts: PinnedFetchOptions = {}): typeof fetch {
  const lookup = opts.lookup ?? ((host: string) => dns.lookup(host, { all: true }));
  const isBlocked = opts.isBlocked ?? isBlockedAddress;

  return async (input, init) => {
    const req = new Request(input, init);
    let checked: ReturnType<typeof checkAiEndpoint>;
    try {
      checked = checkAiEndpoint(req.url, policy);
    } catch (e) {
      throw new AiError('bad_request', (e as { userMessage: { ko: string; en: string } }).userMessage);
    }
    const { url, allowed } = checked;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let address: { address: string; family: number };
    if (isIP(host)) {
      if (!allowed && isBlocked(host)) throw blocked();
      address = { address: host, family: isIP(host) };
    } else {
      let all: { address: string; family?: number }[];
      try {
        all = await lookup(host);
      } catch (cause) {
        throw new AiError('network', AI_FETCH_MESSAGES.unresolved, { cause });
      }
      if (all.length === 0) throw new AiError('network', AI_FETCH_MESSAGES.unresolved);
      if (!allowed && all.some((a) => isBlocked(a.address))) throw blocked();
      const first = all[0]!;
      address = { address: first.address, family: first.family ?? isIP(first.address) };
    }
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          address,
        ]);
      return callback(null, address.address, address.family);
    };
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.byteLength);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const r = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: req.method, headers, lookup: pinned, signal: req.signal },
        resolve,
      );
      r.on('error', reject);
      r.end(body);
    });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      res.resume();
      throw new AiError('bad_request', AI_FETCH_MESSAGES.redirect);
    }
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
    }
    const empty = status === 204 || status === 205 || status === 304 || req.method === 'HEAD';
    if (empty) res.resume();
    return new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
      status,
      statusText: res.statusMessage ?? '',
      headers: out,
    });
  };
}
