import { describe, expect, it } from 'vitest';
import { createExportSettingsRepository } from '../../src/exports/export-settings-repository.ts';
import { createTestDb } from '../support/test-db.ts';

// The export settings repository on a real PostgreSQL. What the settings mean (words cleaned, keys
// sealed), on a fake repository: test/exports/export-service.test.ts.

const { db } = await createTestDb();
let n = 0;
const company = async () =>
  (
    await db
      .insertInto('companies')
      .values({ name: `내보내기 상점 ${++n}`, supplier_code: `CEXP${String(n).padStart(5, '0')}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('the export settings repository (real PostgreSQL)', () => {
  const repository = createExportSettingsRepository(db);

  it("stores a company's words and seller record, replaced whole on the next save", async () => {
    const a = await company();
    const b = await company();
    expect(await repository.find(a)).toBeUndefined();
    await repository.upsert(a, {
      bannedWords: ['최고'],
      brandWords: [],
      seller: { vendorId: 'A1', accessKeySealed: 'v2:x' },
    });
    await repository.upsert(a, { bannedWords: ['특가'], brandWords: ['나이키'], seller: { vendorId: 'A2' } });
    expect(await repository.find(a)).toEqual({
      banned_words: ['특가'],
      brand_words: ['나이키'],
      seller: { vendorId: 'A2' },
    });
    expect(await repository.find(b)).toBeUndefined();
  });
});
