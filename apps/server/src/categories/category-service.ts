import type { CategoryLeaf, CategoryNode } from '@rr/contracts';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';
import type { CategoryCaches } from './category-caches.ts';
import { findCategoryList, upsertCategoryList } from './category-repository.ts';
import { codesWithSchema, getCategorySchema } from './category-schemas.ts';
import { searchLeaves } from './category-tree.ts';
import { listCompanyCategorySchemas, saveCompanyCategoryMeta } from './company-category-schemas.ts';

// POST /api/category/getcategorylist (W §7): `{ date, category }`, cached per company unless forced.
// There is no network path to Coupang here: the list is built from the tree we ship.

export async function getCategoryList(
  db: Db,
  caches: CategoryCaches,
  companyId: string,
  force: boolean,
): Promise<{ date: string; category: CategoryNode[] }> {
  if (!force) {
    const cached = await findCategoryList(db, companyId);
    if (cached) return { date: cached.built_at.toISOString(), category: cached.category };
  }
  const category = caches.tree().roots;
  const builtAt = await upsertCategoryList(db, companyId, category);
  return { date: builtAt.toISOString(), category };
}

export async function searchCategories(
  db: Db,
  caches: CategoryCaches,
  input: { q: string; withSchemaOnly: boolean; limit: number },
  companyId?: string,
): Promise<CategoryLeaf[]> {
  const withSchema = await codesWithSchema(db, caches, companyId);
  if (input.withSchemaOnly) {
    const tree = caches.tree();
    return [...withSchema]
      .map((code) => tree.leaves.get(code))
      .filter((l): l is NonNullable<typeof l> => !!l)
      .filter((l) =>
        `${l.displayCategoryCode} ${l.path}`.toLowerCase().includes(input.q.trim().toLowerCase()),
      )
      .slice(0, input.limit)
      .map((l) => ({ ...l, hasSchema: true }));
  }
  const leaves = searchLeaves(caches.tree(), input.q, input.limit * 4);
  // Categories with a schema first, then the tree's order.
  return leaves
    .map((l) => ({ ...l, hasSchema: withSchema.has(l.displayCategoryCode) }))
    .sort((a, b) => Number(b.hasSchema) - Number(a.hasSchema))
    .slice(0, input.limit);
}

/**
 * Issue 23: the display-category tree fetched from Coupang with the company's keys becomes its cached
 * list (source 'coupang'), answered by getcategorylist until refreshed or rebuilt from the shipped tree.
 */
export async function storeCategoryList(
  db: Db,
  companyId: string,
  category: CategoryNode[],
  source: 'shipped' | 'coupang',
): Promise<{ date: string; category: CategoryNode[]; source: string }> {
  const builtAt = await upsertCategoryList(db, companyId, category, source);
  return { date: builtAt.toISOString(), category, source };
}

/** The path (names joined by '>') of a code in the company's cached list, when it has one. */
export async function cachedCategoryPath(
  db: Db,
  companyId: string,
  code: number,
): Promise<string | undefined> {
  const row = await findCategoryList(db, companyId);
  const find = (nodes: CategoryNode[], trail: string[]): string | undefined => {
    for (const n of nodes) {
      const here = [...trail, n.name];
      if (n.displayItemCategoryCode === code) return here.join('>');
      const below = find(n.child ?? [], here);
      if (below) return below;
    }
    return undefined;
  };
  return row ? find(row.category, []) : undefined;
}

/** The category calls bound to the container's database and category caches (built once per container). */
export function createCategoryService(db: Db, caches: CategoryCaches) {
  return {
    /** The caches, for the other readers of category schemas (products, exports). */
    caches,
    list: (companyId: string, force: boolean) => getCategoryList(db, caches, companyId, force),
    search: (companyId: string, input: { q: string; withSchemaOnly: boolean; limit: number }) =>
      searchCategories(db, caches, input, companyId),
    /** A category's schema (the company's own first), or not_found. */
    async schema(companyId: string, code: number) {
      const stored = await getCategorySchema(db, caches, code, companyId);
      if (!stored) {
        throw notFound(
          { ko: `카테고리를 찾을 수 없습니다: ${code}`, en: `Category not found: ${code}` },
          'category_not_found',
        );
      }
      return stored;
    },
    saveMeta: (companyId: string, input: Parameters<typeof saveCompanyCategoryMeta>[3]) =>
      saveCompanyCategoryMeta(db, caches.tree(), companyId, input),
    companySchemas: (companyId: string) => listCompanyCategorySchemas(db, companyId),
    storeList: (companyId: string, category: CategoryNode[], source: 'shipped' | 'coupang') =>
      storeCategoryList(db, companyId, category, source),
    cachedPath: (companyId: string, code: number) => cachedCategoryPath(db, companyId, code),
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
