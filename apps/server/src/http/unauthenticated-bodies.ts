import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { HTTP_MESSAGES as M } from './http-messages.ts';
import type { RefusalHolds } from './refusal-holds.ts';

/**
 * The largest body a request without a valid session or access token may send (issue 39): sign-in,
 * sign-up, a password reset and an unlock are a few hundred bytes; 16 KB leaves room for long names
 * and addresses and nothing else. Every other route refuses such a request with 401 in its onRequest
 * (route-screens.ts) before its body is read.
 */
export const UNAUTHENTICATED_BODY_LIMIT = 16 * 1024;

const tooLarge = () => new AppError('body_too_large', 'too_large', M.unauthenticatedBodyTooLarge);

/**
 * The rest of a refused body up to this size is read and dropped (Node does so after the answer), so
 * the client reads its 401/413 on a connection kept open, as a browser whose session ended while it
 * saved a product does; past it, or without a declared length, the connection is closed with the
 * answer and nothing more is read (a client still sending may then see the connection reset).
 */
export const DRAINED_BODY_LIMIT = 1024 * 1024;

/** Whether a refused request may still send more than `limit` bytes (declared past it, or chunked). */
export function mayCarryLargeBody(
  request: Pick<FastifyRequest, 'headers'> | IncomingMessage,
  limit = DRAINED_BODY_LIMIT,
): boolean {
  const declared = request.headers['content-length'];
  if (declared === undefined) return request.headers['transfer-encoding'] !== undefined;
  return !(Number(declared) <= limit);
}

/**
 * Holds the body of a request that carries no session to UNAUTHENTICATED_BODY_LIMIT before any parser
 * reads it: a declared Content-Length past it is answered 413 at once (nothing parsed), a chunked body
 * is cut off with 413 as soon as it passes it. Before this, a 19 MB body without a cookie was read and
 * parsed on the request loop (the parsers' work pool is for signed-in companies) and another
 * company's requests waited seconds behind it. Past DRAINED_BODY_LIMIT the refusal closes the
 * connection, so the rest of the body is not read either. Runs as an instance preParsing hook:
 * after the session and token lookups (onRequest), for every route and for unknown paths.
 */
export function installUnauthenticatedBodyLimit(
  app: FastifyInstance,
  holds: RefusalHolds,
  limit = UNAUTHENTICATED_BODY_LIMIT,
): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.session) return payload;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      if (mayCarryLargeBody(request)) {
        reply.header('connection', 'close');
        // An address that keeps doing it waits for its answer, its body unread (refusal-holds.ts).
        await holds.refuse(request.ip);
      }
      throw tooLarge();
    }
    // A declared length: the HTTP parser reads no more than it. Neither a length nor chunks: no body.
    if (Number.isFinite(declared) || request.headers['transfer-encoding'] === undefined) return payload;
    return capped(payload, limit, () => reply.header('connection', 'close'));
  });
}

/** The payload as a stream that fails with 413 once more than `limit` bytes came through. */
function capped(payload: NodeJS.ReadableStream, limit: number, onCut: () => void) {
  let seen = 0;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        onCut();
        callback(Object.assign(tooLarge(), { statusCode: 413 }));
        return;
      }
      callback(null, chunk);
    },
  });
  payload.on('error', (error) => cut.destroy(error));
  return payload.pipe(cut);
}
