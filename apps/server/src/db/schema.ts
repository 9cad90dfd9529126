import type { ColumnType, Generated } from 'kysely';
import type { AccessTokenTables } from '../access-tokens/access-token-tables.ts';
import type { AiTables } from '../ai/ai-tables.ts';
import type { ExportTables } from '../exports/export-tables.ts';
import type { ImageTables } from '../images/image-tables.ts';
import type { ProductsDatabase } from '../products/product-tables.ts';
import type { SalesTables } from './sales-tables.ts';

/** Row types of every table. Each area adds its tables here beside its migration. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  supplier_code: string;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  name: string;
  phone: string | null;
  password_hash: string;
  grade: Generated<string>;
  expire_date: Date | null;
  pay_date: Date | null;
  next_payment: Date | null;
  add_account: Generated<boolean>;
  rocket_reg_slot: Generated<number>;
  auth: Json<Record<string, boolean>>;
  image: string | null;
  email_confirmed: Generated<boolean>;
  version: Generated<number>;
  created_at: Timestamp;
  /** false: deactivated by the company (issue 42): no sign-in, no session, no token. */
  active: Generated<boolean>;
  /** The notifications the user opted into (issue 42, migration 0071). */
  notify: ColumnType<Record<string, { mail?: boolean; app?: boolean }>, string | undefined, string>;
}

/** A registration slot held by a product created (or being created) on Coupang (issue 42, migration 0045). */
export interface RegistrationSlotUsesTable {
  company_id: string;
  product_id: string;
  held_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  company_id: string;
  created_at: Timestamp;
  expires_at: Date;
  locked: Generated<boolean>;
}

export interface AccessHistoryTable {
  id: Generated<number>;
  user_id: string | null;
  company_id: string | null;
  email: string;
  event: string;
  ip: string | null;
  user_agent: string | null;
  at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  company_id: string | null;
  to_email: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** An invitation to join a company (migration 0070). Only the SHA-256 of its link's token is kept. */
export interface UserInvitationsTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  name: string;
  auth: Json<Record<string, boolean>>;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

/** A keyword Coupang's search showed for a seed (issue 42, migration 0075). */
export interface CollectedKeywordsTable {
  id: Generated<string>;
  company_id: string;
  product_id: string | null;
  seed: string;
  keyword: string;
  source: 'related' | 'autocomplete';
  rank: number;
  /** bigint: pg answers it as text. */
  count: ColumnType<string | null, number | null, number | null>;
  collected_at: Timestamp;
}

/** A notification shown in the app (issue 42, migration 0071). */
export interface NotificationsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  kind: string;
  message_ko: string;
  message_en: string;
  link: string | null;
  created_at: Timestamp;
  read_at: Date | null;
}

export interface Database
  extends AiTables,
    ProductsDatabase,
    ImageTables,
    ExportTables,
    AccessTokenTables,
    SalesTables {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  access_history: AccessHistoryTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  user_invitations: UserInvitationsTable;
  notifications: NotificationsTable;
  collected_keywords: CollectedKeywordsTable;
  registration_slot_uses: RegistrationSlotUsesTable;
}
