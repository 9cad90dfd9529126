import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import { ALL_ROUTE_FLAGS } from '../auth/route-flags.ts';
import type { Db } from './database.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_SUPPLIER_CODE = 'DEMO01';

/** Creates the demo company and its user (every route flag of §6) once; later starts keep them. */
export async function seedDemoAccount(db: Db): Promise<{ companyId: string; userId: string }> {
  const existing = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where(sql`lower(email)`, '=', DEMO_EMAIL)
    .executeTakeFirst();
  if (existing) return { companyId: existing.company_id, userId: existing.id };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({ name: '데모 상점', supplier_code: DEMO_SUPPLIER_CODE })
      .returning('id')
      .executeTakeFirstOrThrow();
    const auth = Object.fromEntries(ALL_ROUTE_FLAGS.map((f) => [f, true]));
    const user = await trx
      .insertInto('users')
      .values({
        company_id: company.id,
        email: DEMO_EMAIL,
        name: '데모 셀러',
        password_hash: passwordHash,
        grade: 'premium',
        rocket_reg_slot: 100,
        email_confirmed: true,
        auth: JSON.stringify(auth),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { companyId: company.id, userId: user.id };
  });
}
