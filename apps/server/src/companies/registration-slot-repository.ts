import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Whether a product may take a registration slot: yes, or no with the company's count and use. */
export type SlotReservation = { readonly ok: true } | { readonly ok: false; slots: number; used: number };

/**
 * The subscription's registration slots (the spec's `rocketRegSlot`, issue 42), built once by the
 * container. The company's count is the highest of its active users' (the owner's, in practice);
 * a slot is held per product, so sending the same product again never takes a second one.
 */
export function createRegistrationSlotRepository(db: Db) {
  return {
    /**
     * Holds a slot for the product if it has none and one is free. One company's reservations take
     * turns (a transaction-scoped advisory lock), so two parallel sends cannot both take the last slot.
     */
    async reserve(companyId: string, productId: string): Promise<SlotReservation> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`registration_slots:${companyId}`}))`.execute(trx);
        const held = await trx
          .selectFrom('registration_slot_uses')
          .select('product_id')
          .where('company_id', '=', companyId)
          .where('product_id', '=', productId)
          .executeTakeFirst();
        if (held) return { ok: true };
        const count = await trx
          .selectFrom('users')
          .select(sql<number>`coalesce(max(rocket_reg_slot), 0)::int`.as('slots'))
          .where('company_id', '=', companyId)
          .where('active', '=', true)
          .executeTakeFirstOrThrow();
        const use = await trx
          .selectFrom('registration_slot_uses')
          .select(sql<number>`count(*)::int`.as('used'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        if (use.used >= count.slots) return { ok: false, slots: count.slots, used: use.used };
        await trx
          .insertInto('registration_slot_uses')
          .values({ company_id: companyId, product_id: productId })
          .execute();
        return { ok: true };
      });
    },

    /** Gives the product's slot back (Coupang refused its create: nothing was registered). */
    async release(companyId: string, productId: string): Promise<void> {
      await db
        .deleteFrom('registration_slot_uses')
        .where('company_id', '=', companyId)
        .where('product_id', '=', productId)
        .execute();
    },

    /** The company's count and the slots in use (the account screen). */
    async usage(companyId: string): Promise<{ slots: number; used: number }> {
      const count = await db
        .selectFrom('users')
        .select(sql<number>`coalesce(max(rocket_reg_slot), 0)::int`.as('slots'))
        .where('company_id', '=', companyId)
        .where('active', '=', true)
        .executeTakeFirstOrThrow();
      const use = await db
        .selectFrom('registration_slot_uses')
        .select(sql<number>`count(*)::int`.as('used'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return { slots: count.slots, used: use.used };
    },
  };
}

export type RegistrationSlotRepository = ReturnType<typeof createRegistrationSlotRepository>;
