import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../src/ai/providers/openai-provider.ts';
import type { ProviderRequest } from '../../src/ai/providers/provider.ts';

// Issue 21: the AI endpoint's name is resolved once per request and the connection goes to the address
// that was checked (no DNS rebinding between check and connect); redirects are refused.
//
// Two local servers on one port: 127.0.0.1 plays the public AI server, 127.0.0.2 an internal service.
// The address rule of this test refuses everything but 127.0.0.1.

type Hit = { server: string; path: string };
const hits: Hit[] = [];
const completion = JSON.stringify({
  id: 'x',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{"ok":true}' } }],
});
let redirectTo: string | undefined;
const publicServer = http.createServer((req, res) => {
  hits.push({ server: 'public', path: req.url ?? '' });
  if (redirectTo) {
    res.writeHead(307, { location: redirectTo });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(completion);
});
const internalServer = http.createServer((req, res) => {
  hits.push({ server: 'internal', path: req.url ?? '' });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(completion);
});
await new Promise<void>((resolve) => publicServer.listen(0, '127.0.0.1', resolve));
const port = (publicServer.address() as AddressInfo).port;
await new Promise<void>((resolve) => internalServer.listen(port, '127.0.0.2', resolve));
afterAll(async () => {
  await new Promise<void>((resolve) => publicServer.close(() => resolve()));
  await new Promise<void>((resolve) => internalServer.close(() => resolve()));
});

const request = (): ProviderRequest => ({
  workType: 'SEO' as ProviderRequest['workType'],
  task: undefined,
  prompt: 'hello',
  images: [],
  jsonSchema: { type: 'object' },
  payload: {},
  signal: new AbortController().signal,
});
const policy = { allowedOrigins: [], allowHttp: true };
const onlyPublic = (address: string) => address !== '127.0.0.1';

/** A resolver that answers the public address first and the internal one on every later call. */
function rebindingResolver() {
  const calls: string[] = [];
  return {
    calls,
    lookup: async (host: string) => {
      calls.push(host);
      return [{ address: calls.length === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    },
  };
}

describe("a company's AI endpoint: connect to the checked address, refuse redirects", () => {
  it('connects to the address it checked although the name now points inside', async () => {
    hits.length = 0;
    redirectTo = undefined;
    const dns = rebindingResolver();
    const provider = createOpenAiProvider(
      { provider: 'openai', baseUrl: `http://ai.rebind.example:${port}/v1`, model: 'm' },
      undefined,
      policy,
      { lookup: dns.lookup, isBlocked: onlyPublic },
    );
    expect(await provider.generate(request())).toBe('{"ok":true}');
    expect(hits).toEqual([{ server: 'public', path: '/v1/chat/completions' }]);
    expect(dns.calls).toEqual(['ai.rebind.example']);
    // The next request resolves again, sees the internal address and sends nothing.
    await expect(provider.generate(request())).rejects.toMatchObject({
      code: 'ai_bad_request',
      retriable: false,
      userMessage: { ko: '허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)' },
    });
    expect(hits).toHaveLength(1);
  });

  it('refuses a redirect instead of following it', async () => {
    hits.length = 0;
    for (const target of [`http://127.0.0.2:${port}/v1/chat/completions`, '/v2/chat/completions']) {
      redirectTo = target;
      const provider = createOpenAiProvider(
        { provider: 'openai', baseUrl: `http://ai.public.example:${port}/v1`, model: 'm' },
        undefined,
        policy,
        { lookup: async () => [{ address: '127.0.0.1', family: 4 }], isBlocked: onlyPublic },
      );
      await expect(provider.generate(request())).rejects.toMatchObject({
        code: 'ai_bad_request',
        retriable: false,
        userMessage: { ko: 'AI 서버가 다른 주소로 보내려 했습니다 (리다이렉트는 허용되지 않습니다)' },
      });
    }
    expect(hits).toEqual([
      { server: 'public', path: '/v1/chat/completions' },
      { server: 'public', path: '/v1/chat/completions' },
    ]);
    redirectTo = undefined;
  });
});
