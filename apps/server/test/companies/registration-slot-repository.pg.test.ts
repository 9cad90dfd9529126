import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRegistrationSlotRepository } from '../../src/companies/registration-slot-repository.ts';
import { createTestDb } from '../support/test-db.ts';

describe('registration slots (issue 42, real PostgreSQL)', async () => {
  const { db } = await createTestDb();
  const slots = createRegistrationSlotRepository(db);

  async function company(slotCount: number | undefined) {
    const { id } = await db
      .insertInto('companies')
      .values({ name: '슬롯 상점', supplier_code: `C${randomUUID().slice(0, 8)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        company_id: id,
        email: `${randomUUID()}@example.com`,
        name: '대표',
        password_hash: 'x',
        auth: JSON.stringify({}),
        ...(slotCount === undefined ? {} : { rocket_reg_slot: slotCount }),
      })
      .execute();
    return id;
  }

  it('a new account gets the plan default of 100 slots', async () => {
    expect(await slots.usage(await company(undefined))).toEqual({ slots: 100, used: 0 });
  });

  it('holds one slot per product, refuses past the count with it, and a refusal gives one back', async () => {
    const id = await company(2);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await slots.reserve(id, a)).toEqual({ ok: true });
    expect(await slots.reserve(id, a)).toEqual({ ok: true });
    expect(await slots.reserve(id, b)).toEqual({ ok: true });
    expect(await slots.reserve(id, c)).toEqual({ ok: false, slots: 2, used: 2 });
    await slots.release(id, b);
    expect(await slots.reserve(id, c)).toEqual({ ok: true });
    expect(await slots.usage(id)).toEqual({ slots: 2, used: 2 });
  });

  it('twenty parallel sends for the last three slots take exactly three', async () => {
    const id = await company(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => slots.reserve(id, randomUUID())));
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    expect(await slots.usage(id)).toEqual({ slots: 3, used: 3 });
  });

  it("another company's slots are its own", async () => {
    const full = await company(1);
    const other = await company(1);
    expect((await slots.reserve(full, randomUUID())).ok).toBe(true);
    expect((await slots.reserve(full, randomUUID())).ok).toBe(false);
    expect((await slots.reserve(other, randomUUID())).ok).toBe(true);
  });
});
