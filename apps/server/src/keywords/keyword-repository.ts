import type { KeywordSource } from '@rr/contracts';
import type { Db } from '../db/database.ts';

/** A collected keyword as the service sees it. */
export type KeywordRow = {
  id: string;
  productId: string | null;
  seed: string;
  keyword: string;
  source: KeywordSource;
  rank: number;
  count: number | null;
  collectedAt: Date;
};

export type NewKeyword = { keyword: string; source: KeywordSource; rank: number; count: number | null };

const COLUMNS = ['id', 'product_id', 'seed', 'keyword', 'source', 'rank', 'count', 'collected_at'] as const;

function toRow(r: {
  id: string;
  product_id: string | null;
  seed: string;
  keyword: string;
  source: KeywordSource;
  rank: number;
  count: string | null;
  collected_at: Date;
}): KeywordRow {
  return {
    id: r.id,
    productId: r.product_id,
    seed: r.seed,
    keyword: r.keyword,
    source: r.source,
    rank: r.rank,
    count: r.count === null ? null : Number(r.count),
    collectedAt: r.collected_at,
  };
}

/**
 * SQL of the collected keywords (issue 42). Every statement is scoped by the company; a product's
 * keywords are also scoped by the product (null: a collection that named none).
 */
export function createKeywordRepository(db: Db) {
  return {
    /**
     * Replaces the keywords of (company, product, seed) with `keywords`, in one transaction: a new
     * collection of a seed is what the page shows now.
     */
    async replaceCollection(
      companyId: string,
      productId: string | null,
      seed: string,
      keywords: readonly NewKeyword[],
    ): Promise<KeywordRow[]> {
      return db.transaction().execute(async (trx) => {
        let del = trx
          .deleteFrom('collected_keywords')
          .where('company_id', '=', companyId)
          .where('seed', '=', seed);
        del =
          productId === null ? del.where('product_id', 'is', null) : del.where('product_id', '=', productId);
        await del.execute();
        if (keywords.length === 0) return [];
        const rows = await trx
          .insertInto('collected_keywords')
          .values(
            keywords.map((k) => ({
              company_id: companyId,
              product_id: productId,
              seed,
              keyword: k.keyword,
              source: k.source,
              rank: k.rank,
              count: k.count,
            })),
          )
          .returning(COLUMNS)
          .execute();
        return rows.map(toRow);
      });
    },

    /** A product's keywords (a seed's only, with `seed`), by source and rank. */
    async listOfProduct(companyId: string, productId: string, seed?: string): Promise<KeywordRow[]> {
      let q = db
        .selectFrom('collected_keywords')
        .select(COLUMNS)
        .where('company_id', '=', companyId)
        .where('product_id', '=', productId);
      if (seed !== undefined) q = q.where('seed', '=', seed);
      const rows = await q
        .orderBy('seed')
        .orderBy('source')
        .orderBy('rank')
        .orderBy('id')
        .limit(1000)
        .execute();
      return rows.map(toRow);
    },

    /** Deletes one keyword of the company; false when there is none with that id. */
    async delete(companyId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('collected_keywords')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type KeywordRepository = ReturnType<typeof createKeywordRepository>;
