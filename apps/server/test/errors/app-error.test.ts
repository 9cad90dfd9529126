import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AiError, aiErrors } from '../../src/ai/ai-error.ts';
import { AppError, ERROR_KINDS, notFound } from '../../src/errors/app-error.ts';
import { installErrorHandler } from '../../src/http/error-handler.ts';
import { STATUS_OF_KIND } from '../../src/http/error-status.ts';
import { ImageFetchError } from '../../src/images/fetch-image.ts';

describe('AppError', () => {
  it('every kind has one HTTP status, 4xx for the caller, 5xx for us and outside services', () => {
    expect(Object.keys(STATUS_OF_KIND).sort()).toEqual([...ERROR_KINDS].sort());
    expect(STATUS_OF_KIND).toMatchObject({
      invalid: 400,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
      internal: 500,
    });
  });

  it("sends an error's answer beside its message: 422 for unprocessable, in the request language", async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/stopped', async () => {
      throw new AppError(
        'preflight_failed',
        'unprocessable',
        { ko: '고쳐주세요', en: 'Fix it' },
        'dev only',
        {
          preflight: [{ status: 'error' }],
        },
      );
    });
    const res = await app.inject({ url: '/stopped' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'preflight_failed',
      message: '고쳐주세요',
      error: '고쳐주세요',
      preflight: [{ status: 'error' }],
    });
    const en = await app.inject({ url: '/stopped', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('Fix it');
    await app.close();
  });

  it('AI and image-loading failures are kinds of it', () => {
    const noKey = aiErrors.noKey();
    expect(noKey).toBeInstanceOf(AppError);
    expect(noKey).toMatchObject({ code: 'ai_no_key', kind: 'unavailable', reason: 'no_key' });
    expect(aiErrors.http(429, 'slow down')).toMatchObject({ kind: 'too_many', providerStatus: 429 });
    expect(aiErrors.http(429, 'x').retriable).toBe(true);
    expect(new AiError('bad_request', { ko: 'x', en: 'x' }).retriable).toBe(false);
    const fetch = new ImageFetchError('image_load_timeout', { ko: '시간 초과', en: 'timeout' }, 'timeout');
    expect(fetch).toBeInstanceOf(AppError);
    expect(fetch.kind).toBe('timeout');
  });

  it('the HTTP layer answers the status of the kind and the message in the request language', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/missing', async () => {
      throw notFound({ ko: '없습니다', en: 'Missing' }, 'thing_not_found');
    });
    app.get('/ai', async () => {
      throw aiErrors.noKey();
    });
    app.get('/image', async () => {
      throw new ImageFetchError('image_too_large', { ko: '너무 큼', en: 'Too large' }, 'too_large');
    });
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'thing_not_found', message: '없습니다', error: '없습니다' });
    const en = await app.inject({ url: '/missing', headers: { 'accept-language': 'en-US' } });
    expect(en.json().message).toBe('Missing');
    expect((await app.inject({ url: '/ai' })).statusCode).toBe(503);
    const image = await app.inject({ url: '/image' });
    expect([image.statusCode, image.json().code]).toEqual([413, 'image_too_large']);
    await app.close();
  });
});
