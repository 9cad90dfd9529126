import type { Db } from '../db/database.ts';
import { type CategoryTree, readCategoryTree } from './category-tree.ts';

/**
 * What the category code of one process remembers between calls, owned by the container (built
 * once per container and passed to the category, product and export services), never module state.
 */
export type CategoryCaches = {
  /** The shipped display category tree, read from its files on first use. */
  tree(): CategoryTree;
  /** Databases known to hold every shipped category schema (checked, and seeded if short, once). */
  readonly seeded: WeakSet<Db>;
};

export function createCategoryCaches(): CategoryCaches {
  let tree: CategoryTree | undefined;
  return {
    tree() {
      tree ??= readCategoryTree();
      return tree;
    },
    seeded: new WeakSet<Db>(),
  };
}
