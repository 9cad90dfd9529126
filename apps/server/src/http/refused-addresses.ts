import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { ERROR_MESSAGES } from '../errors/app-error.ts';
import { mayCarryLargeBody } from './unauthenticated-bodies.ts';

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The addresses the per-address limit has refused until its window ends, and their answer.
 *
 * An address over its limit sends requests that cost nothing but the refusal; through Fastify each
 * still cost its request object, routing, the instance hooks, the error handler and the serializer,
 * about 0.1–0.2 ms of the request loop, and a burst of 40 at once held another company's request
 * behind it for 8–15 ms (docs/benchmarks.md). Once the limit has refused an address, its next /api
 * requests are answered here, before Fastify: the same 429 (status, Korean or English message,
 * Retry-After, the limit headers and the security headers), a fraction of the work.
 */
export type RefusedAddresses = {
  /** The limit refused `address`; its window ends at `untilMs`. */
  remember(address: string, untilMs: number): void;
  /** Answers 429 when the request's address is refused now and it is for /api; true when it did. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Addresses refused now (the entries whose window ended are dropped as they are met). */
  size(): number;
};

/** The client's address as Fastify's `request.ip` reads it with the same `trustProxy`. */
export function clientAddress(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trust =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'function'
        ? trustProxy
        : proxyAddr.compile(trustProxy);
  return (req) => proxyAddr(req, trust);
}

const LANG_COOKIE = /(?:^|;\s*)lang=(en|ko)(?:;|$)/;

/** The language of `localize` (request-language.ts), read from the raw headers. */
function rawLanguage(req: IncomingMessage): 'ko' | 'en' {
  const cookie = req.headers.cookie;
  const fromCookie = cookie ? LANG_COOKIE.exec(cookie)?.[1] : undefined;
  if (fromCookie === 'en' || fromCookie === 'ko') return fromCookie;
  return /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'ko';
}

function body(language: 'ko' | 'en'): Buffer {
  const text = ERROR_MESSAGES.tooManyRequests[language];
  return Buffer.from(JSON.stringify({ code: 'too_many_requests', message: text, error: text }));
}

export function createRefusedAddresses(options: {
  /** The limit's `max`, sent as x-ratelimit-limit as the plugin sends it. */
  max: number;
  clientAddress: (req: IncomingMessage) => string;
  /** The security headers' middleware (built once, security-headers.ts). */
  securityHeaders: Middleware;
  /** Bounds the entries kept (an attacker with many addresses); beyond it the oldest is dropped. */
  maxEntries?: number;
  now?: () => number;
}): RefusedAddresses {
  const { max, securityHeaders } = options;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const until = new Map<string, number>();
  const bodies = { ko: body('ko'), en: body('en') };
  const noop = () => {};

  return {
    remember(address, untilMs) {
      until.delete(address);
      until.set(address, untilMs);
      if (until.size > maxEntries) until.delete(until.keys().next().value!);
    },
    answer(req, res) {
      if (until.size === 0) return false;
      const url = req.url ?? '';
      if (!url.startsWith('/api/')) return false;
      const address = options.clientAddress(req);
      const end = until.get(address);
      if (end === undefined) return false;
      const left = end - now();
      if (left <= 0) {
        until.delete(address);
        return false;
      }
      const seconds = String(Math.ceil(left / 1000));
      const payload = bodies[rawLanguage(req)];
      securityHeaders(req, res, noop);
      // A large body still to come (past 1 MB, or chunked) is not read at all: the connection closes
      // with the answer (issue 39); a small one is dropped with keep-alive intact.
      const large = mayCarryLargeBody(req);
      res.writeHead(429, {
        ...(large ? { connection: 'close' } : {}),
        'content-type': 'application/json; charset=utf-8',
        'content-length': payload.length,
        'x-ratelimit-limit': String(max),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': seconds,
        'retry-after': seconds,
      });
      res.end(payload);
      // The body of a refused POST is not parsed: drop it with the connection's keep-alive intact.
      if (!large) req.resume();
      return true;
    },
    size() {
      return until.size;
    },
  };
}

/**
 * Fastify's HTTP server (its `serverFactory`) answering refused addresses before Fastify, with
 * Fastify's own defaults for the server's timeouts.
 */
export function refusingServer(
  refused: RefusedAddresses,
): (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server {
  return (handler) => {
    const server = createServer((req, res) => {
      if (!refused.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = 72_000;
    server.requestTimeout = 0;
    server.setTimeout(0);
    return server;
  };
}
