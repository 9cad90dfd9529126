import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../src/ai/providers/openai-provider.ts';
import type { ProviderRequest } from '../../src/ai/providers/provider.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

/** A local "internal service" that records every hit and answers errors with a secret in the body. */
const hits: string[] = [];
const server = http.createServer((req, res) => {
  hits.push(`${req.method} ${req.url}`);
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: 'INTERNAL-SECRET db password is hunter2' } }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const internal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (): ProviderRequest => ({
  workType: 'SEO' as ProviderRequest['workType'],
  task: undefined,
  prompt: 'hello',
  images: [],
  jsonSchema: { type: 'object' },
  payload: {},
  signal: new AbortController().signal,
});
const strict = { allowedOrigins: [], allowHttp: false };

describe("a company's AI endpoint (settings) cannot point the server at internal addresses", async () => {
  const { app } = await createTestApp();

  async function seller() {
    const { cookie } = await signUp(app, { email: `ai${Math.random().toString(36).slice(2)}@example.com` });
    return (payload?: object) =>
      app.inject({
        method: payload ? 'POST' : 'GET',
        url: payload ? '/api/savesetting' : '/api/settings',
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
  }

  it('refuses private, loopback, metadata, plain-http and credentialed addresses when saved, saving nothing', async () => {
    const call = await seller();
    const cases: Array<[string, string]> = [
      [`${internal}/v1`, 'AI 서버 주소가 올바르지 않습니다 (https 주소만 가능)'],
      [
        'https://127.0.0.1:11434/v1',
        '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
      ],
      [
        'https://169.254.169.254/latest',
        '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
      ],
      [
        'https://[::ffff:127.0.0.1]/v1',
        '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
      ],
      ['https://10.1.2.3/v1', '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)'],
      ['https://localhost/v1', '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)'],
      [
        'https://metadata.google.internal/v1',
        '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
      ],
      ['https://ollama/v1', '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)'],
      ['https://user:pw@api.example.com/v1', 'AI 서버 주소가 올바르지 않습니다 (https 주소만 가능)'],
    ];
    for (const [url, message] of cases) {
      const res = await call({ settings: [{ aiProvider: 'openai', openaiBaseUrl: url, openaiModel: 'm' }] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(message);
    }
    const view = (await call()).json().settings[0];
    expect(view).toMatchObject({ openaiBaseUrl: '', aiProvider: 'offline', openaiModel: '' });
    const ok = await call({
      settings: [{ aiProvider: 'openai', openaiBaseUrl: 'https://api.together.xyz/v1' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings[0].openaiBaseUrl).toBe('https://api.together.xyz/v1');
    expect(hits).toEqual([]);
  });

  it('a stored internal address (saved before the guard) is refused before any request is sent', async () => {
    const provider = createOpenAiProvider(
      { provider: 'openai', baseUrl: `${internal}/v1` },
      undefined,
      strict,
    );
    await expect(provider.generate(request())).rejects.toMatchObject({
      code: 'ai_bad_request',
      retriable: false,
      userMessage: { ko: 'AI 서버 주소가 올바르지 않습니다 (https 주소만 가능)' },
    });
    const viaHttps = createOpenAiProvider(
      { provider: 'openai', baseUrl: 'https://127.0.0.1:1/v1' },
      undefined,
      { allowedOrigins: [], allowHttp: true },
    );
    await expect(viaHttps.generate(request())).rejects.toMatchObject({ code: 'ai_bad_request' });
    expect(hits).toEqual([]);
  });

  it('a name that resolves to a private address is refused at request time, nothing sent', async () => {
    for (const answer of [[{ address: '10.0.0.5' }], [{ address: '93.184.216.34' }, { address: '::1' }]]) {
      const provider = createOpenAiProvider(
        { provider: 'openai', baseUrl: 'https://ai.attacker.example/v1' },
        undefined,
        strict,
        { lookup: async () => answer },
      );
      await expect(provider.generate(request())).rejects.toMatchObject({
        code: 'ai_bad_request',
        retriable: false,
        userMessage: { ko: '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)' },
      });
    }
    expect(hits).toEqual([]);
  });

  it('an operator-allowed endpoint is used, but what it answers on failure is never echoed to the seller', async () => {
    const provider = createOpenAiProvider({ provider: 'openai', baseUrl: `${internal}/v1` }, undefined, {
      allowedOrigins: [internal],
      allowHttp: false,
    });
    const error = await provider.generate(request()).catch((e: unknown) => e);
    expect(hits.length).toBe(1);
    expect(error).toMatchObject({ code: 'ai_bad_request', providerStatus: 400 });
    expect(JSON.stringify(error)).not.toContain('INTERNAL-SECRET');
    expect((error as { userMessage: { ko: string } }).userMessage.ko).toMatch(/\(400\)$/);
  });

  it('the operator allow-list (AI_ENDPOINT_ALLOWLIST) lets a company save a local endpoint', async () => {
    const { app: local } = await createTestApp({ AI_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:11434' });
    const { cookie } = await signUp(local, {
      email: `local${Math.random().toString(36).slice(2)}@example.com`,
    });
    const res = await local.inject({
      method: 'POST',
      url: '/api/savesetting',
      headers: { cookie },
      payload: { settings: [{ aiProvider: 'openai', openaiBaseUrl: 'http://127.0.0.1:11434/v1' }] },
    });
    expect(res.statusCode).toBe(200);
  });
});
