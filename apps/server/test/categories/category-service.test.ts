import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryNode } from '@rr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCategoryCaches } from '../../src/categories/category-caches.ts';
import type {
  CategoryRepository,
  CategorySchemaRow,
  CategorySchemaWrite,
} from '../../src/categories/category-repository.ts';
import { createCategorySchemas, shippedSchemaCodes } from '../../src/categories/category-schemas.ts';
import { createCategoryService } from '../../src/categories/category-service.ts';
import { AppError } from '../../src/errors/app-error.ts';

// The category service and schemas on a fake of the category repository (no PostgreSQL): which
// schema a company gets for a code, what is remembered between calls, and what an unknown code answers.

const here = path.dirname(fileURLToPath(import.meta.url));
const metaAnswer = (code: number): unknown =>
  JSON.parse(readFileSync(path.join(here, `../../src/categories/fixtures/meta-${code}.json`), 'utf8'));

/** The category tables in memory, counting what the service asks of them. */
function fakeCategoryRepository() {
  const calls = { countShipped: 0, upsertShipped: 0, findShipped: 0 };
  const lists = new Map<string, { built_at: Date; category: CategoryNode[]; source: string }>();
  const shipped = new Map<number, CategorySchemaRow>();
  const own = new Map<string, CategorySchemaRow & { updated_at: Date; meta: unknown }>();
  let tick = Date.UTC(2026, 10, 28, 9);
  const now = () => {
    tick += 1000;
    return new Date(tick);
  };
  const row = (s: CategorySchemaWrite): CategorySchemaRow => ({
    display_category_code: s.code,
    category_path: s.categoryPath,
    // Stored as JSON, read back parsed: what PostgreSQL's jsonb does.
    schema: JSON.parse(JSON.stringify(s.schema)),
    json_schema: JSON.parse(JSON.stringify(s.jsonSchema)),
  });
  const repository: CategoryRepository = {
    async findList(companyId) {
      const l = lists.get(companyId);
      return l && { built_at: l.built_at, category: l.category };
    },
    async upsertList(companyId, category, source) {
      const built_at = now();
      lists.set(companyId, {
        built_at,
        category,
        source: source ?? lists.get(companyId)?.source ?? 'shipped',
      });
      return built_at;
    },
    async countShipped() {
      calls.countShipped++;
      return shipped.size;
    },
    async upsertShipped(s) {
      calls.upsertShipped++;
      shipped.set(s.code, row(s));
    },
    async findShipped(code) {
      calls.findShipped++;
      return shipped.get(code);
    },
    async schemaCodes(companyId) {
      const mine = [...own.entries()].filter(([k]) => companyId && k.startsWith(`${companyId}:`));
      return [...shipped.keys(), ...mine.map(([, r]) => r.display_category_code)];
    },
    async upsertCompanySchema(companyId, s) {
      const updated_at = now();
      own.set(`${companyId}:${s.code}`, { ...row(s), updated_at, meta: s.meta });
      return updated_at;
    },
    async findCompanySchema(companyId, code) {
      return own.get(`${companyId}:${code}`);
    },
    async listCompanySchemas(companyId) {
      return [...own.entries()]
        .filter(([k]) => k.startsWith(`${companyId}:`))
        .map(([, r]) => r)
        .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime());
    },
  };
  return { repository, calls, lists, shipped };
}

let fake: ReturnType<typeof fakeCategoryRepository>;
const caches = createCategoryCaches();
const serviceOn = (repository: CategoryRepository) =>
  createCategoryService({ repository, schemas: createCategorySchemas(repository, caches) });

beforeEach(() => {
  fake = fakeCategoryRepository();
});

describe('the category service on a fake repository', () => {
  it("answers the company's own schema of a code first, the shipped one to every other company", async () => {
    const service = serviceOn(fake.repository);
    const code = 68010;
    const shipped = await service.schema('company-b', code);
    expect(shipped).toMatchObject({ displayCategoryCode: code, isGeneric: false });
    expect(shipped.isCompany).toBeUndefined();

    // Company A adds Coupang's answer for the same code under its own path.
    const saved = await service.saveMeta('company-a', {
      displayCategoryCode: code,
      categoryPath: '내 카테고리>테스트',
      meta: metaAnswer(62614),
    });
    expect(saved.categoryPath).toBe('내 카테고리>테스트');

    const mine = await service.schema('company-a', code);
    expect(mine).toMatchObject({ categoryPath: '내 카테고리>테스트', isCompany: true, isGeneric: false });
    expect(mine.schema).toEqual(saved.schema);
    expect(mine.schema).not.toEqual(shipped.schema);
    // The other company still gets the shipped one.
    expect(await service.schema('company-b', code)).toEqual(shipped);
    expect(await service.companySchemas('company-a')).toEqual([
      { displayCategoryCode: code, categoryPath: '내 카테고리>테스트', updatedAt: saved.updatedAt },
    ]);
    expect(await service.companySchemas('company-b')).toEqual([]);
  });

  it('checks (and seeds) the shipped schemas once, then reads only the one asked for', async () => {
    const service = serviceOn(fake.repository);
    const codes = shippedSchemaCodes();
    await service.schema('company-a', codes[0]!);
    expect(fake.calls).toEqual({ countShipped: 1, upsertShipped: codes.length, findShipped: 1 });
    await service.schema('company-a', codes[1]!);
    await service.search('company-a', { q: '', withSchemaOnly: true, limit: 50 });
    expect(fake.calls).toEqual({ countShipped: 1, upsertShipped: codes.length, findShipped: 2 });

    // Another repository (another database) over the same caches is checked on its own; full, it is not written.
    const full = fakeCategoryRepository();
    for (const [code, row] of fake.shipped) full.shipped.set(code, row);
    await serviceOn(full.repository).schema('company-a', codes[0]!);
    expect(full.calls).toEqual({ countShipped: 1, upsertShipped: 0, findShipped: 1 });
  });

  it('answers not found in Korean for a code neither stored nor in the tree, a generic schema for a tree leaf without one', async () => {
    const service = serviceOn(fake.repository);
    const unknown = service.schema('company-a', 999_999_999);
    await expect(unknown).rejects.toBeInstanceOf(AppError);
    await expect(unknown).rejects.toMatchObject({
      code: 'category_not_found',
      kind: 'not_found',
      userMessage: { ko: '카테고리를 찾을 수 없습니다: 999999999', en: 'Category not found: 999999999' },
    });

    const shipped = new Set(shippedSchemaCodes());
    const leaf = [...caches.tree().leaves.values()].find((l) => !shipped.has(l.displayCategoryCode))!;
    const generic = await service.schema('company-a', leaf.displayCategoryCode);
    expect(generic).toMatchObject({ categoryPath: leaf.path, isGeneric: true });
    expect(generic.schema.noticeCategories.map((n) => n.name)).toEqual(['기타 재화']);
  });

  it('keeps the category list per company until forced, and finds a path in a list fetched from Coupang', async () => {
    const service = serviceOn(fake.repository);
    const first = await service.list('company-a', false);
    expect(first.category).toBe(caches.tree().roots);
    expect(await service.list('company-a', false)).toEqual(first);
    const forced = await service.list('company-a', true);
    expect(forced.date > first.date).toBe(true);

    const fetched: CategoryNode[] = [
      {
        displayItemCategoryCode: 1,
        name: '생활용품',
        status: 'ACTIVE',
        child: [{ displayItemCategoryCode: 2, name: '욕실용품', status: 'ACTIVE', child: [] }],
      },
    ];
    const stored = await service.storeList('company-b', fetched, 'coupang');
    expect(stored).toMatchObject({ category: fetched, source: 'coupang' });
    expect(fake.lists.get('company-b')?.source).toBe('coupang');
    expect(await service.cachedPath('company-b', 2)).toBe('생활용품>욕실용품');
    expect(await service.cachedPath('company-b', 3)).toBeUndefined();
    expect(await service.cachedPath('company-c', 2)).toBeUndefined();
    expect(await service.list('company-b', false)).toEqual({ date: stored.date, category: fetched });
  });
});
