import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

// A large answer (a 9 MB saveItems echo, getlist of large documents, update's product) written to its
// socket in one call held the request loop for the whole copy: the UTF-8 encoding of the string and
// the kernel's copy of every byte into the connection, tens of milliseconds for 9 MB under load, while
// every other company's request waited (issue 21). Answers past LARGE_ANSWER_BYTES are written as a
// stream of ANSWER_PIECE_BYTES pieces, each encoded only when the socket takes it, so the loop
// answers others between two pieces and a slow client holds only memory, never the loop.

export const LARGE_ANSWER_BYTES = 256 * 1024;
export const ANSWER_PIECE_BYTES = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The answer's UTF-8 bytes in pieces of at most `piece` bytes (a Buffer: views of it; a string:
 * `piece / 3` characters at a time, never splitting a surrogate pair, so each piece is at most
 * `piece` bytes and the pieces together are exactly `Buffer.from(text)`). `piece` is at least 6.
 */
export function* answerPieces(payload: string | Uint8Array, piece = ANSWER_PIECE_BYTES): Generator<Buffer> {
  if (typeof payload !== 'string') {
    for (let at = 0; at < payload.byteLength; at += piece)
      yield Buffer.from(payload.buffer, payload.byteOffset + at, Math.min(piece, payload.byteLength - at));
    return;
  }
  const chars = Math.floor(Math.max(6, piece) / 3);
  let at = 0;
  while (at < payload.length) {
    let end = Math.min(payload.length, at + chars);
    if (end < payload.length && isHighSurrogate(payload.charCodeAt(end - 1))) end--;
    yield Buffer.from(payload.slice(at, end), 'utf8');
    at = end;
  }
}

/** Several parts of one answer (saveItems' texts), each in pieces as above. */
export function* partsInPieces(parts: readonly Uint8Array[], piece = ANSWER_PIECE_BYTES): Generator<Buffer> {
  for (const part of parts) yield* answerPieces(part, piece);
}

/** Every answer of `app` past LARGE_ANSWER_BYTES goes out in pieces, with its Content-Length. */
export function installLargeAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload === 'string') {
      // a string of n UTF-16 units is at most 3n bytes; most answers are decided without counting
      if (payload.length * 3 <= LARGE_ANSWER_BYTES) return payload;
      const bytes = Buffer.byteLength(payload, 'utf8');
      if (bytes <= LARGE_ANSWER_BYTES) return payload;
      reply.header('content-length', bytes);
      return Readable.from(answerPieces(payload), { objectMode: false });
    }
    if (payload instanceof Uint8Array && payload.byteLength > LARGE_ANSWER_BYTES) {
      reply.header('content-length', payload.byteLength);
      return Readable.from(answerPieces(payload), { objectMode: false });
    }
    return payload;
  });
}
