import type { ProductFields } from '@rr/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ProductGoneError } from '../../src/products/product-store.ts';
import { createTaskEnv, signUp } from '../workflow/task-env.ts';

// The ProductStore on PostgreSQL: the one writer's optimistic attempts and its row-lock fallback.

const env = await createTaskEnv();
const store = env.container.productStore;

async function newProduct(doc: Record<string, unknown>) {
  const client = await signUp(env.app, env.db);
  const r = await client.post('/api/rocketReg/saveItems', [doc]);
  expect(r.status).toBe(200);
  const product = r.body.savedItems[0] as { _id: string };
  return { companyId: client.companyId, productId: product._id };
}

/** Statements of this database waiting for a row lock now. */
async function lockWaits(): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(env.db);
  return r.rows[0]!.n;
}

describe('ProductStore.write', () => {
  it('a plan made stale by another write is planned again; after three lost races it is planned under the row lock', async () => {
    const scope = await newProduct({ productName: '纯棉T恤', options: [], korName: '' });
    const seen: unknown[] = [];
    let calls = 0;
    let blocked: Promise<boolean> | undefined;
    const result = await store.write(scope, async (row) => {
      calls++;
      seen.push((row.doc as Record<string, unknown>).subjectTrans ?? null);
      if (calls <= 3) {
        // Another writer lands between this read and the write: the write applies to nothing.
        await store.write(scope, { set: { subjectTrans: `race ${calls}` } });
      } else {
        // Under the row lock: another writer now waits for this one to commit.
        blocked = store.write(scope, { set: { subjectTrans: 'after the lock' } });
        for (let i = 0; i < 200 && (await lockWaits()) === 0; i++)
          await new Promise((r) => setTimeout(r, 10));
        expect(await lockWaits()).toBeGreaterThan(0);
      }
      return { set: { korName: `${String(row.doc.korName)}+` }, result: calls };
    });
    expect(result).toBe(4);
    // Each plan read the row the previous race left; the change was written once.
    expect(seen).toEqual([null, 'race 1', 'race 2', 'race 3']);
    expect(await blocked).toBe(true);
    const row = await store.find(scope.companyId, scope.productId);
    expect(row?.doc.korName).toBe('+');
    expect((row!.doc as Record<string, unknown>).subjectTrans).toBe('after the lock');
  });

  it('a fixed change on a product that is gone answers false; a planned one throws ProductGoneError', async () => {
    const { companyId } = await newProduct({ productName: 'x', options: [] });
    const gone = { companyId, productId: '00000000-0000-4000-8000-000000000000' };
    expect(await store.write(gone, { set: { korName: 'x' } })).toBe(false);
    await expect(store.write(gone, () => ({ set: { korName: 'x' }, result: 1 }))).rejects.toBeInstanceOf(
      ProductGoneError,
    );
  });

  it('create makes the new products and changes the original in one transaction: all or nothing', async () => {
    const scope = await newProduct({ productName: '원본', options: [], korName: 'before' });
    const original = await store.find(scope.companyId, scope.productId);
    const base = original!.registration_id;
    const made = await store.create(
      scope.companyId,
      [{ registrationId: `${base}_2`, doc: { productName: '새 상품', fieldSources: { korName: 'ai' } } }],
      { productId: scope.productId, change: { set: { korName: 'after' } } },
    );
    expect(made.map((r) => r.registration_id)).toEqual([`${base}_2`]);
    // The provenance is in the new product as created (no patch afterwards).
    expect(made[0]!.doc.fieldSources).toEqual({ korName: 'ai' });
    expect((await store.find(scope.companyId, scope.productId))?.doc.korName).toBe('after');

    // The same registration id again: the insert fails, and the original's change is rolled back.
    await expect(
      store.create(scope.companyId, [{ registrationId: `${base}_2`, doc: { productName: 'dup' } }], {
        productId: scope.productId,
        change: { set: { korName: 'not kept' } },
      }),
    ).rejects.toThrow();
    expect((await store.find(scope.companyId, scope.productId))?.doc.korName).toBe('after');
  });
});

describe('ProductStore.setTaskStatus (issue 40: the one status writer)', () => {
  it('writes the task status field; product writes refuse a status and change nothing', async () => {
    const scope = await newProduct({ productName: '상태', options: [], korName: 'kept' });
    expect(await store.setTaskStatus(scope, 'seo', 'processing')).toBe(true);
    expect((await store.find(scope.companyId, scope.productId))?.doc.seoStatus).toBe('processing');

    // A status among a write's fields is refused whole: the other field is not written either.
    const withStatus: ProductFields = { korName: 'changed', seoStatus: 'completed' };
    await expect(store.write(scope, { set: withStatus })).rejects.toThrow(/setTaskStatus/);
    await expect(store.writeFields(scope, withStatus)).rejects.toThrow(/setTaskStatus/);
    await expect(store.write(scope, () => ({ set: withStatus, result: 1 }))).rejects.toThrow(/setTaskStatus/);
    const row = await store.find(scope.companyId, scope.productId);
    expect(row?.doc.korName).toBe('kept');
    expect(row?.doc.seoStatus).toBe('processing');

    // A product that is gone: false, as a fixed write answers.
    const gone = { companyId: scope.companyId, productId: '00000000-0000-4000-8000-000000000000' };
    expect(await store.setTaskStatus(gone, 'seo', 'completed')).toBe(false);
  });
});

describe('ProductStore.underReview (the approval sync reads the products table through the store)', () => {
  it('answers products whose Coupang review is open and has a seller product id, longest unchecked first', async () => {
    const a = await newProduct({ productName: '심사 중 A', options: [] });
    const b = await newProduct({ productName: '심사 중 B', options: [] });
    const approved = await newProduct({ productName: '승인됨', options: [] });
    const noId = await newProduct({ productName: '요청만', options: [] });
    const registration = (status: string, sellerProductId: string | null, checkedAt: string) => ({
      coupangRegistration: { status, sellerProductId, checkedAt },
    });
    await store.writeFields(a, registration('in_review', '111', '2026-01-02T00:00:00Z'), {
      source: 'source',
    });
    await store.writeFields(b, registration('requested', '222', '2026-01-01T00:00:00Z'), {
      source: 'source',
    });
    await store.writeFields(approved, registration('approved', '333', '2026-01-01T00:00:00Z'), {
      source: 'source',
    });
    await store.writeFields(noId, registration('requested', null, '2026-01-01T00:00:00Z'), {
      source: 'source',
    });
    const mine = new Set([a, b, approved, noId].map((s) => s.productId));
    const found = (await store.underReview(1000)).filter((p) => mine.has(p.productId));
    expect(found).toEqual([
      { companyId: b.companyId, productId: b.productId },
      { companyId: a.companyId, productId: a.productId },
    ]);
  });
});
