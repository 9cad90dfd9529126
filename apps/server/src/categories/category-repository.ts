import type { CategoryNode } from '@rr/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// SQL of categories/: the shipped schemas (`category_schemas`, shared by every company), each
// company's own schemas (`company_category_schemas`) and its cached category list (`category_lists`).

export type CategorySchemaRow = {
  display_category_code: number;
  category_path: string;
  schema: unknown;
  json_schema: Record<string, unknown>;
};

/** A schema as the repository takes it (shipped: without meta; a company's: with the answer it came from). */
export type CategorySchemaWrite = {
  code: number;
  categoryPath: string;
  schema: unknown;
  jsonSchema: unknown;
};

/** The category tables, built once by the container and handed to the category service and schemas. */
export type CategoryRepository = {
  /** The company's cached category list, when it has one. */
  findList(companyId: string): Promise<{ built_at: Date; category: CategoryNode[] } | undefined>;
  /**
   * Stores the company's category list (built now) and answers when it was built. Without `source`,
   * a stored list keeps the source it had (a new one is 'shipped', the column's default).
   */
  upsertList(companyId: string, category: CategoryNode[], source?: 'shipped' | 'coupang'): Promise<Date>;
  /** How many shipped schemas are stored. */
  countShipped(): Promise<number>;
  /** Inserts or refreshes a shipped schema. */
  upsertShipped(s: CategorySchemaWrite): Promise<void>;
  findShipped(code: number): Promise<CategorySchemaRow | undefined>;
  /** Codes with a stored schema: the shipped ones, and the company's own when a company is given. */
  schemaCodes(companyId?: string): Promise<number[]>;
  /** Stores the company's own schema of a category (insert or replace); answers when. */
  upsertCompanySchema(companyId: string, s: CategorySchemaWrite & { meta: unknown }): Promise<Date>;
  findCompanySchema(
    companyId: string,
    code: number,
  ): Promise<(CategorySchemaRow & { updated_at: Date }) | undefined>;
  /** Codes and paths of the company's own schemas, newest first. */
  listCompanySchemas(
    companyId: string,
  ): Promise<{ display_category_code: number; category_path: string; updated_at: Date }[]>;
};

export function createCategoryRepository(db: Db): CategoryRepository {
  return {
    async findList(companyId) {
      const row = await db
        .selectFrom('category_lists')
        .select(['built_at', 'category'])
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row ? { built_at: row.built_at, category: row.category as CategoryNode[] } : undefined;
    },

    async upsertList(companyId, category, source) {
      const set = { category: JSON.stringify(category), ...(source ? { source } : {}) };
      const row = await db
        .insertInto('category_lists')
        .values({ company_id: companyId, ...set })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...set, built_at: sql`now()` }))
        .returning('built_at')
        .executeTakeFirstOrThrow();
      return row.built_at;
    },

    async countShipped() {
      const row = await db
        .selectFrom('category_schemas')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async upsertShipped(s) {
      const set = {
        category_path: s.categoryPath,
        schema: JSON.stringify(s.schema),
        json_schema: JSON.stringify(s.jsonSchema),
      };
      await db
        .insertInto('category_schemas')
        .values({ display_category_code: s.code, ...set, source: 'coupang-meta' })
        .onConflict((oc) =>
          oc.column('display_category_code').doUpdateSet({ ...set, updated_at: sql`now()` }),
        )
        .execute();
    },

    findShipped(code) {
      return db
        .selectFrom('category_schemas')
        .select(['display_category_code', 'category_path', 'schema', 'json_schema'])
        .where('display_category_code', '=', code)
        .executeTakeFirst() as Promise<CategorySchemaRow | undefined>;
    },

    async schemaCodes(companyId) {
      const rows = await db.selectFrom('category_schemas').select('display_category_code').execute();
      const own = companyId
        ? await db
            .selectFrom('company_category_schemas')
            .select('display_category_code')
            .where('company_id', '=', companyId)
            .execute()
        : [];
      return [...rows, ...own].map((r) => r.display_category_code);
    },

    async upsertCompanySchema(companyId, s) {
      const set = {
        category_path: s.categoryPath,
        schema: JSON.stringify(s.schema),
        json_schema: JSON.stringify(s.jsonSchema),
        meta: JSON.stringify(s.meta),
      };
      const row = await db
        .insertInto('company_category_schemas')
        .values({ company_id: companyId, display_category_code: s.code, ...set })
        .onConflict((oc) =>
          oc.columns(['company_id', 'display_category_code']).doUpdateSet({ ...set, updated_at: sql`now()` }),
        )
        .returning('updated_at')
        .executeTakeFirstOrThrow();
      return row.updated_at;
    },

    findCompanySchema(companyId, code) {
      return db
        .selectFrom('company_category_schemas')
        .select(['display_category_code', 'category_path', 'schema', 'json_schema', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('display_category_code', '=', code)
        .executeTakeFirst() as Promise<(CategorySchemaRow & { updated_at: Date }) | undefined>;
    },

    listCompanySchemas(companyId) {
      return db
        .selectFrom('company_category_schemas')
        .select(['display_category_code', 'category_path', 'updated_at'])
        .where('company_id', '=', companyId)
        .orderBy('updated_at', 'desc')
        .execute();
    },
  };
}
