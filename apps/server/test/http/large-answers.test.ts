import { Readable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerPieces,
  installLargeAnswers,
  LARGE_ANSWER_BYTES,
  partsInPieces,
} from '../../src/http/large-answers.ts';

// Issue 21: a large answer is written in pieces, so the request loop never copies a whole 9 MB answer
// into its socket in one go while other companies' requests wait.

describe('answerPieces', () => {
  it('gives exactly the text’s UTF-8 bytes, in pieces of at most the size, each valid UTF-8 on its own', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.integer({ min: 6, max: 40 }),
        (text, size) => {
          const pieces = [...answerPieces(text, size)];
          expect(Buffer.concat(pieces).equals(Buffer.from(text, 'utf8'))).toBe(true);
          for (const piece of pieces) {
            expect(piece.byteLength).toBeLessThanOrEqual(size);
            expect(piece.byteLength).toBeGreaterThan(0);
          }
          // a piece never ends inside a character: decoding piece by piece gives the text back
          expect(pieces.map((p) => p.toString('utf8')).join('')).toBe(
            Buffer.from(text, 'utf8').toString('utf8'),
          );
        },
      ),
    );
  });

  it('keeps a pair of surrogates (an emoji) whole at a piece boundary', () => {
    // 4 characters a piece at size 12: the emoji's two halves fall at characters 3 and 4
    const pieces = [...answerPieces('가나다😀라', 12)].map((p) => p.toString('utf8'));
    expect(pieces.join('')).toBe('가나다😀라');
    expect(pieces.some((p) => p.includes('\uFFFD'))).toBe(false);
  });

  it('splits buffers into views and several parts in order', () => {
    const a = Buffer.from('a'.repeat(10));
    const b = Buffer.from('한글'.repeat(5));
    const pieces = [...partsInPieces([a, b], 4)];
    expect(Buffer.concat(pieces).toString()).toBe(`${'a'.repeat(10)}${'한글'.repeat(5)}`);
    expect(pieces.every((p) => p.byteLength <= 4)).toBe(true);
    expect(pieces[0]!.buffer).toBe(a.buffer); // a view, not a copy
  });
});

describe('installLargeAnswers', async () => {
  const app = Fastify();
  installLargeAnswers(app);
  const streamed: boolean[] = [];
  app.addHook('onSend', async (_request, _reply, payload) => {
    streamed.push(payload instanceof Readable);
    return payload;
  });
  const large = { name: '큰 상품 😀', memo: '가'.repeat(LARGE_ANSWER_BYTES) };
  app.get('/large', async () => large);
  app.get('/small', async () => ({ ok: '작은 답' }));
  app.get('/bytes', async (_request, reply) =>
    reply.type('application/octet-stream').send(Buffer.alloc(LARGE_ANSWER_BYTES + 1, 7)),
  );
  await app.ready();
  afterAll(() => app.close());

  it('streams a large JSON answer with its exact length and leaves a small one as it was', async () => {
    streamed.length = 0;
    const big = await app.inject({ method: 'GET', url: '/large' });
    expect(big.json()).toEqual(large);
    expect(Number(big.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(large)));
    const small = await app.inject({ method: 'GET', url: '/small' });
    expect(small.json()).toEqual({ ok: '작은 답' });
    const bytes = await app.inject({ method: 'GET', url: '/bytes' });
    expect(bytes.rawPayload.byteLength).toBe(LARGE_ANSWER_BYTES + 1);
    expect(Number(bytes.headers['content-length'])).toBe(LARGE_ANSWER_BYTES + 1);
    expect(streamed).toEqual([true, false, true]);
  });
});
