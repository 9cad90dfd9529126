import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RetryLaterError } from '../errors/app-error.ts';

// One company cannot drain the shared database pool (10 connections a process) or the work pool with
// heavy writes: at most HEAVY_PER_COMPANY of the routes below run at once per company in this process;
// more wait their turn (before their body is read, holding no connection), and past
// HEAVY_WAITING_PER_COMPANY waiting, or after waiting HEAVY_WAIT_MS, one answers 429/503 with
// Retry-After. Other companies' requests are never counted against it.

export const HEAVY_PER_COMPANY = Math.max(1, availableParallelism() - 1);
export const HEAVY_WAITING_PER_COMPANY = 200;
export const HEAVY_WAIT_MS = 30_000;

/**
 * Pace of one company's heavy request bodies and of the documents they write. What a heavy route
 * costs the server grows with its body (received, parsed, written to PostgreSQL, answered) or, for a
 * partial update, with the document it rewrites (chargeWrittenBytes), so a company that has sent more than
 * HEAVY_BYTES_ALLOWANCE lately waits, holding its turn and before its next body is read, until that
 * is paid back at HEAVY_BYTES_PER_SECOND. A seller's bursts fit in the allowance (real documents are
 * 10–300 KB, a 1688 capture at most 264 KB, a 1,000-option sheet a few MB), and past it a request waits
 * a moment rather than being refused; one sending 9 MB documents back to back gets them saved at this
 * pace instead of taking the cores from every other company (issue 21).
 */
export const HEAVY_BYTES_PER_SECOND = 1 * 1024 * 1024;
export const HEAVY_BYTES_ALLOWANCE = 8 * 1024 * 1024;

/**
 * Bytes a heavy request made the database write beyond its body, counted into its company's pace
 * like the body: a partial update of a few paths rewrites the whole stored document (issue 21: ten
 * 500-path updates of a 9 MB document a second wrote 90 MB a second and slowed every other company's
 * requests, while their bodies were 20 KB each). Set by the route once the write is done.
 */
const writtenBeyondBody = new WeakMap<FastifyRequest, number>();

export function chargeWrittenBytes(request: FastifyRequest, bytes: number): void {
  if (!Number.isFinite(bytes) || bytes <= 0) return;
  writtenBeyondBody.set(request, (writtenBeyondBody.get(request) ?? 0) + bytes);
}

/** Bytes a company's heavy requests have sent and not yet paid back, as of `at` (ms). */
export type BodyDebt = { owed: number; at: number };
export type BodyPace = { bytesPerSecond: number; allowance: number };

/** The debt at `now`: what was owed, less what the pace has paid back since (never below 0). */
export function debtAt(debt: BodyDebt, now: number, pace: BodyPace): number {
  return Math.max(0, debt.owed - ((now - debt.at) / 1000) * pace.bytesPerSecond);
}

/** How long a company's next heavy request waits before its body is read (0: it goes now). */
export function paceDelayMs(debt: BodyDebt | undefined, now: number, pace: BodyPace): number {
  if (!debt) return 0;
  const over = debtAt(debt, now, pace) - pace.allowance;
  return over <= 0 ? 0 : Math.ceil((over / pace.bytesPerSecond) * 1000);
}

/** The debt after a heavy request that sent `bytes` ended at `now`. */
export function charge(debt: BodyDebt | undefined, bytes: number, now: number, pace: BodyPace): BodyDebt {
  const owed = debt ? debtAt(debt, now, pace) : 0;
  return { owed: owed + Math.max(0, bytes), at: now };
}

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

type Turns = { running: number; waiting: (() => void)[] };

/** Companies whose debt is kept before the paid-off ones are dropped. */
const MAX_DEBTS = 10_000;

export type GateLimits = { running: number; waiting: number; waitMs: number; pace: BodyPace };

export const GATE_LIMITS: GateLimits = {
  running: HEAVY_PER_COMPANY,
  waiting: HEAVY_WAITING_PER_COMPANY,
  waitMs: HEAVY_WAIT_MS,
  pace: { bytesPerSecond: HEAVY_BYTES_PER_SECOND, allowance: HEAVY_BYTES_ALLOWANCE },
};

export function installCompanyGate(app: FastifyInstance, limits: GateLimits = GATE_LIMITS): void {
  const companies = new Map<string, Turns>();
  const held = new WeakMap<FastifyRequest, string>();
  const debts = new Map<string, BodyDebt>();
  /** The socket's byte count when a request's turn began: what it read after that is its body. */
  const readBefore = new WeakMap<FastifyRequest, number>();
  const release = (request: FastifyRequest) => {
    const companyId = held.get(request);
    if (companyId === undefined) return;
    held.delete(request);
    const before = readBefore.get(request);
    if (before !== undefined) {
      const now = Date.now();
      const sent = (request.raw.socket?.bytesRead ?? before) - before;
      const cost = sent + (writtenBeyondBody.get(request) ?? 0);
      debts.set(companyId, charge(debts.get(companyId), cost, now, limits.pace));
      if (debts.size > MAX_DEBTS)
        for (const [id, debt] of debts) if (debtAt(debt, now, limits.pace) === 0) debts.delete(id);
    }
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
    const turns = companies.get(companyId) ?? { running: 0, waiting: [] };
    companies.set(companyId, turns);
    if (turns.running < limits.running) {
      turns.running++;
      held.set(request, companyId);
      reply.raw.once('close', () => release(request));
      return paced(request, reply, companyId);
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
    return paced(request, reply, companyId);
  });

  /** With its turn, a request waits out its company's body debt; then its body is read. */
  async function paced(request: FastifyRequest, reply: FastifyReply, companyId: string): Promise<void> {
    const delay = paceDelayMs(debts.get(companyId), Date.now(), limits.pace);
    if (delay > 0)
      await new Promise<void>((resolve, reject) => {
        const gone = () => {
          clearTimeout(timer);
          reject(new RetryLaterError('company_busy', BUSY, 5, 'unavailable'));
        };
        const timer = setTimeout(() => {
          reply.raw.off('close', gone);
          resolve();
        }, delay);
        reply.raw.once('close', gone);
      });
    readBefore.set(request, request.raw.socket?.bytesRead ?? 0);
  }
  app.addHook('onResponse', async (request) => release(request));
}
