import type { CategoryRepository } from './category-repository.ts';
import { type CategoryTree, readCategoryTree } from './category-tree.ts';

/**
 * What the category code of one process remembers between calls, owned by the container (built
 * once per container and handed to the category schemas, `createCategorySchemas`), never module state.
 */
export type CategoryCaches = {
  /** The shipped display category tree, read from its files on first use. */
  tree(): CategoryTree;
  /**
   * Repositories (one per database) known to hold every shipped category schema (checked, and
   * seeded if short, once).
   */
  readonly seeded: WeakSet<CategoryRepository>;
};

export function createCategoryCaches(): CategoryCaches {
  let tree: CategoryTree | undefined;
  return {
    tree() {
      tree ??= readCategoryTree();
      return tree;
    },
    seeded: new WeakSet<CategoryRepository>(),
  };
}
