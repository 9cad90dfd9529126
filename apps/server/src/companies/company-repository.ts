import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';

const COMPANY_NOT_FOUND = {
  ko: '회사 정보를 찾을 수 없습니다. 다시 로그인해주세요.',
  en: 'The company was not found. Please sign in again.',
};

/** The companies' SQL, built once by the container. */
export function createCompanyRepository(db: Db) {
  return {
    /**
     * The company's supplier code, the prefix of its registration ids and of the files it stores
     * (W §5 Images). The one lookup of it: a company that is gone (deleted meanwhile) is an AppError
     * `company_not_found`, never an empty prefix (docs/decisions.md).
     */
    async supplierCodeOf(companyId: string): Promise<string> {
      const row = await db
        .selectFrom('companies')
        .select('supplier_code')
        .where('id', '=', companyId)
        .executeTakeFirst();
      if (!row) throw notFound(COMPANY_NOT_FOUND, 'company_not_found');
      return row.supplier_code;
    },

    /** Whether the company was created less than `hours` ago; undefined when there is no such company. */
    async companyIsYoung(companyId: string, hours: number): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('companies')
        .select(sql<boolean>`created_at > now() - make_interval(hours => ${hours})`.as('young'))
        .where('id', '=', companyId)
        .executeTakeFirst();
      return row?.young;
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
