import type { CoupangCredentials } from '../coupang/coupang-client.ts';
import { COUPANG_MESSAGES } from '../coupang/coupang-messages.ts';
import { AppError } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import {
  dayNumber,
  dayText,
  planSteps,
  SALES_STREAMS,
  type SalesRows,
  type SalesStep,
  type SalesStream,
  STREAMS,
} from './sales-streams.ts';

// Issue 41: the sales sync. Per company and stream, Coupang's pages are read in order through the
// client (and so the per-vendor limiter); each page is saved with the cursor that follows it, in one
// transaction (raw answer, rows upserted on their keys, cursor), so a sync stopped anywhere (a crash,
// a 429) resumes at the page after the last one saved, and reading the same answers twice leaves the
// same rows. A finished stream remembers the last day it covered; the next sync starts OVERLAP_DAYS
// before it (statuses move on, returns and settlements come later), never more than HISTORY_DAYS back.

export const HISTORY_DAYS = 90;
export const OVERLAP_DAYS = 14;
const KST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** Where a stream stands: mid-plan (`active`) or done through a day. */
export type SalesCursor = {
  active?: { start: string; from: string; sub: number; token: string } | undefined;
  doneThrough?: string | undefined;
};

export type SavedPage = {
  stream: SalesStream;
  request: string;
  answer: Record<string, unknown>;
  rows: SalesRows;
  cursor: SalesCursor;
};

/** The repository's part the sync uses (container: `createSalesRepository(db)`). */
export type SalesSyncStore = {
  cursor(companyId: string, stream: SalesStream): Promise<SalesCursor | null>;
  savePage(companyId: string, page: SavedPage): Promise<void>;
  /** Companies that synced before (the schedule syncs them again). */
  syncedCompanies(): Promise<string[]>;
};

export type SalesPageReader = {
  readPage(creds: CoupangCredentials, path: string, query: string): Promise<Record<string, unknown>>;
};

export type SalesSyncDeps = {
  store: SalesSyncStore;
  client: SalesPageReader;
  credentials(companyId: string): Promise<CoupangCredentials | null>;
  clock: { now(): number };
  log: Pick<Log, 'warn' | 'info'>;
  /** Most pages one stream reads in one sync (a bound; the next sync goes on from the cursor). */
  maxPagesPerStream?: number;
};

export type StreamResult = { stream: SalesStream; pages: number; rows: number; complete: boolean };

const same = (a: SalesStep, b: { from: string; sub: number }) => a.from === b.from && a.sub === b.sub;

export function createSalesSyncService(deps: SalesSyncDeps) {
  const maxPages = deps.maxPagesPerStream ?? 2_000;
  const running = new Map<string, Promise<StreamResult[]>>();

  async function syncStream(
    companyId: string,
    creds: CoupangCredentials,
    stream: SalesStream,
    today: number,
  ): Promise<StreamResult> {
    const def = STREAMS[stream];
    const saved = await deps.store.cursor(companyId, stream);
    const earliest = today - HISTORY_DAYS + 1;
    const start = saved?.active
      ? dayNumber(saved.active.start)
      : saved?.doneThrough
        ? Math.max(earliest, dayNumber(saved.doneThrough) - OVERLAP_DAYS)
        : earliest;
    const steps = planSteps(stream, start, today);
    let index = 0;
    let token = '';
    if (saved?.active) {
      const found = steps.findIndex((s) => same(s, saved.active!));
      // A plan whose window no longer exists (the stored start moved out of range): from the start.
      if (found >= 0) {
        index = found;
        token = saved.active.token;
      }
    }
    let pages = 0;
    let rows = 0;
    while (index < steps.length) {
      if (pages >= maxPages) return { stream, pages, rows, complete: false };
      const step = steps[index]!;
      const path = def.path(creds.vendorId);
      const query = def.search(creds.vendorId, step, token);
      const answer = await deps.client.readPage(creds, path, query);
      const pageRows = def.rows(answer);
      const next = def.next(answer);
      pages++;
      rows +=
        pageRows.orders.length +
        pageRows.returns.length +
        pageRows.settlements.length +
        pageRows.inventory.length;
      let cursor: SalesCursor;
      if (next) cursor = { active: { start: dayText(start), from: step.from, sub: step.sub, token: next } };
      else if (index + 1 < steps.length) {
        const following = steps[index + 1]!;
        cursor = { active: { start: dayText(start), from: following.from, sub: following.sub, token: '' } };
      } else cursor = { doneThrough: dayText(today) };
      await deps.store.savePage(companyId, {
        stream,
        request: `${path}?${query}`,
        answer,
        rows: pageRows,
        cursor,
      });
      if (next) token = next;
      else {
        index++;
        token = '';
      }
    }
    return { stream, pages, rows, complete: true };
  }

  async function run(companyId: string, streams: readonly SalesStream[]): Promise<StreamResult[]> {
    const creds = await deps.credentials(companyId);
    if (!creds) throw new AppError('coupang_keys_missing', 'unprocessable', COUPANG_MESSAGES.keysMissing);
    const today = Math.floor((deps.clock.now() + KST_MS) / DAY_MS);
    const results: StreamResult[] = [];
    // One stream after another: the vendor's limiter spaces the calls anyway.
    for (const stream of streams) results.push(await syncStream(companyId, creds, stream, today));
    return results;
  }

  return {
    /**
     * Syncs the company's streams (all by default). A second call while one runs for the company
     * joins it: one sync per company at a time in this process (the cursor keeps two processes from
     * losing a page; at worst a page is read twice, which changes nothing).
     */
    sync(companyId: string, streams: readonly SalesStream[] = SALES_STREAMS): Promise<StreamResult[]> {
      const current = running.get(companyId);
      if (current) return current;
      const started = run(companyId, streams).finally(() => running.delete(companyId));
      running.set(companyId, started);
      return started;
    },
    /** The schedule's pass: every company that synced before, one after another; a failure is logged. */
    async syncAll(): Promise<void> {
      for (const companyId of await deps.store.syncedCompanies()) {
        try {
          await this.sync(companyId);
        } catch (e) {
          deps.log.warn(
            { companyId, err: e instanceof Error ? e.message : String(e) },
            'scheduled sales sync failed (it resumes from its cursor next time)',
          );
        }
      }
    },
  };
}
export type SalesSyncService = ReturnType<typeof createSalesSyncService>;
