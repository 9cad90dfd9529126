import type { CategoryLeaf, CategoryNode } from '@rr/contracts';
import { notFound } from '../errors/app-error.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { CategorySchemas } from './category-schemas.ts';
import { searchLeaves } from './category-tree.ts';
import { listCompanyCategorySchemas, saveCompanyCategoryMeta } from './company-category-schemas.ts';

// POST /api/category/getcategorylist (W §7): `{ date, category }`, cached per company unless forced.
// There is no network path to Coupang here: the list is built from the tree we ship.

export type CategoryServiceDeps = {
  /** The category tables (container: `createCategoryRepository(db)`). */
  repository: CategoryRepository;
  /** The schema readers over the same repository and the container's category caches. */
  schemas: CategorySchemas;
};

export const CATEGORY_MESSAGES = {
  notFound: (code: number) => ({
    ko: `카테고리를 찾을 수 없습니다: ${code}`,
    en: `Category not found: ${code}`,
  }),
} as const;

/** The path (names joined by '>') of a code in a category list. */
function pathIn(nodes: CategoryNode[], code: number, trail: string[] = []): string | undefined {
  for (const n of nodes) {
    const here = [...trail, n.name];
    if (n.displayItemCategoryCode === code) return here.join('>');
    const below = pathIn(n.child ?? [], code, here);
    if (below) return below;
  }
  return undefined;
}

/** The category calls over the container's category repository and schemas (built once per container). */
export function createCategoryService({ repository, schemas }: CategoryServiceDeps) {
  return {
    /** The schema readers, for the other readers of category schemas (products, exports, documents). */
    schemas,
    /** getcategorylist: the company's cached list, or (none yet, or forced) the shipped tree stored as it. */
    async list(companyId: string, force: boolean): Promise<{ date: string; category: CategoryNode[] }> {
      if (!force) {
        const cached = await repository.findList(companyId);
        if (cached) return { date: cached.built_at.toISOString(), category: cached.category };
      }
      const category = schemas.tree().roots;
      const builtAt = await repository.upsertList(companyId, category);
      return { date: builtAt.toISOString(), category };
    },
    /** Leaves matching `q`; those with a schema first (or only, with `withSchemaOnly`). */
    async search(
      companyId: string,
      input: { q: string; withSchemaOnly: boolean; limit: number },
    ): Promise<CategoryLeaf[]> {
      const withSchema = await schemas.codesWithSchema(companyId);
      const tree = schemas.tree();
      if (input.withSchemaOnly) {
        return [...withSchema]
          .map((code) => tree.leaves.get(code))
          .filter((l): l is NonNullable<typeof l> => !!l)
          .filter((l) =>
            `${l.displayCategoryCode} ${l.path}`.toLowerCase().includes(input.q.trim().toLowerCase()),
          )
          .slice(0, input.limit)
          .map((l) => ({ ...l, hasSchema: true }));
      }
      const leaves = searchLeaves(tree, input.q, input.limit * 4);
      // Categories with a schema first, then the tree's order.
      return leaves
        .map((l) => ({ ...l, hasSchema: withSchema.has(l.displayCategoryCode) }))
        .sort((a, b) => Number(b.hasSchema) - Number(a.hasSchema))
        .slice(0, input.limit);
    },
    /** A category's schema (the company's own first), or not_found. */
    async schema(companyId: string, code: number) {
      const stored = await schemas.find(code, companyId);
      if (!stored) throw notFound(CATEGORY_MESSAGES.notFound(code), 'category_not_found');
      return stored;
    },
    saveMeta: (companyId: string, input: Parameters<typeof saveCompanyCategoryMeta>[3]) =>
      saveCompanyCategoryMeta(repository, schemas.tree(), companyId, input),
    companySchemas: (companyId: string) => listCompanyCategorySchemas(repository, companyId),
    /**
     * Issue 23: the display-category tree fetched from Coupang with the company's keys becomes its
     * cached list (source 'coupang'), answered by getcategorylist until refreshed or rebuilt from the
     * shipped tree.
     */
    async storeList(
      companyId: string,
      category: CategoryNode[],
      source: 'shipped' | 'coupang',
    ): Promise<{ date: string; category: CategoryNode[]; source: string }> {
      const builtAt = await repository.upsertList(companyId, category, source);
      return { date: builtAt.toISOString(), category, source };
    },
    /** The path (names joined by '>') of a code in the company's cached list, when it has one. */
    async cachedPath(companyId: string, code: number): Promise<string | undefined> {
      const row = await repository.findList(companyId);
      return row ? pathIn(row.category, code) : undefined;
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
