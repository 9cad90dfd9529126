import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does for one request. */
export type FakeReply =
  | { text: string }
  | { status: number; message: string }
  | { hang: true }
  | { raw: unknown };

export type ReceivedRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
};

export type FakeServer = {
  url: string;
  received: ReceivedRequest[];
  /** Replies used in order; when empty, `fallback` answers. */
  script: FakeReply[];
  fallback: (request: ReceivedRequest) => FakeReply;
  /** Latency of every answer (benchmarks model a slow model with it). */
  delayMs: number;
  close(): Promise<void>;
};

/**
 * A local server speaking the REST protocol of Gemini (`POST /v1beta/models/{model}:generateContent`)
 * or of OpenAI chat completions (`POST /v1/chat/completions`), so the real SDKs talk to it.
 */
export async function startFakeAiServer(
  protocol: 'gemini' | 'openai',
  now: () => number = Date.now,
): Promise<FakeServer> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeServer = {
    url: '',
    received: [],
    script: [],
    fallback: () => ({ text: '{}' }),
    delayMs: 0,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : {},
        at: now(),
      };
      const expected =
        protocol === 'gemini' ? /^\/v1beta\/models\/[^/:]+:generateContent/ : /^\/v1\/chat\/completions/;
      if (req.method !== 'POST' || !expected.test(request.path)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      fake.received.push(request);
      const reply = fake.script.shift() ?? fake.fallback(request);
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      const send = (status: number, body: unknown) => {
        const write = () =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (fake.delayMs > 0) setTimeout(write, fake.delayMs);
        else write();
      };
      if ('raw' in reply) return send(200, reply.raw);
      if ('status' in reply) {
        return send(
          reply.status,
          protocol === 'gemini'
            ? { error: { code: reply.status, message: reply.message, status: statusName(reply.status) } }
            : { error: { message: reply.message, type: 'error', code: null } },
        );
      }
      const model =
        protocol === 'gemini' ? /models\/([^:]+)/.exec(request.path)?.[1] : String(request.body.model);
      send(200, protocol === 'gemini' ? geminiAnswer(reply.text, model) : openAiAnswer(reply.text, model));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = protocol === 'gemini' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`;
  return fake;
}

function geminiAnswer(text: string, model: string | undefined) {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: model,
  };
}

function openAiAnswer(text: string, model: string | undefined) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function statusName(status: number): string {
  if (status === 429) return 'RESOURCE_EXHAUSTED';
  if (status === 400) return 'INVALID_ARGUMENT';
  if (status >= 500) return 'INTERNAL';
  return 'FAILED_PRECONDITION';
}

/** The text the gateway sent as the prompt, whatever the protocol. */
export function promptOf(request: ReceivedRequest): string {
  const body = request.body as {
    contents?: { parts?: { text?: string }[] }[];
    messages?: { content?: { type: string; text?: string }[] | string }[];
  };
  if (body.contents) return body.contents[0]?.parts?.[0]?.text ?? '';
  const content = body.messages?.[0]?.content;
  return typeof content === 'string' ? content : (content?.find((c) => c.type === 'text')?.text ?? '');
}
