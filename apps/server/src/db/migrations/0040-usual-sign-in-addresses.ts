import { type Kysely, sql } from 'kysely';

// Issue 39: the sign-in limit is counted per account and address together; when an account's
// failures from other addresses fill its overall limit, an address it signed in from before (its
// owner's usual address) still signs in. That question is asked of the access history by e-mail
// and address, on this index of its successful sign-ins and sign-ups only.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index access_history_usual_address_idx on access_history (email, ip)
    where event in ('login', 'signup')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index access_history_usual_address_idx`.execute(db);
}
