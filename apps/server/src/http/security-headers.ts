import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * Security headers for every answer (helmet): a Content-Security-Policy for the web app
 * (scripts and connections only from the app's own origin, no framing, no plugins), no Referer
 * (a reset link's token must never reach an image host), nosniff, and HSTS in production.
 * Product images come from 1688's CDNs over http(s), so images may load from anywhere; styles allow
 * inline (the UI library writes its CSS variables into a <style> element).
 */
export function securityHeaders(config: Pick<Config, 'production' | 'publicUrl'>): HelmetOptions {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Our public image files (/files/…) are shown by other sites (Coupang's screens, exports).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity:
      config.production && https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

export type SecurityHeaders = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * The middleware that sets them, built once: @fastify/helmet built it again for each request (its
 * directives parsed each time), ≈ 35 µs of the request loop per request, which a flood of refused
 * requests multiplied. Also used by the answers given before Fastify (refused-addresses.ts).
 */
export function buildSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  return helmet(options);
}

/** Sets the headers on every answer from an onRequest hook. */
export function installSecurityHeaders(app: FastifyInstance, apply: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
