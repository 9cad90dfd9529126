import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RetryLaterError } from '../errors/app-error.ts';

// One company cannot drain the shared database pool (10 connections a process) or the work pool with
// heavy writes: at most HEAVY_PER_COMPANY of the routes below run at once per company in this process;
// more wait their turn (before their body is read, holding no connection), and past
// HEAVY_WAITING_PER_COMPANY waiting, or after waiting HEAVY_WAIT_MS, one answers 429/503 with
// Retry-After. Other companies' requests are never counted against it.

export const HEAVY_PER_COMPANY = Math.max(1, availableParallelism() - 1);
export const HEAVY_WAITING_PER_COMPANY = 200;
export const HEAVY_WAIT_MS = 30_000;

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

export function installCompanyGate(
  app: FastifyInstance,
  limits = { running: HEAVY_PER_COMPANY, waiting: HEAVY_WAITING_PER_COMPANY, waitMs: HEAVY_WAIT_MS },
): void {
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
  app.addHook('onResponse', async (request) => release(request));
}
