import { describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/companies/company-repository.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { createTestDb } from '../support/test-db.ts';

describe('the supplier code lookup (real PostgreSQL)', async () => {
  const { db } = await createTestDb();
  const { supplierCodeOf } = createCompanyRepository(db);

  it("answers the company's own code", async () => {
    const { id } = await db
      .insertInto('companies')
      .values({ name: '코드 상점', supplier_code: 'CAB12CD34' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await supplierCodeOf(id)).toBe('CAB12CD34');
  });

  it('refuses a company that is gone with company_not_found in Korean, never an empty prefix', async () => {
    const { id } = await db
      .insertInto('companies')
      .values({ name: '사라진 상점', supplier_code: 'CGONE0001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('companies').where('id', '=', id).execute();
    const failure = await supplierCodeOf(id).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'company_not_found', kind: 'not_found' });
    expect((failure as AppError).userMessage.ko).toBe('회사 정보를 찾을 수 없습니다. 다시 로그인해주세요.');
  });
});
