import { planTaskWrite, readFieldSources } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ProductCaches } from '../products/product-caches.ts';
import { quotaError } from '../products/product-quotas.ts';
import {
  applyPartialUpdateAtVersion,
  findProductVersion,
  storedDocument,
} from '../products/product-repository.ts';
import { type ParsedUpdate, parseUpdateFields } from '../products/update-paths.ts';
import { readAiProviderName } from '../settings/settings-service.ts';
import type { TaskContext } from './task.ts';

/** Attempts of read → plan → write-if-unchanged before taking the row lock instead. */
const OPTIMISTIC_ATTEMPTS = 3;

export class ProductGoneError extends Error {
  constructor(productId: string) {
    super(`product ${productId} not found`);
    this.name = 'ProductGoneError';
  }
}

/**
 * A task's write of product fields (dotted paths), as issue 11 asks: each written value is recorded
 * in doc.fieldSources as `source` ('ai' unless told), and a value the seller edited (that path or a
 * parent path, not empty) is never overwritten — it is reported in `skipped`. The write is checked
 * against the row version (xmin) it was planned on, so a seller's edit that lands in between is
 * seen and kept; after a few lost races the row is locked for the last attempt.
 */
export async function writeTaskFields(
  ctx: Pick<TaskContext, 'container' | 'companyId' | 'productId'>,
  updates: Record<string, unknown>,
  opts: Parameters<typeof writeFields>[2] = {},
): Promise<{ written: string[]; skipped: string[] }> {
  try {
    return await writeFields(ctx, updates, opts);
  } catch (err) {
    // Over the company's product data quota (migration 0014): the seller reads why, in Korean.
    throw quotaError(err) ?? err;
  }
}

async function writeFields(
  ctx: Pick<TaskContext, 'container' | 'companyId' | 'productId'>,
  updates: Record<string, unknown>,
  opts: {
    source?: 'ai' | 'source';
    /**
     * The seller asked for this result on these paths (an image action on the product page): it
     * replaces the seller's own value at each path (and inside it), which becomes machine-made
     * again. A seller edit of a parent path still wins.
     */
    sellerAsked?: boolean;
  } = {},
): Promise<{ written: string[]; skipped: string[] }> {
  // An AI value the offline demo provider wrote is marked as such, not as a model's (issue 20).
  const asked = opts.source ?? 'ai';
  const source =
    asked === 'ai' && (await readAiProviderName(ctx.container.db, ctx.companyId)) === 'offline'
      ? 'offline'
      : asked;
  const sellerAsked = opts.sellerAsked ?? false;
  const parsed = parseUpdateFields(updates);
  if (!parsed.ok) {
    throw new Error(`invalid task update: ${parsed.problems.map((p) => `${p.path} ${p.reason}`).join('; ')}`);
  }
  const { db } = ctx.container;
  const { caches } = ctx.container.products;
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const done = await tryWrite(db, caches, ctx.companyId, ctx.productId, updates, source, sellerAsked);
    if (done !== 'conflict') return done;
  }
  return db.transaction().execute(async (trx) => {
    await sql`select 1 from products where id = ${ctx.productId} and company_id = ${ctx.companyId} for update`.execute(
      trx,
    );
    const done = await tryWrite(trx, caches, ctx.companyId, ctx.productId, updates, source, sellerAsked);
    if (done === 'conflict') throw new Error('product changed under a row lock');
    return done;
  });
}

async function tryWrite(
  db: Db,
  caches: ProductCaches,
  companyId: string,
  productId: string,
  updates: Record<string, unknown>,
  source: 'ai' | 'offline' | 'source',
  sellerAsked: boolean,
): Promise<{ written: string[]; skipped: string[] } | 'conflict'> {
  const row = await findProductVersion(db, companyId, productId);
  if (!row) throw new ProductGoneError(productId);
  let sources = readFieldSources(row.doc.fieldSources);
  if (sellerAsked) {
    const paths = Object.keys(updates);
    sources = Object.fromEntries(
      Object.entries(sources).filter(([p]) => !paths.some((u) => p === u || p.startsWith(`${u}.`))),
    );
  }
  // Judged against the whole stored document: a stored value the parse set aside is not "empty".
  const plan = planTaskWrite(storedDocument(row), sources, updates, source);
  if (plan.updates.length === 0) return { written: [], skipped: plan.skipped };
  const parsed: ParsedUpdate[] = [
    ...plan.updates.map((u) => ({ segments: u.path.split('.'), value: u.value })),
    { segments: ['fieldSources'], value: plan.fieldSources },
  ];
  const result = await applyPartialUpdateAtVersion(db, companyId, productId, row.version, parsed, caches);
  if (result === 'conflict') return 'conflict';
  if (result === undefined) throw new ProductGoneError(productId);
  return { written: plan.written, skipped: plan.skipped };
}
