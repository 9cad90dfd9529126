import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { createProductRepository, queriesOf } from '../../src/products/product-data-repository.ts';

// One door for product writes (issue 40): the product service and the import get the repository
// without its writes. The writes are gone from the object itself, so no cast reaches them.

const WRITES = [
  'nextRegistrationId',
  'insertProductText',
  'replaceProductText',
  'findProductForUpdate',
  'updatePaths',
  'updatePathsWithRate',
  'updatePathsReturningDocuments',
  'writeCompleteness',
  'updatePathsAtVersion',
  'deleteProducts',
  'lockProductRow',
  'lockProductForReimport',
  'writeReimportedDoc',
  'transaction',
  'inOfferTransaction',
];

describe('queriesOf', () => {
  // Binding the queries runs none of them: a handle that is never asked anything will do.
  const handle = { isTransaction: false } as unknown as Db;
  const repo = createProductRepository(handle);

  it('keeps every read of the repository and drops every write, lock and transaction', () => {
    const queries = queriesOf(repo);
    const kept = Object.keys(queries).sort();
    const expected = Object.keys(repo)
      .filter((k) => !WRITES.includes(k))
      .sort();
    expect(kept).toEqual(expected);
    for (const write of WRITES) {
      expect(Object.keys(repo)).toContain(write);
      expect(write in queries).toBe(false);
    }
    expect(typeof queries.findProduct).toBe('function');
    expect(typeof queries.listProducts).toBe('function');
    expect(typeof queries.insertImportHistory).toBe('function');
  });

  it('answers a new object: the repository keeps its writes for the store', () => {
    const queries = queriesOf(repo);
    expect(queries).not.toBe(repo);
    expect(typeof repo.deleteProducts).toBe('function');
    expect(typeof repo.transaction).toBe('function');
  });
});
