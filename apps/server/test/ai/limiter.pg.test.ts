import { nextRequestTime, SPEC_RATE_RULE } from '@rr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/database.ts';
import { createTestDb } from '../support/test-db.ts';
import { describeSharedLimit } from './support/limit-suite.ts';

let db: Db;
let otherPool: Db; // a second "process": its own pool (and gateway)
beforeAll(async () => {
  const test = await createTestDb();
  db = test.db;
  otherPool = createDb(test.url, { max: 5 });
});
afterAll(async () => {
  await otherPool?.destroy();
});

describe('per-key limit rule (W §9: 12 per minute, 1 s apart, window end + 2 s)', () => {
  it('computes the next slot from the reserved ones', () => {
    const now = 1_000_000;
    expect(nextRequestTime([], now, SPEC_RATE_RULE)).toBe(now);
    expect(nextRequestTime([now - 200], now, SPEC_RATE_RULE)).toBe(now + 800);
    const twelve = Array.from({ length: 12 }, (_, i) => now - 1000 * i); // newest first
    expect(nextRequestTime(twelve, now, SPEC_RATE_RULE)).toBe(now - 11_000 + 60_000 + 2000);
  });
});

// The gateway's default store: `ai_reserve_slot` in PostgreSQL, reserved with the log row.
describeSharedLimit('PostgreSQL', () => [{ db }, { db: otherPool }]);
