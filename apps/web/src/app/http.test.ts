import { AuthMessageResponse, DeleteItemResponse } from '@rr/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type AnswerSchema, createHttp, type HttpDeps, HttpError, type HttpIdentity } from './http';
import { i18n } from './i18n';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Any answer: for the tests about failures and what is sent. */
const anything: AnswerSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

function setup(fetchImpl: HttpDeps['fetch'], identity: HttpIdentity | null = null) {
  const notify = vi.fn();
  const log = vi.fn();
  const fetchSpy = vi.fn(fetchImpl);
  const http = createHttp({ fetch: fetchSpy, notify, log, t: (k) => i18n.t(k), identity: () => identity });
  return { http, notify, log, fetchSpy };
}

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw new Error(`expected an HttpError, got ${String(err)}`);
  }
  throw new Error('expected the request to fail');
}

describe('HTTP helper (spec §8)', () => {
  it('returns the JSON body, sends JSON and includes credentials', async () => {
    const { http, fetchSpy } = setup(async () => json(200, { res: 'success' }));
    await expect(http.post('/api/x', AuthMessageResponse, { a: 1 })).resolves.toEqual({ res: 'success' });
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('sends no body and no JSON content type when there is no payload', async () => {
    const { http, fetchSpy } = setup(async () => json(200, {}));
    await http.post('/api/auth/logout', anything);
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  it('cancelled request: 요청이 취소되었습니다.', async () => {
    const controller = new AbortController();
    const { http } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = http.get('/api/slow', anything, { signal: controller.signal });
    controller.abort();
    const err = await failure(p);
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('요청이 취소되었습니다.');
  });

  it('401: logs an auth error and says 인증이 필요합니다., keeping the server message aside', async () => {
    const { http, log, notify } = setup(async () =>
      json(401, { code: 'wrong_credentials', message: '이메일 또는 비밀번호가 올바르지 않습니다.' }),
    );
    const err = await failure(http.post('/api/auth/login', anything, {}));
    expect(err.message).toBe('인증이 필요합니다.');
    expect(err.serverMessage).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(err.code).toBe('wrong_credentials');
    expect(log).toHaveBeenCalledWith('auth error', expect.objectContaining({ status: 401 }));
    expect(notify).not.toHaveBeenCalled();
  });

  it("503 without Retry-After: the server's Korean message, not 서버 오류", async () => {
    const noKey = 'AI API 키가 설정되지 않았습니다.';
    const { http, notify } = setup(async () => json(503, { code: 'no_key', message: noKey }));
    const err = await failure(http.get('/api/x', anything));
    expect(err.kind).toBe('server');
    expect(err.status).toBe(503);
    expect(err.message).toBe(noKey);
    expect(notify).toHaveBeenCalledWith({ title: '오류', message: noKey });
  });

  it.each([500, 502])('%i: a danger toast titled 오류 and the server-error message', async (status) => {
    const { http, notify } = setup(async () => json(status, { message: 'internal detail' }));
    const err = await failure(http.get('/api/x', anything));
    expect(err.kind).toBe('server');
    expect(err.message).toBe('서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
    expect(notify).toHaveBeenCalledWith({
      title: '오류',
      message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it("503 with Retry-After: the server's own message in the toast and the error", async () => {
    const busy = '이 회사의 다른 요청을 처리하는 중입니다. 잠시 후 다시 시도해주세요.';
    const { http, notify } = setup(
      async () =>
        new Response(JSON.stringify({ code: 'company_busy', message: busy, error: busy }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
    );
    const err = await failure(http.get('/api/x', anything));
    expect(err.kind).toBe('server');
    expect(err.status).toBe(503);
    expect(err.code).toBe('company_busy');
    expect(err.message).toBe(busy);
    expect(notify).toHaveBeenCalledWith({ title: '오류', message: busy });
  });

  it('503 with Retry-After but no message: the server-error message', async () => {
    const { http } = setup(async () => new Response('', { status: 503, headers: { 'retry-after': '2' } }));
    expect((await failure(http.get('/api/x', anything))).message).toBe(
      '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    );
  });

  it('below 500: the server message', async () => {
    const { http, notify } = setup(async () =>
      json(409, {
        code: 'email_taken',
        message: '이미 가입된 이메일입니다.',
        error: '이미 가입된 이메일입니다.',
      }),
    );
    const err = await failure(http.post('/api/auth/signup', anything, {}));
    expect(err.kind).toBe('client');
    expect(err.status).toBe(409);
    expect(err.code).toBe('email_taken');
    expect(err.message).toBe('이미 가입된 이메일입니다.');
    expect(notify).not.toHaveBeenCalled();
  });

  it('below 500: the error field when there is no message', async () => {
    const { http } = setup(async () => json(400, { error: '설정 저장 실패' }));
    expect((await failure(http.post('/api/savesetting', anything, {}))).message).toBe('설정 저장 실패');
  });

  it('below 500 without a message: 요청 처리 중 오류가 발생했습니다.', async () => {
    const { http } = setup(async () => new Response('', { status: 404 }));
    expect((await failure(http.get('/api/none', anything))).message).toBe(
      '요청 처리 중 오류가 발생했습니다.',
    );
  });

  it('no response: 서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.', async () => {
    const { http } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(http.get('/api/x', anything));
    expect(err.kind).toBe('network');
    expect(err.message).toBe('서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.');
  });

  it('anything else: 알 수 없는 오류가 발생했습니다.', async () => {
    const { http } = setup(async () => {
      throw new Error('weird');
    });
    expect((await failure(http.get('/api/x', anything))).message).toBe('알 수 없는 오류가 발생했습니다.');
    const broken = setup(
      async () => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect((await failure(broken.http.get('/api/x', anything))).kind).toBe('unknown');
  });

  it('returns the answer as its response schema parsed it (fields the schema does not name are dropped)', async () => {
    const { http, notify } = setup(async () =>
      json(200, { res: 'success', message: '1개 상품을 삭제했습니다.', deletedCount: 1, debug: 'x' }),
    );
    const answer = await http.post('/api/rocketReg/deleteItem', DeleteItemResponse, { ids: ['p-1'] });
    expect(answer).toEqual({ res: 'success', message: '1개 상품을 삭제했습니다.', deletedCount: 1 });
    expect(answer.deletedCount).toBe(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('an answer that does not match its schema: 서버가 예상과 다른 형식으로 응답했습니다., toasted and logged', async () => {
    const { http, notify, log } = setup(async () => json(200, { res: 'success', deletedCount: '1' }));
    const err = await failure(http.post('/api/rocketReg/deleteItem', DeleteItemResponse, { ids: ['p-1'] }));
    expect(err.kind).toBe('invalidAnswer');
    expect(err.status).toBe(200);
    expect(err.message).toBe('서버가 예상과 다른 형식으로 응답했습니다. 잠시 후 다시 시도해주세요.');
    expect(notify).toHaveBeenCalledWith({ title: '오류', message: err.message });
    expect(log).toHaveBeenCalledWith(
      'answer does not match its schema',
      expect.objectContaining({
        url: '/api/rocketReg/deleteItem',
        issues: expect.arrayContaining([
          expect.stringMatching(/^deletedCount: /),
          expect.stringMatching(/^message: /),
        ]),
      }),
    );
  });

  it('an empty success body where the schema wants an object is an invalid answer too', async () => {
    const { http } = setup(async () => new Response('', { status: 200 }));
    expect((await failure(http.post('/api/auth/logout', AuthMessageResponse))).kind).toBe('invalidAnswer');
  });

  it('AI page helper calls carry X-Company-ID and X-User-ID; other calls do not', async () => {
    const { http, fetchSpy } = setup(async () => json(200, {}), { companyId: 'c-1', userId: 'u-1' });
    await http.post('/api/aiPage/getImageTranslate', anything, [{ imgUrl: 'https://x/1.jpg' }]);
    await http.post('/api/loginstatus', anything);
    const ai = new Headers(fetchSpy.mock.calls[0]![1]?.headers);
    const other = new Headers(fetchSpy.mock.calls[1]![1]?.headers);
    expect(ai.get('x-company-id')).toBe('c-1');
    expect(ai.get('x-user-id')).toBe('u-1');
    expect(other.get('x-company-id')).toBeNull();
  });

  it('follows the language: English messages after switching', async () => {
    await i18n.changeLanguage('en');
    try {
      const { http } = setup(async () => {
        throw new TypeError('Failed to fetch');
      });
      expect((await failure(http.get('/api/x', anything))).message).toBe(
        'Cannot reach the server. Please check your network connection.',
      );
      const wrong = setup(async () => json(200, { nope: true }));
      expect((await failure(wrong.http.post('/api/auth/lock', AuthMessageResponse))).message).toBe(
        'The server answered in an unexpected form. Please try again shortly.',
      );
    } finally {
      await i18n.changeLanguage('ko');
    }
  });
});
