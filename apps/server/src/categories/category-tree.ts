import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryLeaf, CategoryNode } from '@rr/contracts';

// The Coupang display category tree we ship (a pruned copy of Coupang's answer, in its own shape).

const here = path.dirname(fileURLToPath(import.meta.url));
const TREE_FILE = path.join(here, '../demo/fixtures/coupang-display-categories.json');
/** Coupang's leaf list (code, depth, name, path): leaves of branches the pruned tree leaves out. */
const LEAVES_FILE = path.join(here, '../demo/fixtures/coupang-display-category-leaves.csv');

export type CategoryTree = {
  roots: CategoryNode[];
  leaves: Map<number, Omit<CategoryLeaf, 'hasSchema'>>;
  paths: Map<number, string>;
};

/**
 * Reads the shipped tree: `{ code, message, data: ROOT }` → the ROOT's children. Not memoised here:
 * the container's category caches (`category-caches.ts`) read it once.
 */
export function readCategoryTree(): CategoryTree {
  const raw = JSON.parse(readFileSync(TREE_FILE, 'utf8')) as { data: CategoryNode };
  const roots = raw.data.child;
  graftLeaves(roots, readLeafRows());
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
  return { roots, leaves, paths };
}

export function categoryPathOf(tree: CategoryTree, code: number): string | undefined {
  return tree.paths.get(code);
}

export function isLeafCategory(tree: CategoryTree, code: number): boolean {
  return tree.leaves.has(code);
}

/** Leaves whose name or path holds every word of the query; exact code matches first. */
export function searchLeaves(
  tree: CategoryTree,
  query: string,
  limit: number,
): Omit<CategoryLeaf, 'hasSchema'>[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out: Omit<CategoryLeaf, 'hasSchema'>[] = [];
  for (const leaf of tree.leaves.values()) {
    const hay = `${leaf.displayCategoryCode} ${leaf.path}`.toLowerCase();
    if (words.every((w) => hay.includes(w))) out.push(leaf);
    if (out.length >= limit) break;
  }
  return out;
}

type LeafRow = { code: number; path: string[] };

function readLeafRows(): LeafRow[] {
  const lines = readFileSync(LEAVES_FILE, 'utf8').split(/\r?\n/).slice(1);
  const rows: LeafRow[] = [];
  for (const line of lines) {
    // displayCategoryCode,depth,name,path,rootName — names hold no commas in this file except quoted ones
    const m = /^(\d+),\d+,(?:"[^"]*"|[^,]*),("[^"]*"|[^,]*),/.exec(line);
    if (!m) continue;
    rows.push({ code: Number(m[1]), path: m[2]!.replace(/^"|"$/g, '').split('>') });
  }
  return rows;
}

/**
 * Adds the list's leaves that the pruned tree lacks, under their named ancestors. An ancestor the tree
 * lacks is created with a negative code (Coupang's code for it is not in our sample; it is never a leaf).
 */
function graftLeaves(roots: CategoryNode[], rows: LeafRow[]): void {
  const known = new Set<number>();
  const walk = (n: CategoryNode) => {
    known.add(n.displayItemCategoryCode);
    n.child.forEach(walk);
  };
  roots.forEach(walk);
  let synthetic = 0;
  for (const row of rows) {
    if (known.has(row.code)) continue;
    let level = roots;
    for (const [i, name] of row.path.entries()) {
      const isLeaf = i === row.path.length - 1;
      let node = level.find(
        (n) => n.name === name && (isLeaf ? false : n.child.length > 0 || n.displayItemCategoryCode < 0),
      );
      if (!node) {
        node = {
          displayItemCategoryCode: isLeaf ? row.code : --synthetic,
          name,
          status: 'ACTIVE',
          child: [],
        };
        level.push(node);
      }
      level = node.child;
    }
    known.add(row.code);
  }
}
