import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError, aiErrors } from '../../src/ai/ai-error.ts';
import { type AiCall, createAiGateway, type GatewayEvent, limiterKeyOf } from '../../src/ai/gateway.ts';
import type { InlineSlots, SlotStore } from '../../src/ai/limiter/slot-store.ts';
import { createDemoOfflineProvider } from '../../src/ai/providers/demo-offline-provider.ts';
import type { AiProvider, ProviderRequest } from '../../src/ai/providers/provider.ts';
import type { RequestLog } from '../../src/ai/request-log-repository.ts';
import { type FakeServer, startFakeAiServer } from './support/fake-ai-servers.ts';
import { drive, ManualClock, until } from './support/manual-clock.ts';

// The gateway's steps on fakes (no database): choose (provider, key, limiter bucket), log (the row's
// writes in order, a failing write never fails the call), limit (the key's slot, waited for on the
// clock), call (timeouts, retries, the answer read). The same over the real request log and slot
// store in PostgreSQL is gateway.pg.test.ts and limiter.pg.test.ts.

const Answer = z.object({ ok: z.boolean() });
const OFFLINE = { provider: 'offline' } as const;

/** A request log that records its writes, in order. */
function recordingLog(options: { inline?: InlineSlots; failWrites?: boolean } = {}) {
  const writes: string[] = [];
  let next = 0;
  const wrote = async (line: string) => {
    writes.push(line);
    if (options.failWrites) throw new Error('log database unavailable');
  };
  const log: RequestLog = {
    async start(entry) {
      await wrote(`start ${entry.provider} ${entry.workType} ${entry.productId ?? '-'}`);
      return ++next;
    },
    async startReserving(entry, at, reserveSlot) {
      writes.push(`startReserving ${entry.provider}`);
      void reserveSlot;
      return { id: ++next, slot: at, status: 'processing' };
    },
    async scheduled(id, slotAt) {
      await wrote(`scheduled ${id} at +${slotAt - START}`);
    },
    async attempt(id, attempt) {
      await wrote(`attempt ${id} #${attempt}`);
    },
    async retrying(id, error, httpStatus) {
      await wrote(`retrying ${id} ${httpStatus ?? '-'} ${error}`);
    },
    async finish(id, outcome) {
      await wrote(`finish ${id} ${outcome.status}${outcome.error ? ` ${outcome.error}` : ''}`);
    },
    ...(options.inline ? { inlineSlots: () => options.inline } : {}),
  };
  return { log, writes };
}

const START = Date.UTC(2025, 0, 1);

/** A slot store handing out the slots of `slotsAt` (ms after START) in turn, recording each reservation. */
function scriptedSlots(slotsAt: number[] = []): SlotStore & { reserved: string[] } {
  const reserved: string[] = [];
  return {
    reserved,
    async reserve(key, now) {
      reserved.push(key);
      const at = slotsAt.shift();
      return at === undefined ? now : START + at;
    },
    async usage() {
      return new Map();
    },
  };
}

/** A provider (handed in as the offline one) answering from a script, recording each request. */
function scriptedProvider(script: ((request: ProviderRequest) => unknown)[]) {
  const requests: ProviderRequest[] = [];
  const provider: AiProvider = {
    name: 'offline',
    model: 'scripted',
    async generate(request) {
      requests.push(request);
      const step = script.shift();
      if (!step) throw new Error('script ended');
      return step(request);
    },
  };
  return { provider, requests, offline: { for: () => provider } };
}

const call = (overrides: Partial<AiCall<{ ok: boolean }>> = {}): AiCall<{ ok: boolean }> => ({
  workType: 'SEO',
  companyId: 'c1',
  productId: 'p1',
  prompt: '상품명을 만들어 주세요',
  schema: Answer,
  ...overrides,
});

describe('choose', () => {
  it('refuses Gemini without a key with the spec message; nothing is sent, the row says why', async () => {
    const { log, writes } = recordingLog();
    const slots = scriptedSlots();
    const gateway = createAiGateway({ requestLog: log, slotStore: slots, clock: new ManualClock(START) });
    const error = (await gateway.request({ provider: 'gemini' }, call()).catch((e: unknown) => e)) as AiError;
    expect(error.reason).toBe('no_key');
    expect(error.userMessage.ko).toContain('Gemini API Key가 설정되지 않았습니다');
    await gateway.flush();
    expect(slots.reserved).toEqual([]);
    expect(writes).toEqual([`start gemini SEO p1`, `finish 1 error ${error.message}`]);
  });

  it('puts each provider, endpoint and key in its own limiter bucket; offline has none', () => {
    const urls = { geminiBaseUrl: 'https://g.example', openaiBaseUrl: 'https://o.example' };
    const a = limiterKeyOf({ provider: 'gemini', apiKey: 'key-a' }, urls);
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toContain('key-a');
    expect(limiterKeyOf({ provider: 'gemini', apiKey: 'key-a' }, urls)).toBe(a);
    expect(limiterKeyOf({ provider: 'gemini', apiKey: 'key-b' }, urls)).not.toBe(a);
    expect(limiterKeyOf({ provider: 'openai', apiKey: 'key-a' }, urls)).not.toBe(a);
    expect(
      limiterKeyOf({ provider: 'gemini', apiKey: 'key-a', baseUrl: 'https://x.example' }, urls),
    ).not.toBe(a);
    expect(limiterKeyOf(OFFLINE, urls)).toBeNull();
  });
});

describe('call and log (a scripted provider)', () => {
  it('sends the prompt, payload and answer schema, answers the parsed value; the row goes start → attempt → finish', async () => {
    const { log, writes } = recordingLog();
    const scripted = scriptedProvider([() => ({ batchResults: [{ result: { ok: true } }] })]);
    const events: GatewayEvent[] = [];
    const gateway = createAiGateway({
      requestLog: log,
      slotStore: scriptedSlots(),
      offline: scripted.offline,
    });
    gateway.events.on('event', (e) => events.push(e));
    await expect(gateway.request(OFFLINE, call({ payload: { productId: 'p1' } }))).resolves.toEqual({
      ok: true,
    });
    await gateway.flush();
    const sent = scripted.requests[0]!;
    expect(sent.prompt).toBe('상품명을 만들어 주세요');
    expect(sent.payload).toEqual({ productId: 'p1' });
    expect(JSON.stringify(sent.jsonSchema)).toContain('"ok"');
    expect(writes).toEqual(['start offline SEO p1', 'attempt 1 #1', 'finish 1 success']);
    expect(events).toEqual([
      { type: 'request', id: 1, status: 'pending' },
      { type: 'request', id: 1, status: 'processing' },
      { type: 'request', id: 1, status: 'success' },
    ]);
  });

  it('retries a retriable failure after the spec backoff (1 s, then 2 s) and logs each retry', async () => {
    const clock = new ManualClock(START);
    const { log, writes } = recordingLog();
    const scripted = scriptedProvider([
      () => {
        throw aiErrors.http(500, 'internal');
      },
      () => {
        throw aiErrors.http(429, 'slow down');
      },
      () => '{"ok":true}',
    ]);
    const gateway = createAiGateway({
      requestLog: log,
      slotStore: scriptedSlots(),
      offline: scripted.offline,
      clock,
    });
    const promise = gateway.request(OFFLINE, call());
    await drive(clock, [promise]);
    await expect(promise).resolves.toEqual({ ok: true });
    await gateway.flush();
    expect(scripted.requests).toHaveLength(3);
    expect(clock.now() - START).toBe(3000);
    expect(writes.filter((w) => w.startsWith('retrying'))).toEqual([
      expect.stringMatching(/^retrying 1 500 /),
      expect.stringMatching(/^retrying 1 429 /),
    ]);
    expect(writes.at(-1)).toBe('finish 1 success');
  });

  it('does not retry a 400 or an unreadable answer', async () => {
    for (const reply of [
      () => {
        throw aiErrors.http(400, 'invalid argument');
      },
      () => '{"ok": tr',
    ]) {
      const { log, writes } = recordingLog();
      const scripted = scriptedProvider([reply, () => '{"ok":true}']);
      const gateway = createAiGateway({
        requestLog: log,
        slotStore: scriptedSlots(),
        offline: scripted.offline,
      });
      await expect(gateway.request(OFFLINE, call())).rejects.toBeInstanceOf(AiError);
      await gateway.flush();
      expect(scripted.requests).toHaveLength(1);
      expect(writes.at(-1)).toMatch(/^finish 1 error /);
    }
  });

  it("times out an attempt after its work type's limit and fails with the Korean timeout message", async () => {
    const clock = new ManualClock(START);
    const { log, writes } = recordingLog();
    const scripted = scriptedProvider([() => new Promise(() => {}), () => new Promise(() => {})]);
    const gateway = createAiGateway({
      requestLog: log,
      slotStore: scriptedSlots(),
      offline: scripted.offline,
      clock,
    });
    const outcome = gateway.request(OFFLINE, call({ workType: 'SEO_VALIDATION' })).catch((e: unknown) => e);
    await until(() => scripted.requests.length === 1, 'first attempt');
    clock.advanceBy(30_000); // SEO_VALIDATION: 30 s, 1 retry after 1 s
    await until(() => clock.sleepers === 1, 'backoff');
    clock.advanceToNextSleeper();
    await until(() => scripted.requests.length === 2, 'second attempt');
    clock.advanceBy(30_000);
    const error = (await outcome) as AiError;
    expect(error.reason).toBe('timeout');
    expect(error.userMessage.ko).toBe('요청 시간 초과 (30000ms)');
    await gateway.flush();
    expect(writes.at(-1)).toBe(`finish 1 timeout ${error.message}`);
  });

  it('aborts a request the monitor marked stuck (abortLocal) and announces it', async () => {
    const { log } = recordingLog();
    const scripted = scriptedProvider([() => new Promise(() => {})]);
    const events: GatewayEvent[] = [];
    const gateway = createAiGateway({
      requestLog: log,
      slotStore: scriptedSlots(),
      offline: scripted.offline,
    });
    gateway.events.on('event', (e) => events.push(e));
    const outcome = gateway.request(OFFLINE, call({ maxRetries: 0 })).catch((e: unknown) => e);
    await until(() => scripted.requests.length === 1, 'sent');
    gateway.abortLocal([1], aiErrors.timeout(300_000));
    expect(((await outcome) as AiError).reason).toBe('timeout');
    expect(events).toContainEqual({ type: 'stuck', ids: [1] });
  });

  it('never lets a failing log write fail the call: it is logged as a warning', async () => {
    const { log } = recordingLog({ failWrites: true });
    const warnings: unknown[] = [];
    const gateway = createAiGateway({
      requestLog: log,
      slotStore: scriptedSlots(),
      offline: scriptedProvider([() => '{"ok":true}']).offline,
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    await expect(gateway.request(OFFLINE, call())).resolves.toEqual({ ok: true });
    await gateway.flush();
    expect(warnings).toContainEqual(expect.objectContaining({ msg: 'ai request log write failed' }));
  });
});

describe('limit (fake HTTP model, slots from a fake store)', () => {
  let server: FakeServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startFakeAiServer('gemini', () => clock.now());
    server.fallback = () => ({ text: '{"ok":true}' });
  });
  afterAll(() => server.close());

  it("reserves the key's slot per attempt, logs a later slot as scheduled and sends no earlier", async () => {
    server.received.length = 0;
    const { log, writes } = recordingLog();
    const slots = scriptedSlots([5_000]);
    const gateway = createAiGateway({ requestLog: log, slotStore: slots, clock, geminiBaseUrl: server.url });
    const config = { provider: 'gemini', apiKey: 'secret-key-1234' } as const;
    const promise = gateway.request(config, call());
    await drive(clock, [promise]);
    await expect(promise).resolves.toEqual({ ok: true });
    await gateway.flush();
    expect(slots.reserved).toEqual([limiterKeyOf(config, { geminiBaseUrl: server.url })]);
    expect(server.received.map((r) => r.at - START)).toEqual([5_000]);
    expect(writes).toEqual([
      'start gemini SEO p1',
      'scheduled 1 at +5000',
      'attempt 1 #1',
      'finish 1 success',
    ]);
  });

  it('reserves the first slot with the log row when the store keeps its slots in the log database', async () => {
    server.received.length = 0;
    const asked: string[] = [];
    const inline: InlineSlots = {
      db: {},
      reserveSql: (key) => {
        asked.push(key);
        return sql<number>`0`; // not run: the fake log answers the row and its slot
      },
    };
    const { log, writes } = recordingLog({ inline });
    const slots = scriptedSlots();
    const gateway = createAiGateway({ requestLog: log, slotStore: slots, clock, geminiBaseUrl: server.url });
    await expect(gateway.request({ provider: 'gemini', apiKey: 'k-inline' }, call())).resolves.toEqual({
      ok: true,
    });
    await gateway.flush();
    // One write for the row and its slot, written as processing: no separate reservation, no attempt write.
    expect(asked).toHaveLength(1);
    expect(slots.reserved).toEqual([]);
    expect(writes).toEqual(['startReserving gemini', 'finish 1 success']);
  });

  it('keeps offline calls out of the limiter', async () => {
    const slots = scriptedSlots();
    const gateway = createAiGateway({ requestLog: recordingLog().log, slotStore: slots });
    const answer = await gateway.request(OFFLINE, call());
    expect(Answer.safeParse(answer).success).toBe(true);
    expect(slots.reserved).toEqual([]);
  });
});

describe("the demo's offline provider (its untranslated phrases, outside the gateway)", () => {
  it('notes the phrases it left untranslated per company and product until they are taken, once', async () => {
    const demo = createDemoOfflineProvider(
      new Map([['SEO', () => ({ productName: '여성 锅铲 원피스', keywords: [] })]]),
    );
    const gateway = createAiGateway({
      requestLog: recordingLog().log,
      slotStore: scriptedSlots(),
      offline: demo,
    });
    const seo = z.object({ productName: z.string(), keywords: z.array(z.string()) });
    await gateway.request(OFFLINE, { ...call(), schema: seo, productId: 'p1' });
    await gateway.request(OFFLINE, { ...call(), schema: seo, productId: 'p2', companyId: 'c2' });
    expect(demo.takeUntranslated('c1', 'p1')).toEqual(['锅铲']);
    expect(demo.takeUntranslated('c1', 'p1')).toEqual([]);
    expect(demo.takeUntranslated('c2', 'p2')).toEqual(['锅铲']);
    // A call about no product notes nothing; the gateway itself has no such side channel.
    await gateway.request(OFFLINE, { ...call(), schema: seo, productId: null });
    expect(demo.takeUntranslated('c1', 'p1')).toEqual([]);
    expect('takeUntranslated' in gateway).toBe(false);
  });
});
