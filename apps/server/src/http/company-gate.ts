import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterError } from '../errors/app-error.ts';

// One company cannot drain the shared database pool (10 connections a process) or the work pool with
// heavy writes: at most HEAVY_PER_COMPANY of the routes below run at once per company in this process;
// more wait their turn (before their body is read, holding no connection), and past
// HEAVY_WAITING_PER_COMPANY waiting, or after waiting HEAVY_WAIT_MS, one answers 429/503 with
// Retry-After. Other companies' requests are never counted against it.

export const HEAVY_PER_COMPANY = 2;
export const HEAVY_WAITING_PER_COMPANY = 200;
export const HEAVY_WAIT_MS = 30_000;

/**
 * Body bytes one company may send to the routes below per minute, in this process (issue 21). A 9 MB
 * document costs the machine ~0.3 s of CPU to store and answer wherever the work runs (the database
 * parses it, the kernel copies it twice, the request loop collects it), so writing one again and
 * again would slow every company's requests; real writes are 10–300 KB documents, captures up to
 * 264 KB and sheets of a few MB, so 32 MB a minute holds a seller's busiest hour many times over.
 */
export const HEAVY_BYTES_PER_MINUTE = 32 * 1024 * 1024;

/** Routes whose work grows with the body (whole documents, many paths, files, captures, schemas). */
export const HEAVY_ROUTES: ReadonlySet<string> = new Set([
  '/api/rocketReg/saveItems',
  '/api/aiRocketReg/updatePartial',
  '/api/aiRocketReg/update',
  '/api/rocketReg/updateFeature',
  '/api/rocketReg/regproduct',
  '/api/rocketReg/deleteItem',
  '/api/aiRocketReg/validate',
  '/api/import1688',
  '/api/import/xlsx',
  '/api/category/meta',
  '/api/export/preflight',
  '/api/export/supplier-hub',
  '/api/export/rocket-growth',
  '/api/export/xlsx',
]);

const BUSY = {
  ko: '이 회사의 다른 요청을 처리하는 중입니다. 잠시 후 다시 시도해주세요.',
  en: "Many of this company's requests are still being processed. Please try again shortly.",
};

const TOO_MANY_BYTES = (seconds: number) => ({
  ko: `이 회사가 1분 동안 보낸 데이터가 너무 많습니다. ${seconds}초 뒤에 다시 시도해주세요.`,
  en: `This company has sent too much data in the last minute. Try again in ${seconds} seconds.`,
});

type Turns = { running: number; waiting: (() => void)[] };

export function installCompanyGate(
  app: FastifyInstance,
  limits = {
    running: HEAVY_PER_COMPANY,
    waiting: HEAVY_WAITING_PER_COMPANY,
    waitMs: HEAVY_WAIT_MS,
    bytesPerMinute: HEAVY_BYTES_PER_MINUTE,
  },
): void {
  const bytes = new RateLimiterMemory({ points: limits.bytesPerMinute, duration: 60 });
  /** Takes `n` body bytes from the company's minute, or answers 429 with the wait (a refusal takes none). */
  const takeBytes = async (companyId: string, n: number) => {
    try {
      await bytes.consume(companyId, n);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      await bytes.reward(companyId, n);
      const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      throw new RetryLaterError('company_bytes', TOO_MANY_BYTES(seconds), seconds, 'too_many');
    }
  };
  const companies = new Map<string, Turns>();
  const held = new WeakMap<FastifyRequest, string>();
  const release = (request: FastifyRequest) => {
    const companyId = held.get(request);
    if (companyId === undefined) return;
    held.delete(request);
    const turns = companies.get(companyId);
    if (!turns) return;
    const next = turns.waiting.shift();
    if (next)
      next(); // the turn passes on: `running` stays
    else if (--turns.running === 0) companies.delete(companyId);
  };
  // After the session is read (installAuthContext's onRequest), before the body is.
  app.addHook('onRequest', async (request, reply) => {
    const companyId = request.session?.companyId;
    if (!companyId || !HEAVY_ROUTES.has(request.routeOptions.url ?? '')) return;
    // The declared body is counted before it is read; a body without a length as it arrives (below).
    // (A body past the route's limit is refused unread, and not counted.)
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > 0 && declared <= (request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY))
      await takeBytes(companyId, declared);
    const turns = companies.get(companyId) ?? { running: 0, waiting: [] };
    companies.set(companyId, turns);
    if (turns.running < limits.running) {
      turns.running++;
      held.set(request, companyId);
      reply.raw.once('close', () => release(request));
      return;
    }
    if (turns.waiting.length >= limits.waiting)
      throw new RetryLaterError('company_busy', BUSY, 2, 'too_many');
    const queue = turns.waiting;
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        const at = queue.indexOf(go);
        if (at >= 0) queue.splice(at, 1);
      };
      const timer = setTimeout(() => {
        leave();
        reject(new RetryLaterError('company_busy', BUSY, 5, 'unavailable'));
      }, limits.waitMs);
      // A client gone while waiting gives up its place (it would otherwise hold a turn nobody frees).
      const gone = () => {
        leave();
        reject(new RetryLaterError('company_busy', BUSY, 5, 'unavailable'));
      };
      reply.raw.once('close', gone);
      function go() {
        clearTimeout(timer);
        reply.raw.off('close', gone);
        held.set(request, companyId!);
        reply.raw.once('close', () => release(request));
        resolve();
      }
      queue.push(go);
    });
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const companyId = request.session?.companyId;
    if (!companyId || !HEAVY_ROUTES.has(request.routeOptions.url ?? '')) return payload;
    if (request.headers['content-length'] !== undefined) return payload;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        takeBytes(companyId, chunk.byteLength).then(
          () => next(null, chunk),
          (error: Error) => next(error),
        );
      },
    });
    return payload.pipe(counted);
  });
  app.addHook('onResponse', async (request) => release(request));
}
