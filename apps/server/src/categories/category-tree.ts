import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryLeaf, CategoryNode } from '@rr/contracts';

// The Coupang display category tree we ship (a pruned copy of Coupang's answer, in its own shape).

const here = path.dirname(fileURLToPath(import.meta.url));
const TREE_FILE = path.join(here, '../demo/fixtures/coupang-display-categories.json');

type Tree = {
  roots: CategoryNode[];
  leaves: Map<number, Omit<CategoryLeaf, 'hasSchema'>>;
  paths: Map<number, string>;
};
let cached: Tree | undefined;

/** Reads the tree once per process: `{ code, message, data: ROOT }` → the ROOT's children. */
export function loadCategoryTree(): Tree {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(TREE_FILE, 'utf8')) as { data: CategoryNode };
  const roots = raw.data.child;
  const leaves = new Map<number, Omit<CategoryLeaf, 'hasSchema'>>();
  const paths = new Map<number, string>();
  const walk = (node: CategoryNode, trail: string[]) => {
    const here = [...trail, node.name];
    paths.set(node.displayItemCategoryCode, here.join('>'));
    if (node.child.length === 0) {
      leaves.set(node.displayItemCategoryCode, {
        displayCategoryCode: node.displayItemCategoryCode,
        name: node.name,
        path: here.join('>'),
      });
    }
    for (const c of node.child) walk(c, here);
  };
  for (const r of roots) walk(r, []);
  cached = { roots, leaves, paths };
  return cached;
}

export function categoryPathOf(code: number): string | undefined {
  return loadCategoryTree().paths.get(code);
}

export function isLeafCategory(code: number): boolean {
  return loadCategoryTree().leaves.has(code);
}

/** Leaves whose name or path holds every word of the query; exact code matches first. */
export function searchLeaves(query: string, limit: number): Omit<CategoryLeaf, 'hasSchema'>[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out: Omit<CategoryLeaf, 'hasSchema'>[] = [];
  for (const leaf of loadCategoryTree().leaves.values()) {
    const hay = `${leaf.displayCategoryCode} ${leaf.path}`.toLowerCase();
    if (words.every((w) => hay.includes(w))) out.push(leaf);
    if (out.length >= limit) break;
  }
  return out;
}
