import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError } from '../../src/ai/ai-error.ts';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createPgSlotStore } from '../../src/ai/limiter/pg-slot-repository.ts';
import type { AiProviderConfig } from '../../src/ai/providers/provider.ts';
import { createRequestLog } from '../../src/ai/request-log-repository.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDb } from '../support/test-db.ts';
import { type FakeServer, promptOf, startFakeAiServer } from './support/fake-ai-servers.ts';
import { drive, ManualClock, until } from './support/manual-clock.ts';

const Answer = z.object({ productName: z.string(), keywords: z.array(z.string()) });
const GOOD = { productName: '여성 여름 원피스', keywords: ['원피스', '여름'] };
const SECRET_KEY = 'AIzaSy-secret-key-never-logged-1234567890';

let db: Db;
let companyId: string;

beforeAll(async () => {
  ({ db } = await createTestDb());
  const row = await db
    .insertInto('companies')
    .values({ name: 'AI 테스트', supplier_code: 'AITEST01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  companyId = row.id;
});

describe.each(['gemini', 'openai'] as const)('gateway with the %s protocol', (protocol) => {
  let server: FakeServer;
  let clock: ManualClock;
  let gateway: AiGateway;
  const warnings: unknown[] = [];
  let config: AiProviderConfig;

  beforeAll(async () => {
    clock = new ManualClock();
    server = await startFakeAiServer(protocol, () => clock.now());
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
    clock = new ManualClock(clock.now() + 10 * 60_000);
    server.fallback = () => ({ text: JSON.stringify(GOOD) });
    gateway = createAiGateway({
      requestLog: createRequestLog(db),
      slotStore: createPgSlotStore(db),
      clock,
      geminiBaseUrl: protocol === 'gemini' ? server.url : undefined,
      openaiBaseUrl: protocol === 'openai' ? server.url : undefined,
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    // A fresh key per test keeps each test's limiter bucket empty.
    config = { provider: protocol, apiKey: `${SECRET_KEY}-${Math.random()}`, model: 'test-model' };
  });

  async function call(overrides: Partial<Parameters<AiGateway['request']>[1]> = {}) {
    const promise = gateway.request(config, {
      workType: 'SEO',
      companyId,
      productId: 'p-1',
      prompt: '상품명을 만들어 주세요',
      schema: Answer,
      ...overrides,
    });
    await drive(clock, [promise]);
    return promise;
  }

  async function lastRow() {
    await gateway.flush();
    return db.selectFrom('ai_requests').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  }

  it('returns the parsed answer and sends the prompt, the key and the answer schema', async () => {
    await expect(call()).resolves.toEqual(GOOD);
    expect(server.received).toHaveLength(1);
    const sent = server.received[0]!;
    expect(promptOf(sent)).toBe('상품명을 만들어 주세요');
    if (protocol === 'gemini') {
      expect(sent.path).toContain('/models/test-model:generateContent');
      expect(sent.headers['x-goog-api-key']).toBe(config.apiKey);
      const generation = sent.body.generationConfig as Record<string, unknown>;
      expect(generation.responseMimeType).toBe('application/json');
      expect(JSON.stringify(generation.responseJsonSchema)).toContain('productName');
    } else {
      expect(sent.headers.authorization).toBe(`Bearer ${config.apiKey}`);
      expect(sent.body.model).toBe('test-model');
      expect(JSON.stringify(sent.body.response_format)).toContain('productName');
    }
    const row = await lastRow();
    expect(row).toMatchObject({
      company_id: companyId,
      product_id: 'p-1',
      work_type: 'SEO',
      provider: protocol,
      status: 'success',
      attempts: 1,
      error: null,
    });
    expect(row.finished_at).not.toBeNull();
  });

  it('reads JSON inside code fences', async () => {
    server.script.push({ text: `\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` });
    await expect(call()).resolves.toEqual(GOOD);
  });

  it('reads JSON with prose around it', async () => {
    server.script.push({ text: `네, 결과입니다:\n${JSON.stringify(GOOD)}\n도움이 되었길 바랍니다.` });
    await expect(call()).resolves.toEqual(GOOD);
  });

  it('reads the spec answer forms batchResults[0].result and processedText', async () => {
    server.script.push({ text: JSON.stringify({ batchResults: [{ result: GOOD }] }) });
    await expect(call()).resolves.toEqual(GOOD);
    server.script.push({
      text: JSON.stringify({ processedText: `\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` }),
    });
    await expect(call()).resolves.toEqual(GOOD);
  });

  it('fails truncated JSON with "response parsing failed" and does not resend', async () => {
    server.script.push({ text: JSON.stringify(GOOD).slice(0, 25) });
    await expect(call()).rejects.toMatchObject({ reason: 'parse', message: 'response parsing failed' });
    expect(server.received).toHaveLength(1);
    expect(await lastRow()).toMatchObject({ status: 'error', attempts: 1, error: 'response parsing failed' });
  });

  it('fails a wrong shape with "response parsing failed"', async () => {
    server.script.push({ text: JSON.stringify({ productName: 3, tags: [] }) });
    await expect(call()).rejects.toMatchObject({ reason: 'parse', message: 'response parsing failed' });
  });

  it('fails an empty answer with "AI response missing"', async () => {
    server.script.push({ text: '' });
    await expect(call()).rejects.toMatchObject({ reason: 'missing', message: 'AI response missing' });
  });

  it('passes an answer error through as the error', async () => {
    server.script.push({ text: JSON.stringify({ error: '이미지를 읽을 수 없습니다' }) });
    await expect(call()).rejects.toMatchObject({
      reason: 'answer_error',
      message: '이미지를 읽을 수 없습니다',
    });
  });

  it('passes the error of batchResults[0] through, not as a missing answer', async () => {
    server.script.push({ text: JSON.stringify({ batchResults: [{ error: { message: '한도 초과' } }] }) });
    await expect(call()).rejects.toMatchObject({ reason: 'answer_error', message: '한도 초과' });
  });

  it('reads a double-encoded JSON answer and a top-level result form', async () => {
    server.script.push({ text: JSON.stringify(JSON.stringify(GOOD)) });
    await expect(call()).resolves.toEqual(GOOD);
    server.script.push({ text: JSON.stringify({ result: GOOD }) });
    await expect(call()).resolves.toEqual(GOOD);
  });

  it('retries a 429 after the 1 s backoff and succeeds', async () => {
    server.script.push({ status: 429, message: 'Resource has been exhausted' });
    await expect(call()).resolves.toEqual(GOOD);
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.at - server.received[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(await lastRow()).toMatchObject({ status: 'success', attempts: 2 });
  });

  it('gives up after 500 three times (SEO: 2 retries) with backoff 1 s then 2 s', async () => {
    for (let i = 0; i < 3; i++) server.script.push({ status: 500, message: 'internal error' });
    const error = (await call().catch((e: unknown) => e)) as AiError;
    expect(error).toBeInstanceOf(AiError);
    expect(error.reason).toBe('server');
    expect(error.providerStatus).toBe(500);
    expect(server.received).toHaveLength(3);
    const [a, b, c] = server.received.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(1000);
    expect(c - b).toBeGreaterThanOrEqual(2000);
    expect(await lastRow()).toMatchObject({ status: 'error', attempts: 3, http_status: 500 });
  });

  it('does not retry a 400', async () => {
    server.script.push({ status: 400, message: 'invalid argument' });
    await expect(call()).rejects.toMatchObject({ reason: 'bad_request', providerStatus: 400 });
    expect(server.received).toHaveLength(1);
  });

  it('times out a hanging request after the work type timeout and retries it (validation: 30 s, 1 retry)', async () => {
    server.script.push({ hang: true }, { hang: true });
    const promise = gateway.request(config, {
      workType: 'SEO_VALIDATION',
      companyId,
      prompt: 'x',
      schema: Answer,
    });
    const outcome = promise.catch((e: unknown) => e);
    await until(() => server.received.length === 1, 'first attempt');
    clock.advanceBy(29_999);
    await new Promise((r) => setTimeout(r, 5));
    expect(server.received).toHaveLength(1);
    clock.advanceBy(1); // the 30 s timeout fires; the retry waits 1 s of backoff
    await until(() => clock.sleepers === 1, 'backoff');
    clock.advanceToNextSleeper();
    await until(() => server.received.length === 2, 'second attempt');
    clock.advanceBy(30_000);
    const error = (await outcome) as AiError;
    expect(error.reason).toBe('timeout');
    expect(error.userMessage.ko).toBe('요청 시간 초과 (30000ms)');
    expect(await lastRow()).toMatchObject({ status: 'timeout', attempts: 2 });
  });

  it('never writes the key to the request table, the errors or the logs', async () => {
    const key = config.apiKey!;
    server.script.push({ status: 400, message: `API key not valid: ${key}` });
    const error = (await call().catch((e: unknown) => e)) as AiError;
    expect(error.message).not.toContain(key);
    expect(error.message).toContain('***');
    server.script.push({ status: 500, message: `upstream failed for ${key}` });
    await call();
    await gateway.flush();
    const rows = await db.selectFrom('ai_requests').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(warnings)).not.toContain(SECRET_KEY);
  });
});

describe('gateway without a usable key', () => {
  it('refuses Gemini without a key with the spec message and sends nothing', async () => {
    const server = await startFakeAiServer('gemini');
    try {
      const gateway = createAiGateway({
        requestLog: createRequestLog(db),
        slotStore: createPgSlotStore(db),
        clock: new ManualClock(),
        geminiBaseUrl: server.url,
      });
      const error = (await gateway
        .request({ provider: 'gemini' }, { workType: 'SEO', companyId, prompt: 'x', schema: Answer })
        .catch((e: unknown) => e)) as AiError;
      expect(error.reason).toBe('no_key');
      expect(error.userMessage.ko).toContain('Gemini API Key가 설정되지 않았습니다');
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
