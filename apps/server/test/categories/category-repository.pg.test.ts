import { describe, expect, it } from 'vitest';
import { createCategoryRepository } from '../../src/categories/category-repository.ts';
import { createTestDb } from '../support/test-db.ts';

// The category repository on a real PostgreSQL: what its SQL keeps per company, what an upsert
// replaces and what it leaves. The service over it, on a fake: test/categories/category-service.test.ts.

const { db } = await createTestDb();
let n = 0;
const company = async () =>
  (
    await db
      .insertInto('companies')
      .values({ name: `카테고리 상점 ${++n}`, supplier_code: `CCAT${String(n).padStart(5, '0')}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const node = (code: number, name: string) => ({
  displayItemCategoryCode: code,
  name,
  status: 'ACTIVE',
  child: [],
});

describe('the category repository (real PostgreSQL)', () => {
  const repository = createCategoryRepository(db);

  it("keeps one list per company; a save without source keeps the list's source", async () => {
    const a = await company();
    const b = await company();
    expect(await repository.findList(a)).toBeUndefined();
    const first = await repository.upsertList(a, [node(1, '생활용품')], 'coupang');
    await repository.upsertList(a, [node(2, '주방용품')]);
    const stored = await repository.findList(a);
    expect(stored?.category).toEqual([node(2, '주방용품')]);
    expect(stored!.built_at.getTime()).toBeGreaterThanOrEqual(first.getTime());
    const source = await db
      .selectFrom('category_lists')
      .select('source')
      .where('company_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(source.source).toBe('coupang');
    expect(await repository.findList(b)).toBeUndefined();
  });

  it("counts and finds shipped schemas; a company's own schema is its own, replaced in place, newest first", async () => {
    const a = await company();
    const b = await company();
    const before = await repository.countShipped();
    await repository.upsertShipped({
      code: 990001,
      categoryPath: '테스트>하나',
      schema: { a: 1 },
      jsonSchema: { type: 'object' },
    });
    await repository.upsertShipped({
      code: 990001,
      categoryPath: '테스트>하나 (갱신)',
      schema: { a: 2 },
      jsonSchema: { type: 'object' },
    });
    expect(await repository.countShipped()).toBe(before + 1);
    expect(await repository.findShipped(990001)).toEqual({
      display_category_code: 990001,
      category_path: '테스트>하나 (갱신)',
      schema: { a: 2 },
      json_schema: { type: 'object' },
    });

    const s = (code: number, path: string) => ({
      code,
      categoryPath: path,
      schema: { code },
      jsonSchema: {},
      meta: { code },
    });
    await repository.upsertCompanySchema(a, s(990002, 'A>둘'));
    await repository.upsertCompanySchema(a, s(990003, 'A>셋'));
    const replaced = await repository.upsertCompanySchema(a, s(990002, 'A>둘 (다시)'));
    expect((await repository.findCompanySchema(a, 990002))?.category_path).toBe('A>둘 (다시)');
    expect((await repository.findCompanySchema(a, 990002))?.updated_at).toEqual(replaced);
    expect(await repository.findCompanySchema(b, 990002)).toBeUndefined();
    expect((await repository.listCompanySchemas(a)).map((r) => r.display_category_code)).toEqual([
      990002, 990003,
    ]);
    expect(await repository.listCompanySchemas(b)).toEqual([]);

    const codesA = await repository.schemaCodes(a);
    expect(codesA).toEqual(expect.arrayContaining([990001, 990002, 990003]));
    const codesB = await repository.schemaCodes(b);
    expect(codesB).toContain(990001);
    expect(codesB).not.toContain(990002);
    expect(await repository.schemaCodes()).not.toContain(990003);
  });
});
