import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

/** The routes the browser extension calls cross-origin (with a personal access token; issue 42: keywords). */
const CAPTURE_PATHS = new Set(['/api/import1688', '/api/import1688/check', '/api/getadkeyword']);

/**
 * CORS for the browser extension only: the capture route answers cross-origin requests (and their
 * preflight) from the configured extension origins, without credentials (the extension sends a
 * Bearer token, never the seller's cookie). Any other origin or route gets no CORS headers, so a web
 * page cannot read the API, and its preflight is answered 404.
 */
export function extensionCors(origins: readonly string[]): FastifyCorsOptions {
  const allowed = new Set(origins);
  return {
    delegator: (request: FastifyRequest, callback) => {
      const origin = request.headers.origin;
      const path = request.url.split('?')[0] ?? '';
      if (origin === undefined || !allowed.has(origin) || !CAPTURE_PATHS.has(path)) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin,
        methods: ['GET', 'POST'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
        credentials: false,
        maxAge: 600,
      });
    },
  };
}
