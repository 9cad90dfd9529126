import { describe, expect, it } from 'vitest';
import { createWriteLanes, type WriteLane } from '../../src/limits/write-lanes.ts';
import { createProductService } from '../../src/products/product-service.ts';

// Issue 39: the lane of a seller's write is decided by the document it rewrites, read before the
// write (doc_bytes), not only by what the company wrote lately: twelve companies back from a pause
// otherwise rewrote their 9 MB documents all at once on the light lane.

const MB = 1024 * 1024;
const COMPANY = 'c0000000-0000-4000-8000-000000000001';
const BIG = 'b0000000-0000-4000-8000-000000000001';
const SMALL = 'b0000000-0000-4000-8000-000000000002';

function serviceOn(stored: Record<string, number>) {
  const sizeReads: string[] = [];
  const lanesSeen: WriteLane[] = [];
  const repo = {
    findDocumentBytes: async (_companyId: string, id: string) => {
      sizeReads.push(id);
      return stored[id];
    },
  };
  const store = {
    updatePartial: async (_companyId: string, body: { productId: string }, lane: WriteLane) => {
      lanesSeen.push(lane);
      return { updatedAt: new Date(0).toISOString(), docBytes: stored[body.productId] ?? 0 };
    },
  };
  const lanes = createWriteLanes({ connections: 10, budgetBytes: 8 * MB });
  const service = createProductService({
    repo: repo as never,
    store: store as never,
    storage: {} as never,
    caches: {} as never,
    validator: {} as never,
    categories: {} as never,
    companies: {} as never,
    lanes,
  });
  const save = (productId: string) =>
    service.updatePartial(COMPANY, { productId, updateFields: { 'options.0.memo': 'x' } });
  return { save, sizeReads, lanesSeen, lanes };
}

describe('the lane of a seller’s partial update', () => {
  it('is heavy for a 9 MB document on the company’s first write, light for a 50 KB one', async () => {
    const s = serviceOn({ [BIG]: 9 * MB, [SMALL]: 50 * 1024 });
    await s.save(SMALL);
    await s.save(BIG);
    expect(s.lanesSeen).toEqual(['light', 'heavy']);
  });

  it('reads a document’s size once, then keeps it from each write’s answer', async () => {
    const s = serviceOn({ [BIG]: 9 * MB, [SMALL]: 50 * 1024 });
    await s.save(SMALL);
    await s.save(SMALL);
    await s.save(SMALL);
    expect(s.sizeReads).toEqual([SMALL]);
  });

  it('a product without a stored size (not the company’s) takes the company’s lane; the store answers for it', async () => {
    const s = serviceOn({});
    await s.save(BIG);
    expect(s.lanesSeen).toEqual(['light']);
    expect(s.sizeReads).toEqual([BIG]);
  });
});
